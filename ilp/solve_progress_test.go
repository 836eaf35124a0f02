//go:build cgo

package ilp_test

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// notes collects the progress notes of a solve.
type notes struct {
	mu   sync.Mutex
	list []string
}

func (n *notes) add(_ float64, note string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.list = append(n.list, note)
}

var boundNote = regexp.MustCompile(`bound (-?\d+)`)

// lastBound is the bound of the last note that gives one.
func (n *notes) lastBound() (int64, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for i := len(n.list) - 1; i >= 0; i-- {
		if m := boundNote.FindStringSubmatch(n.list[i]); m != nil {
			b, err := strconv.ParseInt(m[1], 10, 64)
			return b, err == nil
		}
	}
	return 0, false
}

// A solve cut short with a solution in hand returns it, checked, with the
// bound lp_solve proved; the CLI reports that as feasible with the gap. The
// queens need 6 to dominate the 12x12 board (OEIS A075458), which lp_solve
// does not prove in any useful time; the context ends soon after the first
// solution is reported, so the test does not depend on the machine's speed.
func TestCutOffWithSolution(t *testing.T) {
	const optimum = 6
	m := loadModel(t, "queens-domination", "board=12")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var n notes
	var once sync.Once
	progress := func(done float64, note string) {
		n.add(done, note)
		if strings.Contains(note, "best ") {
			once.Do(func() { time.AfterFunc(100*time.Millisecond, cancel) })
		}
	}
	res, err := ilp.New().Solve(ctx, m, model.Options{Task: model.TaskSolve, Progress: progress})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != model.StatusUnknown {
		t.Fatalf("status %v, want unknown (lp_solve proved 12x12 domination before the context ended?)", res.Status)
	}
	if res.Solution == nil || !res.Verified || res.Value == nil {
		t.Fatalf("no verified solution: %+v", res)
	}
	if report := model.Check(m, res.Solution); !report.Valid || report.Value != *res.Value {
		t.Fatalf("solution %v: %v, measures %d, value %d", res.Solution.Key(), report.Problems, report.Value, *res.Value)
	}
	if *res.Value < optimum {
		t.Errorf("%d queens dominate 12x12, fewer than the known least %d", *res.Value, optimum)
	}
	if res.Stats.Bound == nil {
		t.Fatalf("no bound in %v", res.Stats.Fields())
	}
	bound := *res.Stats.Bound
	if bound > optimum || bound > *res.Value || bound < 1 {
		t.Errorf("bound %d: not a lower bound on the optimum %d with %d found", bound, optimum, *res.Value)
	}
	if len(n.list) < 2 || !strings.Contains(strings.Join(n.list, "\n"), "best ") {
		t.Errorf("progress notes %q: want the size of the problem and the best value so far", n.list)
	}
	t.Logf("%d queens, bound %d; notes: %q", *res.Value, bound, n.list)
}

// The bound reported during a solve never excludes the optimum, on models
// that lp_solve finishes: from below when minimising, from above when
// maximising.
func TestProgressBoundIsSound(t *testing.T) {
	tests := []struct {
		model     string
		overrides []string
	}{
		{"queens-domination", nil},
		{"least-walls-9", nil},
		{"least-walls-6x6-9", nil},
		{"amazons", nil},
		{"camels", nil},
		{"kings-shaped", nil},
		{"nightriders", []string{"board=8"}},
	}
	for _, tc := range tests {
		t.Run(tc.model, func(t *testing.T) {
			m := loadModel(t, tc.model, tc.overrides...)
			var n notes
			res := solve(t, m, model.Options{Task: model.TaskSolve, Progress: n.add})
			if res.Status != model.StatusOptimal || res.Value == nil {
				t.Fatalf("status %v, want optimal", res.Status)
			}
			bound, ok := n.lastBound()
			if !ok {
				t.Fatalf("no bound in the progress notes %q", n.list)
			}
			if res.Stats.Bound != nil {
				t.Errorf("a finished solve reports a bound: %d", *res.Stats.Bound)
			}
			optimum := *res.Value
			if m.Objective.Sense == model.Minimize && bound > optimum ||
				m.Objective.Sense == model.Maximize && bound < optimum {
				t.Errorf("%v %s: bound %d excludes the optimum %d", m.Objective.Sense, m.Objective.Measure, bound, optimum)
			}
		})
	}
}
