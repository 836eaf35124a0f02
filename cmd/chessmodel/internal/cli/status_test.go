package cli

import (
	"strings"
	"testing"
)

// TestSatisfiedStatus: on a model without an objective every backend says
// satisfied, for solve and count alike, and compare finds them agreeing;
// a model with an objective is optimal.
func TestSatisfiedStatus(t *testing.T) {
	for _, tc := range []struct{ model, task, want string }{
		{"eight-queens.yaml", "solve", `"status":"satisfied"`},
		{"eight-queens.yaml", "count", `"status":"satisfied"`},
		{"knights-tour.yaml", "solve", `"status":"satisfied"`},
		{"blocked-3w-value11.yaml", "solve", `"status":"optimal"`},
		{"sliding-rook-3x3.yaml", "solve", `"status":"optimal"`},
	} {
		for _, backend := range []string{"exact", "ilp"} {
			code, stdout, stderr := run(t, DefaultBackends(), tc.task, "--json", "--backend", backend, models+tc.model)
			if code != 0 || !strings.Contains(stdout, tc.want) {
				t.Errorf("%s %s on %s: exit %d, want %s\nstdout: %s\nstderr: %s", tc.task, tc.model, backend, code, tc.want, stdout, stderr)
			}
		}
	}
	code, stdout, _ := run(t, DefaultBackends(), "compare", "--task", "solve", models+"eight-queens.yaml", models+"knights-tour.yaml")
	if code != 0 || strings.Count(stdout, "satisfied") != 4 || !strings.Contains(stdout, "2 agree") {
		t.Errorf("compare: exit %d\n%s", code, stdout)
	}
}
