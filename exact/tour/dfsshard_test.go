package tour_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/model"
)

// The parts of a tour count by the search add up to the whole: in 1, 3
// and 7 parts, closed and open, from a start square or from every square,
// with classes or without. The totals are the published ones where known
// (6x6 closed: 9,862 tours; 5x5 open: 1,728 directed tours, 304 from a
// corner) and else the frontier programme's, an independent method; the
// classes, nodes and subtrees are the whole search's.
func TestTourPartsAddUp(t *testing.T) {
	cases := []struct {
		board, spec string
		symmetry    bool
		want        int64 // 0: the frontier's count
	}{
		{"6", "{piece: knight, closed: true}", true, 9_862},
		{"5", "{piece: knight}", false, 1_728}, // Auto takes the search here
		{"5", "{piece: knight}", true, 1_728},
		{"5", "{piece: knight, start: a1}", true, 304},
		{"3x8", "{piece: knight}", true, 0},
		{"3x10", "{piece: knight, closed: true}", true, 0},
		{"4x5", "{piece: knight, start: b1}", false, 0},
	}
	for _, c := range cases {
		m := tourModel(t, c.board, c.spec)
		want := c.want
		if want == 0 {
			res, err := tour.SolveWith(context.Background(), m, model.Options{Task: model.TaskCount}, tour.Frontier)
			if err != nil {
				t.Fatal(err)
			}
			want = *res.Count
		}
		whole, err := tour.SolveWith(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: c.symmetry}, tour.Search)
		if err != nil || *whole.Count != want {
			t.Fatalf("%s %s: the whole search: %v, %v; want %d", c.board, c.spec, whole.Count, err, want)
		}
		for _, of := range []int{1, 3, 7} {
			var count, classes, nodes int64
			subtrees := 0
			if tasks, err := tour.ShardTasks(m, model.Options{Symmetry: c.symmetry}, of); err != nil {
				t.Fatal(err)
			} else {
				for _, n := range tasks {
					subtrees += n
				}
			}
			for k := range of {
				opts := model.Options{Task: model.TaskCount, Symmetry: c.symmetry, Workers: 1 + k%2, Shard: model.Shard{Index: k, Of: of}}
				res, err := tour.Solve(context.Background(), m, opts)
				if err != nil {
					t.Fatalf("%s %s, part %d/%d: %v", c.board, c.spec, k, of, err)
				}
				if res.Stats.Method != "search" || res.Stats.Extra["subtrees"] != whole.Stats.Extra["subtrees"] {
					t.Errorf("%s %s, part %d/%d: %v", c.board, c.spec, k, of, res.Stats.Extra)
				}
				count += *res.Count
				nodes += res.Stats.Nodes
				if c.symmetry {
					classes += *res.Classes
				}
			}
			if count != want || nodes != whole.Stats.Nodes || subtrees != whole.Stats.Extra["subtrees"] ||
				c.symmetry && classes != *whole.Classes {
				var wholeClasses int64
				if whole.Classes != nil {
					wholeClasses = *whole.Classes
				}
				t.Errorf("%s %s in %d parts: %d tours, %d classes, %d nodes, %d subtrees; the whole: %d, %d, %d, %v",
					c.board, c.spec, of, count, classes, nodes, subtrees, want, wholeClasses, whole.Stats.Nodes, whole.Stats.Extra["subtrees"])
			}
		}
	}
}

// A part refuses, with ErrUnsupported naming why, a count the frontier
// programme would make (and says how to split it), the frontier asked for
// by name, an undirected open tour, and solve; a board of two squares is
// the first part's.
func TestTourPartsRefused(t *testing.T) {
	part := model.Shard{Index: 1, Of: 3}
	count := model.Options{Task: model.TaskCount, Shard: part}
	for _, c := range []struct {
		board, spec string
		method      tour.Method
		opts        model.Options
		want        string
	}{
		{"6", "{piece: knight}", tour.Auto, count, "--symmetry"},
		{"5", "{piece: knight}", tour.Frontier, count, "no parts"},
		{"5", "{piece: knight, undirected: true}", tour.Auto, count, "both ends"},
		{"5", "{piece: knight}", tour.Auto, model.Options{Task: model.TaskEnumerate, Shard: part, Emit: func(model.Solution) error { return nil }}, "whole"},
	} {
		_, err := tour.SolveWith(context.Background(), tourModel(t, c.board, c.spec), c.opts, c.method)
		if !errors.Is(err, model.ErrUnsupported) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: %v; want ErrUnsupported saying %q", c.board, c.spec, err, c.want)
		}
	}
	m := tourModel(t, "1x2", "{piece: king}")
	var sum int64
	for k := range 3 {
		res, err := tour.Solve(context.Background(), m, model.Options{Task: model.TaskCount, Shard: model.Shard{Index: k, Of: 3}})
		if err != nil {
			t.Fatal(err)
		}
		sum += *res.Count
	}
	if sum != 2 {
		t.Errorf("1x2 king in 3 parts: %d tours, want 2", sum)
	}
}
