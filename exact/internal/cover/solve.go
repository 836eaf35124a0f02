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
	res.Stats.Extra["engine"] = "coverage search on the most constrained square"
	if (p.Independent && p.FixedConflict()) || p.MinTotal > p.MaxTotal {
		return problem.Infeasible(res, opts)
	}
	r := &coverRun{c: newCoverSearch(p, g, st), st: st, sense: p.Sense, measure: p.Measure, lo: p.MinTotal, hi: p.MaxTotal}
	if p.Cover {
		r.target = p.CoverAtLeast
		if r.target == 0 {
			r.target = r.c.openCount
		}
		r.ruleWhat = p.CoverWhat
	}
	return driver.Solve(st, p, opts, res, r)
}

// A coverRun is one model's searches, as the driver runs them: the bounds
// each pass searches within, narrowed as optima are found.
type coverRun struct {
	c          *coverSearch
	st         *tasks.Stopper
	sense      model.Optimize
	measure    model.Measure // the objective's
	ruleWhat   model.Measure // the cover rule's measure; MeasureNone without a rule
	target     int           // the squares a placement must cover
	lo, hi     int           // pieces
	found      bool
	best       []int32
	exhaustive bool  // every placement is weighed (the objective is not the search's own)
	want       int64 // with exhaustive: the optimal value
	tasks      []coverTask
}

var _ driver.Search = (*coverRun)(nil)

func (r *coverRun) Best() ([]int32, []int32) { return r.best, nil }
func (r *coverRun) Value(v, _ []int32) int64 { return r.c.measure(v, r.measure) }
func (r *coverRun) MaxSplit() int            { return r.hi + r.c.openCount }
func (r *coverRun) keep(s *coverSearch) bool {
	return !r.exhaustive || s.measure(s.chosen, r.measure) == r.want
}

// run is one pass of the search within the given bounds.
func (r *coverRun) run(target, lo, hi int) {
	c := r.c
	c.target, c.lo, c.cap = target, lo, hi
	c.halted = false
	c.start()
}

// Optimise finds an optimal placement for the objective and narrows the
// bounds to it.
func (r *coverRun) Optimise(task model.Task) (bool, int64) {
	c := r.c
	coverageObjective := r.measure == model.MeasureAttacked || r.measure == model.MeasureDominated
	switch {
	case coverageObjective && r.sense == model.Maximize && (r.ruleWhat == 0 || r.ruleWhat == r.measure):
		r.mostCovered()
	case r.measure == model.MeasurePieces && r.sense == model.Minimize:
		r.fewestPieces()
	case r.measure == model.MeasurePieces && r.sense == model.Maximize:
		r.mostPieces()
	case r.sense == model.Fixed:
		if task == model.TaskSolve {
			r.keepFirst()
			r.run(r.target, r.lo, r.hi)
		} else {
			r.found = true
		}
	default:
		r.weighAll()
	}
	nodes := c.nodes
	c.nodes = 0
	if r.exhaustive && r.found {
		r.want = r.Value(r.best, nil)
	}
	c.target, c.lo, c.cap = r.target, r.lo, r.hi
	return r.found, nodes
}

// keepFirst makes the passes stop at their first placement and keep it.
func (r *coverRun) keepFirst() {
	r.c.accept = func(int) {
		r.found, r.best = true, slices.Clone(r.c.chosen)
		r.c.halted = true
	}
}

// mostCovered raises the target past each placement found until none is
// left, so that a search stopped early still has its best placement.
func (r *coverRun) mostCovered() {
	c := r.c
	var value int
	c.accept = func(v int) {
		value, r.best = v, slices.Clone(c.chosen)
		c.halted = true
	}
	for t := r.target; t <= c.openCount && !r.st.Stopped(); t = value + 1 {
		value = -1
		r.run(t, r.lo, r.hi)
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
		r.run(r.target, r.lo, k)
		if r.found {
			r.lo, r.hi = k, k
		}
	}
}

// mostPieces raises the least pieces past each placement found, so that a
// search stopped early keeps its best.
func (r *coverRun) mostPieces() {
	got := false
	r.c.accept = func(int) {
		got, r.found, r.best = true, true, slices.Clone(r.c.chosen)
		r.c.halted = true
	}
	for k := r.lo; k <= r.hi && !r.st.Stopped(); k = len(r.best) + 1 {
		got = false
		r.run(r.target, k, r.hi)
		if !got {
			break
		}
	}
	if r.found {
		r.lo, r.hi = len(r.best), len(r.best)
	}
}

// weighAll weighs every placement meeting the rule: the fewest squares
// covered, or a coverage objective on another measure than the rule's.
func (r *coverRun) weighAll() {
	r.exhaustive = true
	var bestValue int64
	sense := r.sense
	r.c.accept = func(int) {
		v := r.c.measure(r.c.chosen, r.measure)
		if !r.found || (sense == model.Maximize && v > bestValue) || (sense == model.Minimize && v < bestValue) {
			r.found, bestValue, r.best = true, v, slices.Clone(r.c.chosen)
		}
	}
	r.run(r.target, r.lo, r.hi)
}

// Enumerate lists the placements at the optimum depth first.
func (r *coverRun) Enumerate(emit func(vertices, walls []int32) bool) int64 {
	c := r.c
	c.accept = func(int) {
		if r.keep(c) && !emit(c.chosen, nil) {
			c.halted = true
		}
	}
	r.run(r.target, r.lo, r.hi)
	return c.nodes
}

// Split records the subtrees below the first branchings at depth.
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
	r.c.prepare()
	r.tasks = []coverTask{{avail: slices.Clone(r.c.p.Allowed), gaveUp: bitset.New(r.c.p.Squares)}}
	return 1
}

// A coverWorker searches tasks of the list, tallying what it accepts.
type coverWorker struct {
	r    *coverRun
	s    *coverSearch
	task int
}

func (r *coverRun) Worker(t *problem.Tally) driver.Worker {
	w := &coverWorker{r: r, s: newCoverSearch(r.c.p, r.c.g, r.st)}
	w.s.target, w.s.lo, w.s.cap = r.target, r.lo, r.hi
	w.s.accept = func(int) {
		if r.keep(w.s) {
			t.Add(w.task, w.s.chosen, nil)
		}
	}
	return w
}

func (w *coverWorker) Nodes() int64 { return w.s.nodes }

func (w *coverWorker) Run(task int) {
	w.task = task
	w.s.halted = false
	w.s.resume(w.r.tasks[task])
}
