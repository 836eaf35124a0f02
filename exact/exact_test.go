package exact

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact/internal/clique"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// The counter gives the table's numbers on one worker as on several, and
// so does the general search, which knows nothing of queens.
func TestNQueensAgreement(t *testing.T) {
	for n := 1; n <= 10; n++ {
		m := load(t, "n-queens", fmt.Sprintf("board=%d", n))
		totals, classesKnown := knownCount(t, fmt.Sprintf("n-queens %d", n))
		one := run(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: 1})
		four := run(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: 4})
		general := generalCount(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: 2})
		for _, r := range []*model.Result{one, four, general} {
			if count(r) != totals || classes(r) != classesKnown {
				t.Errorf("n=%d (%v): count %d classes %d, want %d and %d", n, r.Stats.Engine, count(r), classes(r), totals, classesKnown)
			}
		}
	}
}

// generalCount runs the clique search on a model, bypassing fast paths.
func generalCount(t *testing.T, m *model.Model, opts model.Options) *model.Result {
	t.Helper()
	p, err := problem.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	res := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	if err := clique.Solve(st, p, opts, res); err != nil {
		t.Fatal(err)
	}
	if res.Solution != nil {
		mustCheck(t, m, res.Solution)
	}
	return res
}

// The general search, which knows nothing of rooks, counts the table's
// n-rooks placements and classes.
func TestNRooksGeneralSearch(t *testing.T) {
	for n := 1; n <= 6; n++ {
		m := load(t, "n-rooks", fmt.Sprintf("board=%d", n))
		totals, classesKnown := knownCount(t, fmt.Sprintf("n-rooks %d", n))
		g := generalCount(t, m, model.Options{Task: model.TaskCount, Symmetry: true})
		if count(g) != totals || classes(g) != classesKnown {
			t.Errorf("n=%d general search: count %d classes %d, want %d and %d", n, count(g), classes(g), totals, classesKnown)
		}
	}
}

func TestWorkersGiveSameCounts(t *testing.T) {
	for _, name := range []string{"amazons", "kings-shaped", "queens-6x9", "camels", "queens-domination", "eight-pieces-superqueen", "least-walls-6x6-9", "least-walls-9"} {
		m := load(t, name)
		var first *model.Result
		for _, w := range []int{1, 2, 3} {
			r := run(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: w})
			if first == nil {
				first = r
				continue
			}
			if count(r) != count(first) || classes(r) != classes(first) || r.Solution.Key() != first.Solution.Key() {
				t.Errorf("%s: %d workers: count %d classes %d example %s; one worker: %d %d %s", name, w,
					count(r), classes(r), r.Solution.Key(), count(first), classes(first), first.Solution.Key())
			}
		}
	}
}

func TestEnumerateMatchesCount(t *testing.T) {
	for _, name := range []string{"amazons", "queens-6x9", "least-walls-6x6-9", "queens-domination", "camels"} {
		m := load(t, name)
		r := run(t, m, model.Options{Task: model.TaskCount})
		if got := int64(len(enumerate(t, m))); got != count(r) {
			t.Errorf("%s: %d listed, count says %d", name, got, count(r))
		}
	}
}

// TestDispatchesKinds: tours and slides reach their own packages through
// the exact backend, and come back verified.
func TestDispatchesKinds(t *testing.T) {
	for _, name := range []string{"knights-tour", "sliding-queens"} {
		m := load(t, name)
		res, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := model.Verify(m, res); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if res.Status != settled(m) || !res.Verified || res.Solution == nil {
			t.Errorf("%s: status %v, verified %v, solution %v", name, res.Status, res.Verified, res.Solution)
		}
	}
}

// TestSlideCountUnsupported: slides are solved (by exact/slide), not counted.
func TestSlideCountUnsupported(t *testing.T) {
	_, err := New().Solve(context.Background(), load(t, "sliding-rooks"), model.Options{Task: model.TaskCount})
	if !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("sliding-rooks count: error %v, want one wrapping ErrUnsupported", err)
	}
}

func TestCancellation(t *testing.T) {
	cases := []struct {
		name      string
		overrides []string
		task      model.Task
	}{
		{"n-queens", []string{"board=22"}, model.TaskCount}, // the bitwise counter
		{"n-queens", []string{"board=22"}, model.TaskEnumerate},
		{"queens-6x9", []string{`board="14x15"`}, model.TaskCount}, // the clique search
		{"least-walls-14", nil, model.TaskSolve},                   // free walls
		// branch and bound: stopped with the best placement found so far
		{"blocked-0w", []string{"board={size: 16, walls: [c3, f7, j2, d10, k9, g5, b8, h11, n14, m3, e13, o6]}"}, model.TaskSolve},
		{"eight-pieces-cover", nil, model.TaskSolve}, // coverage
	}
	for _, c := range cases {
		t.Run(c.name+" "+c.task.String(), func(t *testing.T) {
			m := load(t, c.name, c.overrides...)
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			start := time.Now()
			opts := model.Options{Task: c.task, Emit: func(model.Solution) error { return nil }}
			r, err := New().Solve(ctx, m, opts)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != model.StatusUnknown {
				t.Errorf("status %v, want unknown", r.Status)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("stopped after %v", d)
			}
			if r.Solution != nil {
				mustCheck(t, m, r.Solution)
			} else if c.name == "blocked-0w" {
				t.Errorf("no best-so-far solution")
			}
		})
	}
}

// The eight pieces attack at most 63 squares. Folding proves it in about
// a second; stopped long before that, the search still gives the best
// placement it has (from its greedy start, if nothing better).
func TestEightPiecesBestSoFar(t *testing.T) {
	m := load(t, "eight-pieces")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	r, err := New().Solve(ctx, m, model.Options{Task: model.TaskSolve})
	if err != nil {
		t.Fatal(err)
	}
	if r.Solution == nil || (r.Status != model.StatusUnknown && r.Status != model.StatusOptimal) {
		t.Fatalf("status %v, solution %v", r.Status, r.Solution)
	}
	mustCheck(t, m, r.Solution)
	if v := value(r); v < 50 || v > 63 || r.Status == model.StatusOptimal && v != 63 {
		t.Errorf("%v: attacks %d squares, the paper's maximum is 63", r.Status, v)
	}
}

func TestProgressIsReported(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a count of a second or so")
	}
	m := load(t, "n-queens", "board=15")
	calls := 0
	last := -1.0
	r := run(t, m, model.Options{Task: model.TaskCount, Progress: func(done float64, note string) {
		calls++
		if done < last || done > 1 {
			t.Errorf("progress %v after %v", done, last)
		}
		last = done
	}})
	if totals, _ := knownCount(t, "n-queens 15"); count(r) != totals {
		t.Errorf("count %d", count(r))
	}
	if calls == 0 || last != 1 {
		t.Errorf("%d progress calls, last %v", calls, last)
	}
}

// settled is the status of a complete answer with solutions: optimal on a
// model with an objective, satisfied on one without (model.SettleStatus).
func settled(m *model.Model) model.Status {
	if m.Optimizes() {
		return model.StatusOptimal
	}
	return model.StatusSatisfied
}
