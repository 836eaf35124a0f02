package cli

import (
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
	if code != ExitBadInput || !strings.Contains(stderr, `--draw "armies": expected place, tour or slide`) {
		t.Errorf("--draw armies: exit %d %s", code, stderr)
	}
}
