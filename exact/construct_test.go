package exact

import (
	"fmt"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// validQueens checks a construction in linear time: one queen per file and
// per diagonal.
func validQueens(files []int32) error {
	n := len(files)
	file := make([]bool, n)
	diag := make([]bool, 2*n)
	anti := make([]bool, 2*n)
	for r, f := range files {
		if f < 0 || int(f) >= n {
			return fmt.Errorf("rank %d: file %d off the board", r, f)
		}
		d, a := r-int(f)+n, r+int(f)
		if file[f] || diag[d] || anti[a] {
			return fmt.Errorf("rank %d: the queen on file %d is attacked", r, f)
		}
		file[f], diag[d], anti[a] = true, true, true
	}
	return nil
}

func TestConstructQueens(t *testing.T) {
	for n := 1; n <= 300; n++ {
		files := constructQueens(n)
		if n == 2 || n == 3 {
			if files != nil {
				t.Errorf("n=%d: a construction where none exists", n)
			}
			continue
		}
		if len(files) != n {
			t.Fatalf("n=%d: %d queens", n, len(files))
		}
		if err := validQueens(files); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
	}
	for _, n := range []int{999_999, 1_000_000, 1_000_001, 1_000_002, 1_000_003} {
		if err := validQueens(constructQueens(n)); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
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
