package lines

import (
	"context"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// BenchmarkBishops counts bishops on n x n, every number of pieces at
// once (the place list asks for the most, whose count fits 64 bits).
func BenchmarkBishops(b *testing.B) {
	for _, n := range []int{9, 30} {
		m := parse(b, bishops, fmt.Sprintf("board=%d", n), "place=[max bishop]")
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res := model.NewResult(m, model.TaskCount, "exact")
				st := tasks.NewStopper(context.Background())
				if taken, err := Count(st, m, model.Options{Task: model.TaskCount}, res); !taken || err != nil {
					b.Fatal(taken, err)
				}
				st.Close()
			}
		})
	}
}

// BenchmarkWalledRooks counts rooks on a 10x10 board with walls, which
// the frontier counts (its parts are not nested).
func BenchmarkWalledRooks(b *testing.B) {
	src := "board: |\n  ...#......\n  ..........\n  ..#.......\n  ........#.\n  .....#....\n  ..........\n  .#........\n  ......#...\n  ....#.....\n  .........#\nplace: [0..1 rook]\nrules: [independent]\n"
	m := parse(b, src)
	b.ReportAllocs()
	for b.Loop() {
		res := model.NewResult(m, model.TaskCount, "exact")
		st := tasks.NewStopper(context.Background())
		if taken, err := Count(st, m, model.Options{Task: model.TaskCount}, res); !taken || err != nil {
			b.Fatal(taken, err)
		}
		st.Close()
	}
}

// BenchmarkBishopsClasses counts 8 bishops on 8x8 and their classes up to
// the eight symmetries (2,816,382, the clique search's number).
func BenchmarkBishopsClasses(b *testing.B) {
	m := parse(b, bishops)
	opts := model.Options{Task: model.TaskCount, Symmetry: true}
	b.ReportAllocs()
	for b.Loop() {
		res := model.NewResult(m, model.TaskCount, "exact")
		st := tasks.NewStopper(context.Background())
		if taken, err := Count(st, m, opts, res); !taken || err != nil || *res.Classes != 2816382 {
			b.Fatal(taken, err, res.Classes)
		}
		st.Close()
	}
}
