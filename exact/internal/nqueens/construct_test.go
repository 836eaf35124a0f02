package nqueens

import (
	"fmt"
	"testing"
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
