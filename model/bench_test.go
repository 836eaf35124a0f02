package model_test

import (
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// explicitQueens is the two-stride n-queens construction for n mod 6 in {0, 4}.
func explicitQueens(n int) *model.Solution {
	s := &model.Solution{Pieces: make([]model.Placed, 0, n)}
	for i := 0; i < n/2; i++ {
		s.Pieces = append(s.Pieces,
			model.Placed{Piece: "queen", Square: model.Square{File: 2*i + 1, Rank: i}},
			model.Placed{Piece: "queen", Square: model.Square{File: 2 * i, Rank: n/2 + i}})
	}
	return s
}

func BenchmarkCheckQueens(b *testing.B) {
	for _, n := range []int{8, 1000, 1_000_000} {
		m, err := model.Parse([]byte(fmt.Sprintf("board: %d\nplace: [n queen]\nrules: [independent]\n", n)), "q.yaml")
		if err != nil {
			b.Fatal(err)
		}
		if n == 8 {
			n = 6 // 8 mod 6 == 2: use a known solution instead
		}
		s := explicitQueens(n)
		if n == 6 {
			s = &model.Solution{}
			for i, f := range []int{0, 6, 4, 7, 1, 3, 5, 2} {
				s.Pieces = append(s.Pieces, model.Placed{Piece: "queen", Square: model.Square{File: f, Rank: i}})
			}
		}
		b.Run(fmt.Sprint(m.Board.Rows), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r := model.Check(m, s); !r.Valid {
					b.Fatal(r.Problems)
				}
			}
		})
	}
}
