package slide

import (
	"context"
	"fmt"
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
		if len(out.Moves) != seedTable[n] {
			b.Fatalf("%d moves, want %d", len(out.Moves), seedTable[n])
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

// BenchmarkExpandRooks24 is the work of the search per state without the
// table: unrank, list the moves (forward, or back), fold every one; on
// states of the seed's 24x24 board spread over the ranks.
func BenchmarkExpandRooks24(b *testing.B) {
	sp, err := compile(seedModel(b, "rook", 24))
	if err != nil {
		b.Fatal(err)
	}
	var ranks []uint64
	for i := range uint64(4096) {
		ranks = append(ranks, i*(sp.states()/4096)+i%97)
	}
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
