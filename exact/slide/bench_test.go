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

func BenchmarkShortestRooks(b *testing.B) {
	for _, n := range []int{8, 12, 16, 20, 24} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := seedModel(b, "rook", n)
			b.ReportAllocs()
			for b.Loop() {
				out, err := Shortest(context.Background(), m, Options{})
				if err != nil || !out.Found {
					b.Fatal(err)
				}
				b.ReportMetric(float64(len(out.Moves)), "moves")
				b.ReportMetric(float64(out.Expanded), "expanded")
			}
		})
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
