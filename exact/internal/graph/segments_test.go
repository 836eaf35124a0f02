package graph

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// TestWordReachMatchesWalk compares the bitboard reach and line segments
// (package problem's rays.go), and the partitions into segments, with the square-by-square walks on random boards of at most 64 squares with walls
// and holes, for the built-in pieces and random fairy riders and leapers.
func TestWordReachMatchesWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 23))
	vec := func() string { return fmt.Sprintf("[%d, %d]", rng.IntN(7)-3, 1+rng.IntN(3)) }
	for trial := 0; trial < 300; trial++ {
		rows, cols := 1+rng.IntN(8), 1+rng.IntN(8)
		if trial%5 == 0 {
			rows, cols = 2+rng.IntN(3), 10+rng.IntN(11) // long thin boards, up to 64 squares
			for rows*cols > 64 {
				cols--
			}
		}
		var walls, off []string
		for range rng.IntN(rows*cols/3 + 1) {
			s := model.Square{File: rng.IntN(cols), Rank: rng.IntN(rows)}.String()
			switch {
			case slices.Contains(off, s) || slices.Contains(walls, s):
			case rng.IntN(3) == 0:
				off = append(off, s)
			default:
				walls = append(walls, s)
			}
		}
		src := fmt.Sprintf("board: {size: \"%dx%d\", walls: [%s], off: [%s]}\npieces: {fairy: {leap: [%s], ride: [%s]}}\nplace: [max queen]\nrules: [independent]\n",
			rows, cols, strings.Join(walls, ", "), strings.Join(off, ", "), vec(), vec())
		m, err := model.Parse([]byte(src), "random.yaml")
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		p, err := problem.Compile(m)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		g, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range m.Pieces["queen"].Rides {
			// the segments found by bitboards, against those walked from
			// every open square with no open square behind it
			var walked []bitset.Set
			for i := 0; i < p.Squares; i++ {
				if c := bitset.New(p.Vertices); p.Open.Has(i) && !p.OpenAt(i%p.Cols-d.File, i/p.Cols-d.Rank) && g.WalkSegment(c, i, d) > 0 {
					walked = append(walked, c)
				}
			}
			segments := g.LineCliques(d, NewSetArena(1, 4))
			if !slices.EqualFunc(segments, walked, func(a, b bitset.Set) bool { return a.Equal(b) }) {
				t.Fatalf("%s\nsegments along %v: bitboard %v, walk %v", src, d, segments, walked)
			}
			rays := problem.EmptyRays(p.Rows, p.Cols, d, true)
			for i := 0; i < p.Squares; i++ {
				if !p.Open.Has(i) {
					continue
				}
				walked, word := bitset.New(p.Vertices), bitset.New(p.Vertices)
				n1, n2 := g.WalkSegment(walked, i, d), g.WordSegment(word, rays, i, d)
				if n1 != n2 || !walked.Equal(word) {
					t.Fatalf("%s\nsegment from %d along %v: bitboard %v (%d), walk %v (%d)", src, i, d, word, n2, walked, n1)
				}
			}
		}
		for _, name := range []string{"queen", "knight", "fairy"} {
			pc := m.Pieces[name]
			walked := bitset.NewRows(p.Squares, p.Squares)
			p.WalkReach(pc, walked)
			got := p.PieceGeometry(pc).Weak
			for i := 0; i < p.Squares; i++ {
				if !got.Row(i).Equal(walked.Row(i)) {
					t.Fatalf("%s\n%s from square %d: bitboard %v, walk %v", src, name, i, got.Row(i), walked.Row(i))
				}
			}
		}
	}
}
