package cover

import (
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// The runs of the coverage search with free walls (coverwalls.go): the
// passes that find an optimum, then the one that counts or enumerates.

// A coverWallsRun is one model's runs: the bounds each pass searches
// within, narrowed as optima are found, and the best placement so far.
type coverWallsRun struct {
	c              *coverSearch
	st             *tasks.Stopper
	target         int // the squares a placement must cover
	lo, hi         int // pieces
	wallLo, wallHi int // walls
	found          bool
	bestV, bestW   []int32
	exhaustive     bool  // every placement was weighed (the objective is not the search's own)
	want           int64 // with exhaustive: the optimal value
	opts           model.Options
}

// SolveWalls answers models with free walls and a cover rule or a
// coverage objective.
func SolveWalls(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error {
	g, err := graph.New(p)
	if err != nil {
		return err
	}
	res.Stats.Extra["engine"] = "coverage search with free walls"
	if p.MinTotal > p.MaxTotal || p.WallsMin > p.WallsMax {
		return problem.Infeasible(res, opts)
	}
	c := newCoverSearch(p, g, st)
	c.setupWalls()
	r := &coverWallsRun{c: c, st: st, opts: opts, lo: p.MinTotal, hi: p.MaxTotal, wallLo: c.wallLo, wallHi: c.wallHi}
	if p.Cover {
		r.target = p.CoverAtLeast
	}
	return driver.Solve(st, p, opts, res, r)
}

var _ driver.Search = (*coverWallsRun)(nil)

func (r *coverWallsRun) Best() ([]int32, []int32) { return r.bestV, r.bestW }

// Value is the objective's measure of a placement on its walls.
func (r *coverWallsRun) Value(v, w []int32) int64 {
	return r.c.measureWalls(v, w, r.c.p.Measure)
}

// Optimise finds an optimal placement and narrows the bounds to it; the
// count and enumeration that follow see every wall set.
func (r *coverWallsRun) Optimise(task model.Task) (bool, int64) {
	r.optimum(task)
	nodes := r.c.nodes
	if task != model.TaskSolve {
		if r.exhaustive && r.found {
			r.want = r.Value(r.bestV, r.bestW)
		}
		r.c.nodes = 0
		r.c.minimalWalls = false // every wall set counts
	}
	return r.found, nodes
}

// keep says whether the placement the search stands on is at the optimum.
func (r *coverWallsRun) keep() bool {
	return !r.exhaustive || r.Value(r.c.chosen, r.c.wallList()) == r.want
}

// Enumerate lists the placements at the optimum depth first.
func (r *coverWallsRun) Enumerate(emit func(vertices, walls []int32) bool) int64 {
	c := r.c
	c.acceptW = func(int) {
		if r.keep() && !emit(c.chosen, c.wallList()) {
			c.halted = true
		}
	}
	r.run(r.target, r.lo, r.hi, r.wallLo, r.wallHi)
	return c.nodes
}

// The search with free walls does not split: its count is one task, the
// whole tree, searched by the run's own search.
func (r *coverWallsRun) MaxSplit() int                { return 0 }
func (r *coverWallsRun) Whole() int                   { return 1 }
func (r *coverWallsRun) Split(int) (int, int64, bool) { return r.Whole(), 0, false }
func (r *coverWallsRun) Nodes() int64                 { return r.c.nodes }
func (r *coverWallsRun) Run(int)                      { r.run(r.target, r.lo, r.hi, r.wallLo, r.wallHi) }

// Worker tallies the placements of the one task.
func (r *coverWallsRun) Worker(t *problem.Tally) driver.Worker {
	c := r.c
	c.acceptW = func(int) {
		if !r.keep() {
			return
		}
		if r.opts.DistinctWalls {
			t.AddBoard(0, slices.Clone(c.walls).Key(), c.chosen, c.wallList())
			return
		}
		t.Add(0, c.chosen, c.wallList())
	}
	return r
}

// run is one pass of the search within the given bounds.
func (r *coverWallsRun) run(target, lo, hi, wallLo, wallHi int) {
	c := r.c
	c.target, c.lo, c.cap, c.wallLo, c.wallHi = target, lo, hi, wallLo, wallHi
	c.halted = false
	c.startWalls()
}

// keepFirst makes the passes stop at their first placement and keep it.
func (r *coverWallsRun) keepFirst() {
	r.c.acceptW = func(int) {
		r.found, r.bestV, r.bestW = true, slices.Clone(r.c.chosen), r.c.wallList()
		r.c.halted = true
	}
}

// optimum runs the passes that find an optimal placement for the
// objective, narrowing the run's bounds to it.
func (r *coverWallsRun) optimum(task model.Task) {
	c, p := r.c, r.c.p
	obj := model.Objective{Sense: p.Sense, Measure: p.Measure}
	// finding passes need only walls that separate pieces, unless walls are
	// wanted for themselves
	c.minimalWalls = r.wallLo == 0 && obj.Measure != model.MeasureWalls
	coverageObjective := obj.Measure == model.MeasureAttacked || obj.Measure == model.MeasureDominated
	switch {
	case obj.Measure == model.MeasureWalls && obj.Sense == model.Minimize:
		r.fewestWalls()
	case obj.Measure == model.MeasureWalls:
		r.mostWalls()
	case coverageObjective && obj.Sense == model.Maximize && (!p.Cover || p.CoverWhat == obj.Measure) && !c.all:
		r.mostCovered()
	case obj.Measure == model.MeasurePieces && obj.Sense == model.Minimize:
		r.fewestPieces()
	case obj.Measure == model.MeasurePieces && obj.Sense == model.Maximize:
		r.mostPieces()
	case obj.Sense == model.Fixed:
		if task == model.TaskSolve {
			r.keepFirst()
			r.run(r.target, r.lo, r.hi, r.wallLo, r.wallHi)
		} else {
			r.found = true
		}
	default:
		r.weighAll(obj, r.Value)
	}
}

// fewestWalls raises the most walls allowed until a placement is found.
func (r *coverWallsRun) fewestWalls() {
	r.keepFirst()
	for k := r.wallLo; k <= r.wallHi && !r.found && !r.st.Stopped(); k++ {
		r.run(r.target, r.lo, r.hi, r.wallLo, k)
		if r.found {
			r.wallHi = k
		}
	}
}

// mostWalls lowers the least walls asked for until a placement is found.
func (r *coverWallsRun) mostWalls() {
	r.keepFirst()
	for k := r.wallHi; k >= r.wallLo && !r.found && !r.st.Stopped(); k-- {
		r.run(r.target, r.lo, r.hi, k, r.wallHi)
		if r.found {
			r.wallLo = k
		}
	}
}

// mostCovered raises the target past each placement found until none is
// left, so that a search stopped early still has its best placement.
func (r *coverWallsRun) mostCovered() {
	c := r.c
	var value int
	c.acceptW = func(v int) {
		value, r.bestV, r.bestW = v, slices.Clone(c.chosen), c.wallList()
		c.halted = true
	}
	for t := r.target; t <= c.openCount && !r.st.Stopped(); t = value + 1 {
		value = -1
		r.run(t, r.lo, r.hi, r.wallLo, r.wallHi)
		if value < 0 {
			break
		}
		r.found, r.target = true, value
	}
}

// fewestPieces raises the most pieces allowed until a placement is found.
func (r *coverWallsRun) fewestPieces() {
	r.keepFirst()
	for k := r.lo; k <= r.hi && !r.found && !r.st.Stopped(); k++ {
		r.run(r.target, r.lo, k, r.wallLo, r.wallHi)
		if r.found {
			r.lo, r.hi = k, k
		}
	}
}

// mostPieces raises the least pieces past each placement found, so that a
// search stopped early keeps its best.
func (r *coverWallsRun) mostPieces() {
	c := r.c
	got := false
	c.acceptW = func(int) {
		got, r.found, r.bestV, r.bestW = true, true, slices.Clone(c.chosen), c.wallList()
		c.halted = true
	}
	for k := r.lo; k <= r.hi && !r.st.Stopped(); k = len(r.bestV) + 1 {
		got = false
		r.run(r.target, k, r.hi, r.wallLo, r.wallHi)
		if !got {
			break
		}
	}
	if r.found {
		r.lo, r.hi = len(r.bestV), len(r.bestV)
	}
}

// weighAll weighs every placement meeting the rule by the objective: the
// fewest squares, or a measure other than the search's own.
func (r *coverWallsRun) weighAll(obj model.Objective, valueOf problem.ValueFunc) {
	c := r.c
	r.exhaustive = true
	c.minimalWalls = false
	var bestValue int64
	c.acceptW = func(int) {
		v := valueOf(c.chosen, c.wallList())
		if !r.found || (obj.Sense == model.Maximize && v > bestValue) || (obj.Sense == model.Minimize && v < bestValue) {
			r.found, bestValue, r.bestV, r.bestW = true, v, slices.Clone(c.chosen), c.wallList()
		}
	}
	r.run(r.target, r.lo, r.hi, r.wallLo, r.wallHi)
}
