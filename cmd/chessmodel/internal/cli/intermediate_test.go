package cli

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestIntermediateJSON: solve --intermediate --json on models whose first
// solution is not optimal prints at least two improving lines, each better
// than the last, each solution accepted by the checker, never beyond a
// bound it gives, then the final result with the last line's value.
func TestIntermediateJSON(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		ilpOnly bool
	}{
		// exact: fewest attacked by branch and bound (fold)
		{"exact fewest attacked", []string{"--backend", "exact", "--workers", "1", models + "cover-5x5-fewest.yaml"}, false},
		{"exact fewest attacked, 2 workers", []string{"--backend", "exact", "--workers", "2", models + "cover-5x5-fewest.yaml"}, false},
		// exact: most pieces by clique branch and bound
		{"exact clique", []string{"--backend", "exact", "--workers", "1", models + "nightriders.yaml"}, false},
		// ilp: lp_solve's improved solutions, with the root relaxation's bound
		{"ilp fewest attacked", []string{"--backend", "ilp", models + "cover-5x5-fewest.yaml"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.ilpOnly && !ilp.Available {
				t.Skip("built without cgo: no lp_solve")
			}
			args := append([]string{"solve", "--intermediate", "--json"}, tc.args...)
			code, stdout, stderr := run(t, DefaultBackends(), args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			checkIntermediate(t, tc.args[len(tc.args)-1], stdout)
		})
	}
}

// checkIntermediate reads the lines of solve -i --json and checks them.
func checkIntermediate(t *testing.T, path, stdout string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) < 3 {
		t.Fatalf("%d lines, want at least two improving ones and the final one:\n%s", len(lines), stdout)
	}
	m, err := model.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	minimize := m.Objective.Sense == model.Minimize
	var last *int64
	for i, text := range lines[:len(lines)-1] {
		var line improvedLine
		if err := json.Unmarshal([]byte(text), &line); err != nil || line.Event != "improved" || line.Solution == nil {
			t.Fatalf("line %d: %v: %s", i+1, err, text)
		}
		if report := model.Check(m, line.Solution); !line.Verified || !report.Valid || report.Value != line.Value {
			t.Errorf("line %d: verified %v, the checker says %+v: %s", i+1, line.Verified, report, text)
		}
		if last != nil && (minimize && line.Value >= *last || !minimize && line.Value <= *last) {
			t.Errorf("line %d: value %d is no better than %d", i+1, line.Value, *last)
		}
		if b := line.Bound; b != nil && (minimize && line.Value < *b || !minimize && line.Value > *b) {
			t.Errorf("line %d: value %d beyond the proven bound %d", i+1, line.Value, *b)
		}
		last = &line.Value
	}
	var final struct {
		Status   model.Status
		Value    *int64
		Verified bool
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &final); err != nil || final.Status != model.StatusOptimal || !final.Verified {
		t.Fatalf("final line: %v: %s", err, lines[len(lines)-1])
	}
	if final.Value == nil || *final.Value != *last {
		t.Errorf("final value %v, the last improving line %d", final.Value, *last)
	}
}

// TestIntermediateOthers: a backend that streams no incumbents (an external
// solver) still gives its final solution as an improving line, checked;
// the text form names the value, bound and time; count takes no -i.
func TestIntermediateOthers(t *testing.T) {
	if _, err := exec.LookPath("glpsol"); err == nil {
		code, stdout, stderr := run(t, DefaultBackends(), "solve", "-i", "--json", "--backend", "glpsol", models+"nightriders.yaml")
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if code != 0 || len(lines) != 2 || !strings.Contains(lines[0], `"event":"improved","value":16,"bound":16`) || !strings.Contains(lines[0], `"verified":true`) ||
			!strings.Contains(lines[1], `"status":"optimal"`) {
			t.Errorf("glpsol -i: exit %d, %s %s", code, stdout, stderr)
		}
	}
	code, stdout, stderr := run(t, DefaultBackends(), "solve", "-i", "--workers", "1", models+"nightriders.yaml")
	for _, want := range []string{"nightriders: improved, pieces 12, proven bound 16, at ", "s, verified: nightrider a1, ", "nightriders: optimal, pieces 16"} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("solve -i: exit %d, want %q in %s %s", code, want, stdout, stderr)
		}
	}
	if code, _, stderr := run(t, DefaultBackends(), "count", "-i", models+"nightriders.yaml"); code != ExitBadInput || !strings.Contains(stderr, "-i") {
		t.Errorf("count -i: exit %d, %s; want %d", code, stderr, ExitBadInput)
	}
}
