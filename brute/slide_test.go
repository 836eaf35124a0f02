package brute_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// TestSlides: the brute force, which knows no move rule and asks the
// checker about every move of every piece to every square, finds
// Guarini's 16 moves, the seed's 3x3 rook, and proves an unreachable goal;
// it refuses to count, and stops past its budget.
func TestSlides(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		file   string
		status model.Status
		moves  int64
	}{
		{"slide-guarini", model.StatusOptimal, 16},
		{"sliding-rook-3x3", model.StatusOptimal, 2},
		{"slide-impossible", model.StatusInfeasible, -1},
	} {
		m, err := model.Load(filepath.Join("..", "testdata", "models", c.file+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		res, err := (&brute.Solver{}).Solve(ctx, m, model.Options{Task: model.TaskSolve})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != c.status || (c.moves >= 0 && *res.Value != c.moves) {
			t.Errorf("%s: %v %v, want %v %d", c.file, res.Status, res.Value, c.status, c.moves)
		}
		if res.Solution != nil {
			if r := model.Check(m, res.Solution); !r.Valid {
				t.Errorf("%s: %v", c.file, r.Problems)
			}
		}
	}
	m, err := model.Load(filepath.Join("..", "testdata", "models", "slide-guarini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&brute.Solver{}).Solve(ctx, m, model.Options{Task: model.TaskCount}); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("count: %v, want ErrUnsupported", err)
	}
	if _, err := (&brute.Solver{Budget: 100}).Solve(ctx, m, model.Options{Task: model.TaskSolve}); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("a budget of 100 positions: %v, want ErrUnsupported", err)
	}
}
