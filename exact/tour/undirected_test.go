package tour_test

import (
	"context"
	"slices"
	"testing"

	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/model"
)

// Published counts of open knight's tours taken as undirected paths: the
// 5x5 board has 1728 directed open tours, so 864 paths; 3x4 has 8 tour
// diagrams (Euler's three classes, OEIS A169777 and A169696). Classes up to
// symmetry and reversal: OEIS A328341 (4 x n: 3, 22, 186 for n = 3, 5, 6) and
// A169777 (3 x n: 3, 14, 104 for n = 4, 7, 8).
var undirectedKnightTours = []struct {
	board   string
	paths   int64 // -1: not published in a source we read
	classes int64
}{
	{"3x4", 8, 3},
	{"4x3", 8, 3},
	{"4x5", 82, 22},
	{"5x5", 864, -1},
	{"4x6", -1, 186},
	{"3x7", -1, 14},
	{"3x8", -1, 104},
}

// TestUndirectedTourCounts: both counting methods give half the directed
// count, and the search gives the published classes up to symmetry and
// reversal.
func TestUndirectedTourCounts(t *testing.T) {
	ctx := context.Background()
	for _, c := range undirectedKnightTours {
		t.Run(c.board, func(t *testing.T) {
			directed := tourModel(t, c.board, "{piece: knight}")
			m := tourModel(t, c.board, "{piece: knight, undirected: true}")
			all, err := tour.SolveWith(ctx, directed, model.Options{Task: model.TaskCount}, tour.Search)
			if err != nil {
				t.Fatal(err)
			}
			for _, method := range []tour.Method{tour.Frontier, tour.Search} {
				res, err := tour.SolveWith(ctx, m, model.Options{Task: model.TaskCount}, method)
				if err != nil {
					t.Fatal(err)
				}
				if got := *res.Count; got*2 != *all.Count || (c.paths >= 0 && got != c.paths) {
					t.Errorf("%v: %d paths, want half of %d directed (published: %d)", method, got, *all.Count, c.paths)
				}
			}
			res, err := tour.SolveWith(ctx, m, model.Options{Task: model.TaskCount, Symmetry: true}, tour.Search)
			if err != nil {
				t.Fatal(err)
			}
			if c.classes >= 0 && *res.Classes != c.classes {
				t.Errorf("%d classes up to symmetry and reversal, want %d", *res.Classes, c.classes)
			}
		})
	}
}

// TestUndirectedTourEnumerate: an enumeration lists each path once, from
// its smaller end: no tour is listed with its reverse, and the paths and
// their reverses are the directed tours.
func TestUndirectedTourEnumerate(t *testing.T) {
	ctx := context.Background()
	for _, board := range []string{"3x4", "4x5", "{size: 5, walls: [c3]}"} {
		m := tourModel(t, board, "{piece: knight, undirected: true}")
		seen := map[string]bool{}
		res, err := tour.Solve(ctx, m, model.Options{Task: model.TaskEnumerate, Emit: func(s model.Solution) error {
			if r := model.Check(m, &s); !r.Valid {
				t.Errorf("%v: %v", s.Squares, r.Problems)
			}
			key, rev := squaresKey(slices.All(s.Squares)), squaresKey(slices.Backward(s.Squares))
			if seen[key] || seen[rev] {
				t.Errorf("%s: %v listed twice (or with its reverse)", board, s.Squares)
			}
			seen[key], seen[rev] = true, true
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		directed, err := tour.Solve(ctx, tourModel(t, board, "{piece: knight}"), model.Options{Task: model.TaskCount})
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(seen)) != *directed.Count || *res.Count*2 != *directed.Count {
			t.Errorf("%s: %d paths listed (%d with reverses), %d directed tours", board, *res.Count, len(seen), *directed.Count)
		}
	}
}

// TestUndirectedTourSmall: one square is one tour either way; two squares a
// move apart are one undirected tour and one class; a start square or a
// closed tour leaves the counts as they were.
func TestUndirectedTourSmall(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		board, spec    string
		count, classes int64
	}{
		{"1", "{piece: knight, undirected: true}", 1, 1},
		{"1x2", "{piece: king, undirected: true}", 1, 1},
		{"1x2", "{piece: king}", 2, 1},
		// found by compare --random --draw tour: the mirror of a board of
		// one rank fixes both squares, so the two directions stay two classes
		{"{size: \"1x3\", walls: [a1]}", "{piece: king}", 2, 2},
		{"{size: \"1x3\", walls: [a1]}", "{piece: king, undirected: true}", 1, 1},
		{"5", "{piece: knight, start: a1, undirected: true}", 304, 152},
		{"5", "{piece: knight, start: a1}", 304, 152},
		{"6", "{piece: knight, closed: true, undirected: true}", 9862, 1245},
	} {
		res, err := tour.Solve(ctx, tourModel(t, c.board, c.spec), model.Options{Task: model.TaskCount, Symmetry: true})
		if err != nil {
			t.Fatal(err)
		}
		if *res.Count != c.count || *res.Classes != c.classes {
			t.Errorf("%s %s: %d tours, %d classes; want %d, %d", c.board, c.spec, *res.Count, *res.Classes, c.count, c.classes)
		}
	}
}

func squaresKey(squares func(func(int, model.Square) bool)) string {
	out := ""
	for _, s := range squares {
		out += s.String() + " "
	}
	return out
}
