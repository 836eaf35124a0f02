package ilp_test

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestTourUndirected: counting undirected open tours by no-good cuts over
// the undirected edge variables gives each path once, and the classes up
// to symmetry and reversal of OEIS A328341 (3 for 3x4, 22 for 4x5); an
// enumeration lists each path once.
func TestTourUndirected(t *testing.T) {
	for _, c := range []struct {
		board          string
		paths, classes int64
	}{
		{"3x4", 8, 3},
		{"4x5", 82, 22},
	} {
		m := tourModel(t, c.board, "{piece: knight, undirected: true}")
		res, err := ilp.New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true})
		if err != nil {
			t.Fatal(err)
		}
		if *res.Count != c.paths || *res.Classes != c.classes {
			t.Errorf("%s: %d paths, %d classes; want %d, %d", c.board, *res.Count, *res.Classes, c.paths, c.classes)
		}
		listed := map[string]bool{}
		_, err = ilp.New().Solve(context.Background(), m, model.Options{Task: model.TaskEnumerate, Emit: func(s model.Solution) error {
			key, rev := "", ""
			for i := range s.Squares {
				key += s.Squares[i].String() + " "
				rev += s.Squares[len(s.Squares)-1-i].String() + " "
			}
			if listed[key] || listed[rev] {
				t.Errorf("%s: %v listed twice (or with its reverse)", c.board, s.Squares)
			}
			listed[key] = true
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(listed)) != c.paths {
			t.Errorf("%s: %d paths listed, want %d", c.board, len(listed), c.paths)
		}
	}
}
