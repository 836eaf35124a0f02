package exact

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// Counting n-queens through the whole backend (model in, result out), on
// every core and on one, totals and classes checked against A000170 and
// A002562. n = 17 and 18 take seconds to a minute: they run only when
// CHESSMODEL_BENCH_LONG is set (make bench sets it). The peer to compare
// with is Takaken's counter in C (see docs/performance.md).
func BenchmarkNQueensCount(b *testing.B) {
	top := 16
	if os.Getenv("CHESSMODEL_BENCH_LONG") != "" {
		top = 18
	}
	for n := 12; n <= top; n++ {
		for _, workers := range []int{0, 1} {
			name := fmt.Sprintf("%d", n)
			if workers == 1 {
				name += "/workers=1"
			}
			b.Run(name, func(b *testing.B) {
				m := load(b, "n-queens", fmt.Sprintf("board=%d", n))
				totals, classesKnown := knownCount(b, fmt.Sprintf("n-queens %d", n))
				opts := model.Options{Task: model.TaskCount, Symmetry: true, Workers: workers}
				b.ReportAllocs()
				for b.Loop() {
					r, err := New().Solve(context.Background(), m, opts)
					if err != nil || count(r) != totals || classes(r) != classesKnown {
						b.Fatalf("count %v classes %v, %v", count(r), classes(r), err)
					}
				}
			})
		}
	}
}

// The explicit construction for one solution on a huge board, Solution
// built (not checked).
func BenchmarkNQueensSolveMillion(b *testing.B) {
	m := load(b, "n-queens", "board=1000000")
	b.ReportAllocs()
	for b.Loop() {
		r, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
		if err != nil || len(r.Solution.Pieces) != 1_000_000 {
			b.Fatal(err)
		}
	}
}

// beyondBenchmarks are testdata models whose solve takes more than a
// benchmark should: the eight-pieces proofs (the folding search of a later
// issue) and least walls for 13 queens and more (blocked-queens research).
var beyondBenchmarks = map[string]string{
	"eight-pieces":       "proving 64 squares cannot be attacked needs the folding search",
	"eight-pieces-cover": "proving 64 squares cannot be attacked needs the folding search",
	"least-walls-13":     "least walls for q >= 13 is a later issue",
	"least-walls-14":     "least walls for q >= 13 is a later issue",
	"least-walls-15":     "least walls for q >= 13 is a later issue",
	"least-walls-16":     "least walls for q >= 13 is a later issue",
}

// Solve every placement model of testdata.
func BenchmarkModels(b *testing.B) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "models", "*.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		m, err := model.Load(f)
		if err != nil || m.Kind != model.KindPlace {
			continue
		}
		b.Run(name, func(b *testing.B) {
			if why, ok := beyondBenchmarks[name]; ok {
				b.Skip(why)
			}
			b.ReportAllocs()
			for b.Loop() {
				r, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
				if err != nil || r.Status != settled(m) && r.Status != model.StatusInfeasible {
					b.Fatalf("%v %v", r, err)
				}
			}
		})
	}
}

// Solve blocked 8x8 boards with 2, 3 and 4 walls: a fixed, seeded sample
// of 64 boards per wall count, one board per iteration.
func BenchmarkBlocked(b *testing.B) {
	for walls := 2; walls <= 4; walls++ {
		b.Run(fmt.Sprintf("walls=%d", walls), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(walls), 1))
			var boards []*model.Model
			for len(boards) < 64 {
				perm := rng.Perm(64)[:walls]
				boards = append(boards, blockedBoard(b, perm...))
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				r, err := New().Solve(context.Background(), boards[i%len(boards)], model.Options{Task: model.TaskSolve})
				if err != nil || r.Status != model.StatusOptimal {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// blockedBoard is max queens on 8x8 with walls on the given squares.
func blockedBoard(t testing.TB, squares ...int) *model.Model {
	t.Helper()
	walls := ""
	for i, s := range squares {
		if i > 0 {
			walls += ", "
		}
		walls += model.Square{File: s % 8, Rank: s / 8}.String()
	}
	return load(t, "blocked-0w", fmt.Sprintf("board={size: 8, walls: [%s]}", walls))
}
