package cover

import (
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// measure computes the attacked or dominated open squares of a placement
// (or its pieces, for any other measure).
func (c *coverSearch) measure(vertices []int32, ms model.Measure) int64 {
	if ms != model.MeasureAttacked && ms != model.MeasureDominated {
		return int64(len(vertices))
	}
	saved := slices.Clone(c.occupied)
	savedDominate := c.dominate
	c.occupied.CopyFrom(c.p.FixedSquares)
	for _, v := range vertices {
		c.occupied.Set(c.p.SquareOf(int(v)))
	}
	c.dominate = ms == model.MeasureDominated
	att := bitset.New(c.p.Squares)
	c.attacks(vertices, att)
	n := att.CountAnd(c.p.Open)
	c.occupied.CopyFrom(saved)
	c.dominate = savedDominate
	return int64(n)
}

// Solve answers models with a cover rule or a coverage objective.
func Solve(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error {
	g, err := graph.New(p)
	if err != nil {
		return err
	}
	res.Stats.Engine = "coverage search on the most constrained square"
	if (p.Independent && p.FixedConflict()) || p.MinTotal > p.MaxTotal {
		return problem.Infeasible(res, opts)
	}
	r := newCoverRun(newCoverSearch(p, g, st), st, opts)
	if p.Cover && r.target == 0 {
		r.target = r.c.openCount
	}
	return driver.Solve(st, p, opts, res, r)
}

// SolveWalls answers models with free walls and a cover rule or a
// coverage objective; it runs whole, never as a shard (one task).
func SolveWalls(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error {
	if err := driver.Whole(opts, "the coverage search with free walls"); err != nil {
		return err
	}
	g, err := graph.New(p)
	if err != nil {
		return err
	}
	res.Stats.Engine = "coverage search with free walls"
	if p.MinTotal > p.MaxTotal || p.WallsMin > p.WallsMax {
		return problem.Infeasible(res, opts)
	}
	c := newCoverSearch(p, g, st)
	c.setupWalls()
	r := newCoverRun(c, st, opts)
	r.walls, r.wallLo, r.wallHi = true, c.wallLo, c.wallHi
	return driver.Solve(st, p, opts, res, r)
}

// The count of the coverage search: split into subtrees below the first
// branchings, or, with free walls, one task searched by the run's own
// search.

// MaxSplit is the deepest split: every piece and every square decided.
func (r *coverRun) MaxSplit() int {
	if r.walls {
		return 0
	}
	return r.hi + r.c.openCount
}

// Split records the subtrees at depth.
func (r *coverRun) Split(depth int) (int, int64, bool) {
	c := r.c
	c.splitDepth, c.tasks, c.halted, c.deeper = depth, nil, false, false
	c.accept = func(int) {}
	c.start()
	nodes := c.nodes
	c.nodes = 0
	c.splitDepth = -1
	r.tasks = c.tasks
	if len(r.tasks) == 0 {
		return r.Whole(), nodes, false
	}
	return len(r.tasks), nodes, c.deeper
}

// Whole makes the whole tree the one task.
func (r *coverRun) Whole() int {
	if !r.walls {
		r.c.prepare()
		r.tasks = []coverTask{{avail: slices.Clone(r.c.p.Allowed), gaveUp: bitset.New(r.c.p.Squares)}}
	}
	return 1
}

// Worker tallies into t the placements at the optimum of the tasks it
// runs: with a search of its own, or, with free walls, the run's.
func (r *coverRun) Worker(t *problem.Tally) driver.Worker {
	s := r.c
	if !r.walls {
		s = newCoverSearch(r.c.p, r.c.g, r.st)
		s.target, s.lo, s.cap = r.target, r.lo, r.hi
	}
	w := driver.NewWorker(t, func(task int) {
		if r.walls {
			r.pass(r.target, r.lo, r.hi)
			return
		}
		s.halted = false
		s.resume(r.tasks[task])
	}, func() int64 { return s.nodes })
	r.onAccept(s, func(int) {
		if !r.keep(s) {
			return
		}
		v, walls := r.current(s)
		if r.opts.DistinctWalls {
			t.AddBoard(w.Task(), slices.Clone(s.walls).Key(), v, walls)
			return
		}
		w.Add(v, walls)
	})
	return w
}
