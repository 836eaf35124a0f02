package domination

import (
	"fmt"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/fold"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// The fewest pieces in parts: a solve under model.Options.Shard.
//
// Every part computes the same upper bound U, cheaply and on one worker
// (upperBound): a greedy cover, then the first-cover search on the whole
// tree (the orbit tasks in order) at the greedy count, one less, ... each
// under a fixed node budget, U the least count at which it found a cover
// and U's cover that search's: the depth-first first cover at U, which
// the one-process solve prints when the optimum is U. Then part K of N
// tries each count k from the root's lower bound while k < U on the tasks
// it owns of a list fixed by the model and k alone (driver.FirstPart),
// and stops at the first k at which they hold a cover. Its proof says U,
// its passes, its least k (0: none below U) and the task, in the whole
// list of that pass, whose cover it keeps. Merging takes the least k of
// every part, or U: every part refuted every count below its own least.

// upperBudget is the nodes each pass of the upper bound may visit: a
// multiple of 1024, where the search polls its abort, so that the bound
// is the same on every machine. Queens 16x16 finds its 9 queens in about
// 2,000 nodes. A variable only so that the tests can starve the bound.
var upperBudget int64 = 1 << 16

// SolvePart answers one part of the fewest pieces; it returns false, with
// res untouched, when folding would have to judge the model (see Solve).
func SolvePart(st *tasks.Stopper, p *problem.Problem, g fold.Group, opts model.Options, res *model.Result) (bool, error) {
	d, ok, err := newSolve(p, g, opts, res)
	if d == nil {
		return ok, err
	}
	root := newDomSearch(d, st)
	lower := root.lowerBound(d.need, root.allCandidates())
	up, upCover, upNodes := d.upperBound(st, lower)
	proof := model.PartProof{Upper: up, UpperKnown: upCover != nil, UpperNodes: upNodes}
	var passes []model.PartPass
	var chosen []int32
	for k := lower; k < up && !st.Stopped(); k++ {
		found, pass := d.firstPart(st, k, opts)
		passes = append(passes, pass)
		if found.Task >= 0 && !st.Canceled() {
			proof.Least, proof.Task, proof.Found = k, found.Task, true
			chosen = found.cover
			break
		}
	}
	d.report(res, passes)
	if opts.Shard.Index == 0 {
		res.Stats.Nodes += upNodes
	}
	res.Stats.Proof = &proof
	if st.Canceled() {
		res.Status = model.StatusUnknown
		return true, nil
	}
	if chosen == nil && upCover != nil {
		chosen = upCover
	}
	if chosen == nil {
		return true, problem.Infeasible(res, opts) // none in this part, and U has no cover
	}
	if !d.strongCovers(p, g, chosen) {
		return false, nil
	}
	sol := d.solution(p, g, chosen)
	res.Status = model.StatusFeasible
	res.Solution = &sol
	res.Value = model.Int64(int64(len(chosen)))
	return true, nil
}

// partFound is a pass of a part: the earliest owned task with a cover
// (-1: none) and its cover.
type partFound struct {
	Task  int
	cover []int32
}

// firstPart looks for a cover by at most k pieces in the tasks the shard
// owns; the split's nodes count in part 0 only, since every part repeats
// them.
func (d *domProblem) firstPart(st *tasks.Stopper, k int, opts model.Options) (partFound, model.PartPass) {
	f := &domFinder{d: d, k: k, split: newDomSearch(d, st)}
	got, workers := driver.FirstPart(st, opts, f, fmt.Sprintf("covering with %d pieces (part %d/%d)", k, opts.Shard.Index, opts.Shard.Of))
	pass := model.PartPass{Pieces: k, Tasks: got.Tasks}
	if opts.Shard.Index == 0 {
		pass.Nodes = got.SplitNodes
	}
	for _, w := range workers {
		pass.Nodes += w.(*domWorker).s.nodes
	}
	if got.Task < 0 {
		return partFound{Task: -1}, pass
	}
	pass.Found = true
	return partFound{Task: got.Task, cover: append([]int32{}, workers[got.Worker].(*domWorker).found...)}, pass // not nil
}

// upperBound is U, its cover (nil when none was found within the budget)
// and the nodes visited: a greedy count, then the budgeted first-cover
// search at that count and each below it down to lower, U the last count
// at which it found a cover (the greedy count + 1 when none).
func (d *domProblem) upperBound(st *tasks.Stopper, lower int) (int, []int32, int64) {
	up := d.greedy() + 1
	var cover []int32
	var nodes int64
	for k := up - 1; k >= lower && !st.Stopped(); k-- {
		found, visited := d.budgeted(st, k)
		nodes += visited
		if found == nil {
			break
		}
		up, cover = k, found
	}
	return up, cover, nodes
}

// greedy is the size of a greedy cover: the candidate covering most of
// what is left (the first of equals) until nothing is left.
func (d *domProblem) greedy() int {
	unc := slices.Clone(d.need)
	n := 0
	for !unc.Empty() {
		best, most := -1, 0
		for c, set := range d.sets {
			if m := set.CountAnd(unc); m > most {
				best, most = c, m
			}
		}
		if best < 0 {
			return len(d.cand) // not reached: every square has a coverer
		}
		unc.AndNot(d.sets[best])
		n++
	}
	return n
}

// budgeted is the first cover by at most k pieces in depth-first order
// (the orbit tasks in order, on one search), or nil when there is none or
// the budget ran out first; and the nodes it visited.
func (d *domProblem) budgeted(st *tasks.Stopper, k int) ([]int32, int64) {
	f := &domFinder{d: d, k: k, split: newDomSearch(d, st)}
	list := f.orbitTasks()
	s := newDomSearch(d, st)
	s.abort = func() bool { return s.nodes >= upperBudget }
	var found []int32
	s.onCover = func(chosen []int32) { found = append([]int32{}, chosen...) } // not nil: a cover may be empty
	for _, t := range list {
		s.resume(t, k)
		if found != nil || s.halted {
			break
		}
	}
	return found, s.nodes
}
