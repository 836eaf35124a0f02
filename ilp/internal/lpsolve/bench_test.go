//go:build cgo

package lpsolve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// queens builds the n-queens model: binary x[r][c] (column r*n+c), at most
// one queen per row, column and diagonal, maximise the number of queens.
func queens(b testing.TB, n int) *LP {
	lp, err := New(0, n*n)
	must(b, err)
	all := make([]int, n*n)
	ones := make([]float64, n*n)
	for i := range all {
		all[i] = i
		ones[i] = 1
		must(b, lp.SetBinary(i, true))
	}
	must(b, lp.SetObjective(all, ones))
	must(b, lp.SetMaximize())
	line := make([]int, 0, n)
	addLine := func(r, c, dr, dc int) {
		line = line[:0]
		for ; r >= 0 && r < n && c >= 0 && c < n; r, c = r+dr, c+dc {
			line = append(line, r*n+c)
		}
		if len(line) > 1 {
			must(b, lp.AddConstraintSparse(line, ones[:len(line)], LE, 1))
		}
	}
	for i := range n {
		addLine(i, 0, 0, 1) // row
		addLine(0, i, 1, 0) // column
		addLine(0, i, 1, 1) // diagonals starting on the top edge
		addLine(0, i, 1, -1)
		if i > 0 {
			addLine(i, 0, 1, 1) // and on the side edges
			addLine(i, n-1, 1, -1)
		}
	}
	return lp
}

func BenchmarkQueens8Build(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		queens(b, 8).Close()
	}
}

func BenchmarkQueens8Solve(b *testing.B) {
	for _, withContext := range []bool{false, true} {
		b.Run(fmt.Sprintf("context=%v", withContext), func(b *testing.B) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			b.ReportAllocs()
			for b.Loop() {
				lp := queens(b, 8)
				var status Status
				var err error
				if withContext {
					status, err = lp.SolveContext(ctx) // installs the abort callback
				} else {
					status, err = lp.Solve()
				}
				if err != nil || status != Optimal {
					b.Fatalf("solve: %v, %v", status, err)
				}
				if objective, _ := lp.Objective(); objective != 8 {
					b.Fatalf("objective %v, want 8", objective)
				}
				lp.Close()
			}
		})
	}
}

// BenchmarkAddRows measures what row entry mode buys when a model is built
// row by row: 2000 rows of 20 random nonzeros over 2000 columns.
func BenchmarkAddRows(b *testing.B) {
	const rows, cols, perRow = 2000, 2000, 20
	rng := rand.New(rand.NewPCG(1, 2))
	indices := make([][]int, rows)
	values := make([]float64, perRow)
	for r := range indices {
		indices[r] = rng.Perm(cols)[:perRow]
	}
	for i := range values {
		values[i] = float64(i + 1)
	}
	for _, rowMode := range []bool{true, false} {
		b.Run(fmt.Sprintf("rowmode=%v", rowMode), func(b *testing.B) {
			noRowMode = !rowMode
			defer func() { noRowMode = false }()
			b.ReportAllocs()
			for b.Loop() {
				lp, err := New(0, cols)
				must(b, err)
				for r := range indices {
					must(b, lp.AddConstraintSparse(indices[r], values, LE, 1))
				}
				lp.matrixReady(lp.prob) // leaving row mode is part of the cost
				lp.Close()
			}
		})
	}
}
