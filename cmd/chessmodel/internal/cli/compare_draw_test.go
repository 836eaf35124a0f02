package cli

import (
	"strconv"
	"strings"
	"testing"
)

// TestCompareDraw: --draw tour and --draw slide compare random models of
// the constructs of issue 29 (tours, undirected among them; slides with
// different pieces, with the brute referee); a bad value is bad input.
func TestCompareDraw(t *testing.T) {
	for _, c := range []struct {
		args []string
		rows string
	}{
		{[]string{"--draw", "tour", "--task", "solve,count", "--symmetry"}, "20 rows"},
		{[]string{"--draw", "slide", "--backends", "exact,ilp,brute"}, "10 rows"},
	} {
		args := append([]string{"compare", "--random", "10", "--seed", "29", "-o", t.TempDir()}, c.args...)
		code, stdout, stderr := run(t, DefaultBackends(), args...)
		if code != 0 || !strings.Contains(stdout, c.rows) || !strings.Contains(stdout, "0 disagree, 0 failed") {
			t.Errorf("%v: exit %d\n%s%s", c.args, code, stdout, stderr)
		}
	}
	code, _, stderr := run(t, DefaultBackends(), "compare", "--random", "1", "--draw", "armies")
	if code != ExitBadInput || !strings.Contains(stderr, `--draw "armies": expected place, tour, slide or game`) {
		t.Errorf("--draw armies: exit %d %s", code, stderr)
	}
}

// TestCompareRandomGame: compare --random --draw game runs the exact
// backend's retrograde analysis and brute's minimax on random games and
// they agree, on a few seeds; some of the games are draws and some are
// won or lost in several plies, so the agreement is not all on games over
// at the first move.
func TestCompareRandomGame(t *testing.T) {
	for _, seed := range []string{"1", "2", "29"} {
		code, stdout, stderr := run(t, DefaultBackends(), "compare", "--random", "40", "--seed", seed, "--draw", "game", "-o", t.TempDir())
		if code != 0 || !strings.Contains(stdout, "40 rows: 40 agree, 0 incomplete, 0 disagree, 0 failed") {
			t.Errorf("seed %s: exit %d\n%s%s", seed, code, stdout, stderr)
			continue
		}
		if !strings.Contains(stdout, "exact") || !strings.Contains(stdout, "brute") {
			t.Errorf("seed %s: exact and brute are not both in the table:\n%s", seed, stdout)
		}
		long := 0
		draws := 0
		for _, line := range strings.Split(stdout, "\n") {
			f := strings.Fields(line)
			if len(f) < 4 || !strings.HasPrefix(f[0], "random-") {
				continue
			}
			if strings.HasPrefix(f[3], "(") {
				draws++ // "optimal (0.00s)": no plies, a draw
			} else if n, err := strconv.Atoi(f[3]); err == nil && n >= 3 {
				long++
			}
		}
		if long == 0 || draws == 0 {
			t.Errorf("seed %s: %d draws and %d games of 3 plies or more in 40:\n%s", seed, draws, long, stdout)
		}
	}
}
