package cover

import (
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A coverRun is one model's coverage searches, with or without free walls,
// as the driver runs them: the bounds each pass searches within, narrowed
// as optima are found, and the best placement so far.
type coverRun struct {
	c              *coverSearch
	st             *tasks.Stopper
	opts           model.Options
	sense          model.Optimize
	measure        model.Measure // the objective's
	ruleWhat       model.Measure // the cover rule's measure; MeasureNone without a rule
	walls          bool          // free walls: the search with walls, in one task
	target         int           // the squares a placement must cover
	lo, hi         int           // pieces
	wallLo, wallHi int           // walls
	found          bool
	bestV, bestW   []int32
	exhaustive     bool  // every placement is weighed (the objective is not the search's own)
	want           int64 // with exhaustive: the optimal value
	tasks          []coverTask
}

var _ driver.Search = (*coverRun)(nil)

func newCoverRun(c *coverSearch, st *tasks.Stopper, opts model.Options) *coverRun {
	p := c.p
	r := &coverRun{c: c, st: st, opts: opts, sense: p.Sense, measure: p.Measure, lo: p.MinTotal, hi: p.MaxTotal}
	if p.Cover {
		r.target, r.ruleWhat = p.CoverAtLeast, p.CoverWhat
	}
	return r
}

func (r *coverRun) Best() ([]int32, []int32) { return r.bestV, r.bestW }

// Value is the objective's measure of a placement (on its walls).
func (r *coverRun) Value(v, w []int32) int64 { return r.valueOn(r.c, v, w) }

// valueOn measures a placement with search s's scratch state: each worker
// measures on its own search, never on the run's, which the measure
// overwrites while it works.
func (r *coverRun) valueOn(s *coverSearch, v, w []int32) int64 {
	if r.walls {
		return s.measureWalls(v, w, r.measure)
	}
	return s.measure(v, r.measure)
}

// current is the placement search s stands on, and its walls.
func (r *coverRun) current(s *coverSearch) ([]int32, []int32) {
	if r.walls {
		return s.chosen, s.wallList()
	}
	return s.chosen, nil
}

// keep says whether the placement s stands on is at the optimum.
func (r *coverRun) keep(s *coverSearch) bool {
	if !r.exhaustive {
		return true
	}
	return r.here(s) == r.want
}

// here is the objective's measure of the placement s stands on, measured
// where it stands, free walls in place, with nothing copied: an exhaustive
// search weighs every placement it finds.
func (r *coverRun) here(s *coverSearch) int64 {
	if r.walls {
		return s.measureHere(s.chosen, r.measure)
	}
	return s.measure(s.chosen, r.measure)
}

// onAccept sets what s does with each placement it finds.
func (r *coverRun) onAccept(s *coverSearch, accept func(value int)) {
	if r.walls {
		s.acceptW = accept
	} else {
		s.accept = accept
	}
}

// run is one pass of the search within the given bounds.
func (r *coverRun) run(target, lo, hi, wallLo, wallHi int) {
	c := r.c
	c.target, c.lo, c.cap = target, lo, hi
	c.halted = false
	if r.walls {
		c.wallLo, c.wallHi = wallLo, wallHi
		c.startWalls()
		return
	}
	c.start()
}

// pass is run within the run's wall bounds.
func (r *coverRun) pass(target, lo, hi int) { r.run(target, lo, hi, r.wallLo, r.wallHi) }

// keepBest keeps the placement the search stands on as the best.
func (r *coverRun) keepBest() {
	v, w := r.current(r.c)
	r.bestV, r.bestW = slices.Clone(v), slices.Clone(w)
}

// Optimise finds an optimal placement for the objective and narrows the
// bounds to it; the count and enumeration that follow see every wall set.
func (r *coverRun) Optimise(task model.Task) (bool, int64) {
	c := r.c
	// finding passes need only walls that separate pieces, unless walls are
	// wanted for themselves
	c.minimalWalls = r.walls && r.wallLo == 0 && r.measure != model.MeasureWalls
	coverage := r.measure == model.MeasureAttacked || r.measure == model.MeasureDominated
	switch {
	case r.measure == model.MeasureWalls && r.sense == model.Minimize:
		r.fewestWalls()
	case r.measure == model.MeasureWalls:
		r.mostWalls()
	case coverage && r.sense == model.Maximize && (r.ruleWhat == model.MeasureNone || r.ruleWhat == r.measure) && !c.all:
		r.mostCovered()
	case r.measure == model.MeasurePieces && r.sense == model.Minimize:
		r.fewestPieces()
	case r.measure == model.MeasurePieces && r.sense == model.Maximize:
		r.mostPieces()
	case r.sense == model.Fixed && task == model.TaskSolve:
		r.keepFirst()
		r.pass(r.target, r.lo, r.hi)
	case r.sense == model.Fixed:
		r.found = true // counting without an objective needs no first pass
	default:
		r.weighAll()
	}
	nodes := c.nodes
	if task != model.TaskSolve {
		if r.exhaustive && r.found {
			r.want = r.Value(r.bestV, r.bestW)
		}
		c.nodes = 0
		c.minimalWalls = false // every wall set counts
		c.target, c.lo, c.cap = r.target, r.lo, r.hi
	}
	return r.found, nodes
}

// keepFirst makes the passes stop at their first placement and keep it.
func (r *coverRun) keepFirst() {
	r.onAccept(r.c, func(int) {
		r.found = true
		r.keepBest()
		r.c.halted = true
	})
}

// fewestWalls raises the most walls allowed until a placement is found.
func (r *coverRun) fewestWalls() {
	r.keepFirst()
	for k := r.wallLo; k <= r.wallHi && !r.found && !r.st.Stopped(); k++ {
		r.run(r.target, r.lo, r.hi, r.wallLo, k)
		if r.found {
			r.wallHi = k
		}
	}
}

// mostWalls lowers the least walls asked for until a placement is found.
func (r *coverRun) mostWalls() {
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
func (r *coverRun) mostCovered() {
	var value int
	r.onAccept(r.c, func(v int) {
		value = v
		r.keepBest()
		r.c.halted = true
	})
	for t := r.target; t <= r.c.openCount && !r.st.Stopped(); t = value + 1 {
		value = -1
		r.pass(t, r.lo, r.hi)
		if value < 0 {
			break
		}
		r.found, r.target = true, value
	}
}

// fewestPieces raises the most pieces allowed until a placement is found.
func (r *coverRun) fewestPieces() {
	r.keepFirst()
	for k := r.lo; k <= r.hi && !r.found && !r.st.Stopped(); k++ {
		r.pass(r.target, r.lo, k)
		if r.found {
			r.lo, r.hi = k, k
		}
	}
}

// mostPieces raises the least pieces past each placement found, so that a
// search stopped early keeps its best.
func (r *coverRun) mostPieces() {
	got := false
	r.onAccept(r.c, func(int) {
		got, r.found = true, true
		r.keepBest()
		r.c.halted = true
	})
	for k := r.lo; k <= r.hi && !r.st.Stopped(); k = len(r.bestV) + 1 {
		got = false
		r.pass(r.target, k, r.hi)
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
func (r *coverRun) weighAll() {
	r.exhaustive = true
	r.c.minimalWalls = false
	var bestValue int64
	r.onAccept(r.c, func(int) {
		v := r.here(r.c)
		if !r.found || (r.sense == model.Maximize && v > bestValue) || (r.sense == model.Minimize && v < bestValue) {
			r.found, bestValue = true, v
			r.keepBest()
		}
	})
	r.pass(r.target, r.lo, r.hi)
}

// Enumerate lists the placements at the optimum depth first.
func (r *coverRun) Enumerate(emit func(vertices, walls []int32) bool) int64 {
	r.onAccept(r.c, func(int) {
		if r.keep(r.c) && !emit(r.current(r.c)) {
			r.c.halted = true
		}
	})
	r.pass(r.target, r.lo, r.hi)
	return r.c.nodes
}
