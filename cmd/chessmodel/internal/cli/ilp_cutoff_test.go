//go:build cgo

package cli

import (
	"regexp"
	"strconv"
	"testing"
)

// TestILPFeasibleWhenCutOff: the ilp backend, stopped by --timeout with a
// solution in hand, is reported like the exact backend: feasible, with the
// bound lp_solve proved and the gap. 12x12 queens domination needs 6 queens
// (OEIS A075458); lp_solve finds solutions at once and proves nothing soon.
func TestILPFeasibleWhenCutOff(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of two seconds")
	}
	code, stdout, stderr := run(t, DefaultBackends(), "solve", "--backend", "ilp", "--timeout", "2s", models+"queens-domination.yaml", "--set", "board=12")
	line := regexp.MustCompile(`queens domination \(board=12\): feasible, pieces (\d+), proven bound (\d+), gap \d+\.\d%`).FindStringSubmatch(stdout)
	if code != ExitTimeout || line == nil {
		t.Fatalf("exit %d, want %d and a feasible line with bound and gap\nstdout: %s\nstderr: %s", code, ExitTimeout, stdout, stderr)
	}
	value, _ := strconv.Atoi(line[1])
	bound, _ := strconv.Atoi(line[2])
	if value < 6 || bound > 6 || bound < 1 {
		t.Errorf("%d pieces, bound %d: the least is 6", value, bound)
	}
}
