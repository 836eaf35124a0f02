package compare_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestCoverageModels runs every coverage model in testdata (cover-*.yaml:
// 5x5 and 6x6 boards, three to five pieces, weak and strong attack, walls,
// stacking, domination) through both backends: they must agree (the ones
// with a published number are in the table of known answers).
func TestCoverageModels(t *testing.T) {
	files, err := filepath.Glob("../testdata/models/cover-*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("%d coverage models, want at least 10", len(files))
	}
	slow := map[string]bool{"cover-6x6-dominated.yaml": true}
	both := []model.Solver{exact.New(), ilp.New()}
	for _, file := range files {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			if testing.Short() && slow[name] {
				t.Skip("lp_solve takes seconds")
			}
			m, err := model.Load(file)
			if err != nil {
				t.Fatal(err)
			}
			row := compare.Run(context.Background(), m, both, model.TaskSolve, compare.Options{Timeout: 2 * time.Minute})
			if row.Verdict != compare.Agree {
				t.Fatalf("%s: %s", row.Verdict, row.Reason)
			}
		})
	}
}

// TestEightPiecesFewestILP (opt-in, CHESSMODEL_BENCH_LONG=1; about two
// minutes) sets the ILP against the exact branch and bound on the fewest
// squares the eight pieces attack. The ILP does not prove the optimum within
// its minute (docs/cover.md), so what it must do is stay consistent: its
// best placement, checked, attacks at least the exact optimum, and its
// proven bound is at most that optimum.
func TestEightPiecesFewestILP(t *testing.T) {
	fewestAgainstExact(t, ilp.New(), time.Minute)
}

// TestEightPiecesFewestSplit (opt-in, CHESSMODEL_BENCH_LONG=1) is the same
// with the ILP split into cells by the squares of the king and the queen
// (ilp.NewSplit), bounded by CHESSMODEL_SPLIT_BUDGET (default 2h): proved
// optimal, it must be the exact optimum.
func TestEightPiecesFewestSplit(t *testing.T) {
	budget := 2 * time.Hour
	if b := os.Getenv("CHESSMODEL_SPLIT_BUDGET"); b != "" {
		d, err := time.ParseDuration(b)
		if err != nil {
			t.Fatalf("CHESSMODEL_SPLIT_BUDGET: %v", err)
		}
		budget = d
	}
	fewestAgainstExact(t, ilp.NewSplit(), budget)
}

func fewestAgainstExact(t *testing.T, solver model.Solver, budget time.Duration) {
	if os.Getenv("CHESSMODEL_BENCH_LONG") == "" {
		t.Skip("set CHESSMODEL_BENCH_LONG=1 to run")
	}
	m, err := model.Load("../testdata/models/eight-pieces-fewest.yaml")
	if err != nil {
		t.Fatal(err)
	}
	exactRes, err := exact.New().Solve(context.Background(), m, model.Options{})
	if err != nil || exactRes.Status != model.StatusOptimal || exactRes.Value == nil {
		t.Fatalf("exact: %v %v", exactRes, err)
	}
	optimum := *exactRes.Value
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	res, err := solver.Solve(ctx, m, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status == model.StatusOptimal {
		if *res.Value != optimum {
			t.Fatalf("ilp optimum %d, exact %d", *res.Value, optimum)
		}
		t.Logf("ilp proves %d in %.1fs, %d nodes, %v", optimum, res.Stats.Seconds, res.Stats.Nodes, res.Stats.Extra)
		return
	}
	if res.Value != nil && *res.Value < optimum {
		t.Errorf("ilp's placement attacks %d squares, below the exact optimum %d", *res.Value, optimum)
	}
	if b := res.Stats.Bound; b != nil && *b > optimum {
		t.Errorf("ilp's bound %d is above the exact optimum %d", *b, optimum)
	}
	t.Logf("exact %d in %.1fs; ilp after %.0fs: best %v, bound %v, %d nodes, %v", optimum, exactRes.Stats.Seconds,
		res.Stats.Seconds, show(res.Value), show(res.Stats.Bound), res.Stats.Nodes, res.Stats.Fields())
}

func show(v *int64) any {
	if v == nil {
		return "none"
	}
	return *v
}
