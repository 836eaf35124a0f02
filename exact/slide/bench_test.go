package slide

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// seedModel is the seed's puzzle on an n x n board: four pieces from the
// corners to the central 2x2 (n even).
func seedModel(tb testing.TB, piece string, n int) *model.Model {
	tb.Helper()
	c := n/2 - 1
	sq := func(f, r int) string { return model.Square{File: f, Rank: r}.String() }
	src := fmt.Sprintf("name: sliding %ss %dx%d\nboard: %d\nslide: {piece: %s, from: [%s, %s, %s, %s], to: [%s, %s, %s, %s]}\n",
		piece, n, n, n, piece, sq(0, 0), sq(0, n-1), sq(n-1, 0), sq(n-1, n-1), sq(c, c), sq(c, c+1), sq(c+1, c), sq(c+1, c+1))
	m, err := model.Parse([]byte(src), "seed.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// BenchmarkShortestRooks is the seed's table, size by size, on one worker
// and on all cores; sr.c (refs/rooks) is the baseline.
func BenchmarkShortestRooks(b *testing.B) {
	for _, n := range []int{2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24} {
		for _, workers := range []int{1, 0} {
			b.Run(fmt.Sprintf("%d/workers=%d", n, workers), func(b *testing.B) { benchShortest(b, n, workers) })
		}
	}
}

func benchShortest(b *testing.B, n, workers int) {
	m := seedModel(b, "rook", n)
	b.ReportAllocs()
	for b.Loop() {
		out, err := Shortest(context.Background(), m, Options{Workers: workers})
		if err != nil || !out.Found {
			b.Fatal(err)
		}
		if want := seedMoves(b, n); len(out.Moves) != want {
			b.Fatalf("%d moves, want %d", len(out.Moves), want)
		}
		b.ReportMetric(float64(len(out.Moves)), "moves")
		b.ReportMetric(float64(out.Expanded), "expanded")
		b.ReportMetric(float64(out.Peak), "table-bytes")
	}
}

func BenchmarkExplore8(b *testing.B) {
	for _, piece := range []string{"rook", "queen"} {
		b.Run(piece, func(b *testing.B) {
			m := seedModel(b, piece, 8)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Explore(context.Background(), m, ExploreOptions{Components: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// rooks24 compiles the seed's 24x24 rooks and spreads 4096 ranks over its
// states.
func rooks24(b *testing.B) (*space, []uint64) {
	sp, err := compile(seedModel(b, "rook", 24))
	if err != nil {
		b.Fatal(err)
	}
	var ranks []uint64
	for i := range uint64(4096) {
		ranks = append(ranks, i*(sp.states()/4096)+i%97)
	}
	return sp, ranks
}

// BenchmarkExpandRooks24 is the work of the search per state without the
// table: unrank, list the moves (forward, or back), fold every one; on
// states of the seed's 24x24 board spread over the ranks.
func BenchmarkExpandRooks24(b *testing.B) {
	sp, ranks := rooks24(b)
	for _, dir := range []side{forward, backward} {
		b.Run([]string{"successors", "predecessors"}[dir], func(b *testing.B) {
			w := newWorker(sp)
			moves := 0
			for b.Loop() {
				for _, r := range ranks {
					w.ranks = w.ranks[:0]
					w.foldNeighbours(sp, r, dir)
					moves += len(w.ranks)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ranks)), "ns/state")
			b.ReportMetric(float64(moves)/float64(b.N*len(ranks)), "moves/state")
		})
	}
}

// The parts of BenchmarkExpandRooks24, each on the same states: unrank,
// successors, and prepare with the folds of every successor.
func BenchmarkPartsRooks24(b *testing.B) {
	sp, ranks := rooks24(b)
	states := make([][]int32, len(ranks))
	moves := make([][]move, len(ranks))
	mv := newMover(sp)
	for i, r := range ranks {
		states[i] = make([]int32, sp.pieces)
		sp.binom.unrank(r, states[i])
		moves[i] = append([]move(nil), mv.successors(states[i])...)
	}
	perState := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ranks)), "ns/state")
	}
	b.Run("unrank", func(b *testing.B) {
		for b.Loop() {
			for i, r := range ranks {
				sp.binom.unrank(r, states[i])
			}
		}
		perState(b)
	})
	b.Run("successors", func(b *testing.B) {
		for b.Loop() {
			for _, state := range states {
				mv.successors(state)
			}
		}
		perState(b)
	})
	b.Run("fold", func(b *testing.B) {
		f := newMoveFolder(sp)
		var sink uint64
		for b.Loop() {
			for i, state := range states {
				f.prepare(state)
				for _, m := range moves[i] {
					r, _ := f.foldMove(state, m)
					sink += r
				}
			}
		}
		perState(b)
	})
}

// BenchmarkClaim is a claim pass of the search (worker.claim) on a table
// of 2^24 slots holding 7.4M random ranks of the 24x24 rooks, as at the
// end of the seed's 24x24 search: batches of 1024 ranks, 13 in 14 present
// on the side already, touched before they are claimed (the touch is not
// timed); the new ones are taken out again after each batch.
func BenchmarkClaim(b *testing.B) {
	const states, total = 7_400_000, 4_500_000_000
	tb, err := newTable(&budget{}, total)
	if err != nil {
		b.Fatal(err)
	}
	if err := tb.allocate(24); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var present []uint64
	for range states {
		r := rng.Uint64N(total)
		if i, ok := tb.slot(r); !ok {
			tb.slots[i] = tb.pack(r, 3, noDepth)
			tb.used++
			present = append(present, r)
		}
	}
	w := &worker{}
	n := 0
	for b.Loop() {
		b.StopTimer()
		w.ranks, w.found = w.ranks[:0], w.found[:0]
		for range 1024 {
			r := present[rng.IntN(len(present))]
			if rng.IntN(14) == 0 {
				r = rng.Uint64N(total)
			}
			w.ranks = append(w.ranks, r)
		}
		w.touch(tb)
		b.StartTimer()
		w.claim(tb, 3, forward)
		b.StopTimer()
		for _, r := range w.found {
			i, _ := tb.slot(r)
			tb.slots[i] = 0 // rarely breaks a chain of the random fill
		}
		n += len(w.ranks)
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/rank")
}
