package ilp_test

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// solve runs the backend and checks what every result must satisfy: a
// solution that passes the checker and whose measure is the value.
func solve(t *testing.T, m *model.Model, opts model.Options) *model.Result {
	t.Helper()
	res, err := ilp.New().Solve(context.Background(), m, opts)
	if err != nil {
		t.Fatalf("%s: %v", m.Name, err)
	}
	if res.Backend != "ilp" || res.Model != m.Name || res.Task != opts.Task {
		t.Errorf("result labelled %s/%s/%v", res.Backend, res.Model, res.Task)
	}
	if res.Solution != nil {
		report := model.Check(m, res.Solution)
		if !report.Valid {
			t.Fatalf("%s: invalid solution %v: %v", m.Name, res.Solution.Key(), report.Problems)
		}
		if res.Value == nil || *res.Value != report.Value {
			t.Fatalf("%s: value %v, the checker measures %d", m.Name, res.Value, report.Value)
		}
		if !res.Verified {
			t.Errorf("%s: result not marked verified", m.Name)
		}
	}
	for _, key := range []string{"rows", "columns", "iterations"} {
		if _, ok := res.Stats.Extra[key]; !ok {
			t.Errorf("stats have no %q: %v", key, res.Stats.Extra)
		}
	}
	return res
}

func TestInfeasible(t *testing.T) {
	tests := []struct {
		name string
		text string
	}{
		{"9 queens on 8x8", "board: 8\nplace: [9 queen]\nrules: [independent]\n"},
		{"fixed rooks attack each other", "board: 1x2\nfixed: [rook a1, rook b1]\nplace: [0..1 knight]\nrules: [independent]\n"},
		{"a knight cannot cover 3x3", "board: 3\nplace: [1 knight]\nrules: [cover dominated]\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := parseModel(t, tc.text)
			res := solve(t, m, model.Options{Task: model.TaskSolve})
			if res.Status != model.StatusInfeasible || res.Solution != nil {
				t.Errorf("solve: %v with solution %v, want infeasible", res.Status, res.Solution)
			}
			res = solve(t, m, model.Options{Task: model.TaskCount, Symmetry: true})
			if res.Status != model.StatusInfeasible || res.Count == nil || *res.Count != 0 || *res.Classes != 0 {
				t.Errorf("count: %v, %v", res.Status, res.Count)
			}
		})
	}
}

// An error from Emit stops the enumeration and is returned (the table of
// known answers has the whole enumeration).
func TestEnumerateStops(t *testing.T) {
	m := loadModel(t, "eight-queens")
	stop := errors.New("enough")
	n := 0
	_, err := ilp.New().Solve(context.Background(), m, model.Options{Task: model.TaskEnumerate, Emit: func(model.Solution) error {
		if n++; n == 5 {
			return stop
		}
		return nil
	}})
	if !errors.Is(err, stop) || n != 5 {
		t.Errorf("after %d solutions: error %v, want %v", n, err, stop)
	}
}

// With an objective, count and enumerate speak of optimal solutions only.
func TestCountOptimalOnly(t *testing.T) {
	// 4x4 rooks, at most as many as fit: the 24 permutations of 4 rooks,
	// not the placements of fewer rooks.
	m := parseModel(t, "board: 4\nplace: [max rook]\nrules: [independent]\n")
	res := solve(t, m, model.Options{Task: model.TaskCount})
	if *res.Count != 24 || *res.Value != 4 {
		t.Errorf("count %d of value %d, want 24 of value 4", *res.Count, *res.Value)
	}
	// Least walls for 5 rooks on 3x3: four walls, on one board only
	// (b1, a2, c2, b3, rooks on the corners and b2). Solutions with more
	// walls are not counted.
	m = parseModel(t, "board: {size: 3, walls: free}\nplace: [5 rook]\nrules: [independent]\nobjective: minimize walls\n")
	walls := solve(t, m, model.Options{Task: model.TaskCount, DistinctWalls: true, Symmetry: true})
	all := solve(t, m, model.Options{Task: model.TaskCount, Symmetry: true})
	if *walls.Value != 4 || *walls.Count != 1 || *walls.Classes != 1 || *all.Count != 1 {
		t.Errorf("value %d, %d wall sets (%d classes), %d solutions; want 4, 1 (1), 1", *walls.Value, *walls.Count, *walls.Classes, *all.Count)
	}
}

// A count cut short by the context is unknown, error-free, and claims no
// count; what it had found is in the statistics.
func TestCountCutShort(t *testing.T) {
	m := loadModel(t, "n-rooks") // 40320 solutions
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	res, err := ilp.New().Solve(ctx, m, model.Options{Task: model.TaskCount, Symmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != model.StatusUnknown || res.Count != nil || res.Classes != nil {
		t.Fatalf("%v with count %v classes %v, want unknown and no count", res.Status, res.Count, res.Classes)
	}
	if n := res.Stats.CountedSoFar; n == nil || *n <= 0 || *n >= 40320 {
		t.Errorf("counted so far %v", show(n))
	}

	// A context that is already done: unknown, no solution claimed.
	done, cancelNow := context.WithCancel(context.Background())
	cancelNow()
	res, err = ilp.New().Solve(done, loadModel(t, "least-walls-14"), model.Options{Task: model.TaskSolve})
	if err != nil || res.Status != model.StatusUnknown {
		t.Errorf("cancelled solve: %v, %v", res, err)
	}
}

// A timeout while solving keeps the incumbent, unverified as optimal.
func TestSolveTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("takes two seconds")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	m := loadModel(t, "eight-pieces") // beyond lp_solve: see the package notes
	res, err := ilp.New().Solve(ctx, m, model.Options{Task: model.TaskSolve})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != model.StatusUnknown {
		t.Fatalf("status %v after 2s on eight-pieces, want unknown", res.Status)
	}
	if res.Solution != nil && !model.Check(m, res.Solution).Valid {
		t.Errorf("incumbent %v fails the checker", res.Solution.Key())
	}
}

func TestUnsupported(t *testing.T) {
	// sliding-queens: an 8x8 slide is beyond the time-expanded program
	for _, name := range []string{"sliding-queens"} { // tours: tour_test.go
		_, err := ilp.New().Solve(context.Background(), loadModel(t, name), model.Options{})
		if !errors.Is(err, model.ErrUnsupported) {
			t.Errorf("%s: %v, want an error wrapping model.ErrUnsupported", name, err)
		}
	}
	// Stacked pieces with an open-ended count have no largest placement.
	m := parseModel(t, "board: 2\nstack: true\nplace: [max rook]\n")
	if _, err := ilp.New().Solve(context.Background(), m, model.Options{}); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("stack with max: %v", err)
	}
	// But the fewest pieces are well defined, and so is their number: two
	// queens on the single square.
	m = parseModel(t, "board: 1x1\nstack: true\nplace: [2.. queen]\nobjective: minimize pieces\n")
	res := solve(t, m, model.Options{Task: model.TaskCount})
	if res.Count == nil || *res.Count != 1 || *res.Value != 2 {
		t.Errorf("two stacked queens: count %s, value %v", show(res.Count), res.Value)
	}
}

func TestName(t *testing.T) {
	var s model.Solver = ilp.New()
	if s.Name() != "ilp" {
		t.Errorf("name %q", s.Name())
	}
}

func show(v *int64) string {
	if v == nil {
		return "none"
	}
	return strconv.FormatInt(*v, 10)
}
