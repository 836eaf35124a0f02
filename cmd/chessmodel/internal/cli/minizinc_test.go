package cli

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMiniZincBackendCLI: --backend minizinc solves and counts, refuses
// what it does not formulate with exit 4, stops at --timeout with exit 3;
// export --format mzn writes a file minizinc solves on its own; compare
// --solvers has a minizinc column that agrees.
func TestMiniZincBackendCLI(t *testing.T) {
	if _, err := exec.LookPath("minizinc"); err != nil {
		t.Skip("minizinc not installed")
	}
	file := filepath.Join(t.TempDir(), "blocked.mzn")
	for _, tc := range []struct {
		args         []string
		code         int
		stdout, errs string
	}{
		{[]string{"solve", "--backend", "minizinc", models + "blocked-3w-value11.yaml"}, 0, "optimal, pieces 11", ""},
		{[]string{"count", "--symmetry", "--backend", "minizinc", models + "eight-queens.yaml"}, 0, "92 solutions, 12 classes", ""},
		{[]string{"count", "--backend", "minizinc", "--set", "board=5", "--set", "tour.start=a1", models + "knights-tour.yaml"}, 0, "304 solutions", ""},
		{[]string{"solve", "--backend", "minizinc", models + "sliding-rooks.yaml"}, ExitUnsupported, "", "minizinc: slide models are not formulated"},
		{[]string{"solve", "--backend", "minizinc", models + "cover-5x5-stack.yaml"}, ExitUnsupported, "", "stack"},
		{[]string{"solve", "--backend", "minizinc", "--timeout", "2s", "--set", "board=11", models + "queens-domination.yaml"}, ExitTimeout, "", "stopped by --timeout 2s"},
		{[]string{"export", "--format", "mzn", "-o", file, models + "blocked-3w-value11.yaml"}, 0, "", ""},
		{[]string{"export", "--format", "mzn", models + "sliding-rooks.yaml"}, ExitUnsupported, "", "slide models"},
		{[]string{"compare", "--solvers", "--task", "solve", models + "kings-shaped.yaml"}, 0, "minizinc", ""},
		{[]string{"solvers"}, 0, "minizinc", ""},
	} {
		code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
		if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.errs) {
			t.Errorf("%v: exit %d, %q, %q; want %d, %q, %q", tc.args, code, stdout, stderr, tc.code, tc.stdout, tc.errs)
		}
		if tc.args[0] == "compare" && !strings.Contains(stdout, "6 of 6   agree") {
			t.Errorf("compare --solvers: %s", stdout)
		}
	}
	out, err := exec.Command("minizinc", "--solver", "gecode", file).Output()
	if err != nil || strings.Count(strings.SplitN(string(out), "\n", 2)[0], "queen@") != 11 || !strings.Contains(string(out), "==========") {
		t.Errorf("minizinc on the exported file: %v, %q; want 11 queens, optimal", err, out)
	}
}
