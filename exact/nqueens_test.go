package exact

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact/internal/nqueens"
	"github.com/chessmodel/chessmodel/model"
)

// The count stops where a 64-bit count could overflow: 28 ranks are
// accepted (the search is then cancelled at once), 29 are not.
func TestQueensCountLimit(t *testing.T) {
	cases := []struct {
		n           int
		unsupported bool
	}{
		{nqueens.MaxCountSide, false},
		{nqueens.MaxCountSide + 1, true},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.n), func(t *testing.T) {
			m := load(t, "n-queens", fmt.Sprintf("board=%d", c.n))
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			_, err := New().Solve(ctx, m, model.Options{Task: model.TaskCount})
			if got := errors.Is(err, model.ErrUnsupported); got != c.unsupported {
				t.Errorf("n=%d: error %v, unsupported %v, want %v", c.n, err, got, c.unsupported)
			}
		})
	}
}

// Solve of n-queens on huge boards goes through the construction; the
// solution passes the model's checker.
func TestSolveHugeQueens(t *testing.T) {
	sizes := []int{4, 5, 6, 7, 8, 9, 20, 101, 1000}
	if !testing.Short() {
		sizes = append(sizes, 1_000_000)
	}
	for _, n := range sizes {
		m := load(t, "n-queens", fmt.Sprintf("board=%d", n))
		start := time.Now()
		r := run(t, m, model.Options{Task: model.TaskSolve}) // checks the solution
		if value(r) != int64(n) || len(r.Solution.Pieces) != n {
			t.Errorf("n=%d: value %d with %d pieces", n, value(r), len(r.Solution.Pieces))
		}
		t.Logf("n=%d: solved and checked in %v", n, time.Since(start))
	}
	for _, n := range []int{2, 3} {
		r := run(t, load(t, "n-queens", fmt.Sprintf("board=%d", n)), model.Options{Task: model.TaskSolve})
		if r.Status != model.StatusInfeasible {
			t.Errorf("n=%d: status %v, want infeasible", n, r.Status)
		}
	}
}
