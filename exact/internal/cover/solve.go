package cover

import (
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
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
	m := p.Model
	if (m.Rules.Independent && p.FixedConflict()) || p.MinTotal > p.MaxTotal {
		return problem.Infeasible(res, opts)
	}
	c := newCoverSearch(p, g, st)
	open := c.openCount
	ruleTarget := 0
	if r := m.Rules.Cover; r != nil {
		ruleTarget = r.AtLeast
		if ruleTarget == 0 {
			ruleTarget = open
		}
	}
	obj := m.Objective
	objMeasure := obj.Measure
	valueOf := func(v, _ []int32) int64 { return c.measure(v, objMeasure) }

	var best []int32
	found := false
	firstOnly := func(int) {
		found = true
		best = slices.Clone(c.chosen)
		c.halted = true
	}
	lo, hi := p.MinTotal, p.MaxTotal
	target := ruleTarget
	run := func(t, l, h int) {
		c.target, c.lo, c.cap = t, l, h
		c.halted = false
		c.start()
	}
	coverageObjective := objMeasure == model.MeasureAttacked || objMeasure == model.MeasureDominated
	exhaustive := false // evaluate every placement to find the optimum
	switch {
	case coverageObjective && obj.Sense == model.Maximize && (m.Rules.Cover == nil || m.Rules.Cover.What == objMeasure):
		// raise the target past each placement found until none is left, so
		// that a search stopped early still has its best placement
		var value int
		c.accept = func(v int) {
			value, best = v, slices.Clone(c.chosen)
			c.halted = true
		}
		for t := ruleTarget; t <= open && !st.Stopped(); t = value + 1 {
			value = -1
			run(t, lo, hi)
			if value < 0 {
				break
			}
			found, target = true, value
		}
	case objMeasure == model.MeasurePieces && obj.Sense == model.Minimize:
		c.accept = firstOnly
		for k := lo; k <= hi && !found && !st.Stopped(); k++ {
			run(target, lo, k)
			if found {
				lo, hi = k, k
			}
		}
	case objMeasure == model.MeasurePieces && obj.Sense == model.Maximize:
		// raise the least number of pieces past each placement found, so
		// that a search stopped early keeps its best
		got := false
		c.accept = func(int) {
			got, found, best = true, true, slices.Clone(c.chosen)
			c.halted = true
		}
		for k := lo; k <= hi && !st.Stopped(); k = len(best) + 1 {
			got = false
			run(target, k, hi)
			if !got {
				break
			}
		}
		if found {
			lo, hi = len(best), len(best)
		}
	case obj.Sense == model.Fixed:
		if opts.Task == model.TaskSolve {
			c.accept = firstOnly
			run(target, lo, hi)
		} else {
			found = true
		}
	default:
		// minimum coverage, or a coverage objective on another measure than
		// the rule's: every placement meeting the rule is weighed
		exhaustive = true
		var bestValue int64
		c.accept = func(int) {
			v := c.measure(c.chosen, objMeasure)
			if !found || (obj.Sense == model.Maximize && v > bestValue) || (obj.Sense == model.Minimize && v < bestValue) {
				found, bestValue, best = true, v, slices.Clone(c.chosen)
			}
		}
		run(target, lo, hi)
	}
	res.Stats.Nodes += c.nodes
	if st.Canceled() {
		return problem.Unknown(res, p, found, best, nil, valueOf)
	}
	if !found {
		return problem.Infeasible(res, opts)
	}
	if opts.Task == model.TaskSolve {
		return problem.Solved(res, p, best, nil, valueOf)
	}

	// count or enumerate at the optimum
	var want int64
	if exhaustive {
		want = valueOf(best, nil)
	}
	keep := func() bool { return !exhaustive || c.measure(c.chosen, objMeasure) == want }
	c.nodes = 0
	if opts.Task == model.TaskEnumerate {
		var n int64
		var emitErr error
		c.accept = func(int) {
			if !keep() {
				return
			}
			if emitErr = opts.Emit(p.Solution(c.chosen, nil)); emitErr != nil {
				c.halted = true
				return
			}
			n++
		}
		run(target, lo, hi)
		res.Stats.Nodes += c.nodes
		return problem.Enumerated(res, st, n, emitErr)
	}
	c.target, c.lo, c.cap = target, lo, hi
	t, nodes := countCover(st, c, opts, func(s *coverSearch) bool {
		return !exhaustive || s.measure(s.chosen, objMeasure) == want
	})
	res.Stats.Nodes += nodes
	if st.Canceled() {
		res.Status = model.StatusUnknown
		res.Stats.Extra["counted_so_far"] = t.Count
		return nil
	}
	return p.CountResult(res, t, opts, valueOf)
}

// countCover counts the placements c's target and counts accept, sharing
// the subtrees below the first branchings among workers.
func countCover(st *tasks.Stopper, c *coverSearch, opts model.Options, keep func(*coverSearch) bool) (*problem.Tally, int64) {
	p := c.p
	workers := model.WorkerCount(opts.Workers)
	var todo []coverTask
	var nodes int64
	if workers > 1 || opts.Progress != nil { // subtrees share the work and measure progress
		for d := 1; d <= c.cap+c.openCount; d++ {
			c.splitDepth, c.tasks, c.halted, c.deeper = d, nil, false, false
			c.accept = func(int) {}
			c.start()
			nodes += c.nodes
			c.nodes = 0
			todo = c.tasks
			if len(todo) >= 32*workers || st.Stopped() || !c.deeper {
				break
			}
		}
		c.splitDepth = -1
	}
	if todo == nil {
		c.prepare()
		todo = []coverTask{{avail: slices.Clone(p.Allowed), gaveUp: bitset.New(p.Squares)}}
	}
	searches := make([]*coverSearch, workers)
	tallies := make([]*problem.Tally, workers)
	current := make([]int, workers)
	for w := range searches {
		w := w
		s := newCoverSearch(p, c.g, st)
		s.target, s.lo, s.cap = c.target, c.lo, c.cap
		tallies[w] = problem.NewTally(p, opts.Symmetry)
		s.accept = func(int) {
			if keep(s) {
				tallies[w].Add(current[w], s.chosen, nil)
			}
		}
		searches[w] = s
	}
	tasks.RunSubtrees(st, workers, len(todo), opts.Progress, "counting", func(w, i int) {
		current[w] = i
		searches[w].halted = false
		searches[w].resume(todo[i])
	})
	total := problem.NewTally(p, opts.Symmetry)
	for w, s := range searches {
		nodes += s.nodes
		total.Merge(tallies[w])
	}
	return total, nodes
}
