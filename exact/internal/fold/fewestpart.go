package fold

import (
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// The fewest pieces in parts (a "min" entry beside other pieces, where
// domination does not apply). The one-process solve tries the counts
// k = 0, 1, ... of the "min" entry and answers the first point of the
// earliest box at the first k that has one. Every part first runs the
// same bound on one search (fewestBound): for each k in turn, the boxes
// in order under a fixed node budget, until one holds a point; a k whose
// search ends within the budget without one is refuted for every part,
// one whose budget runs out is left to the parts, and the first k with a
// point is U, its point the one-process answer when the optimum is U.
// Each part then tries the k below U that were left, on the boxes it
// owns, and stops at the first that holds a point. Its proof is the
// domination kind (package shard): values are pieces in all.

// fewestBudget is the nodes each count of the bound may visit: a multiple
// of 4096, where the search polls its abort, so that the bound is the same
// on every machine.
var fewestBudget int64 = 1 << 16

// fewestPart runs one part of the fewest pieces.
func (r *foldRun) fewestPart(res *model.Result) error {
	plan := r.plan
	others := 0
	for _, h := range plan.Groups {
		others += h.count
	}
	limit := len(plan.SquaresOf(plan.Groups[plan.minGroup]))
	kU, upPoint, open, upNodes, err := r.fewestBound(others, limit)
	if err != nil {
		return err
	}
	proof := model.PartProof{Upper: others + kU, UpperKnown: upPoint != nil, UpperNodes: upNodes, Task: -1}
	if r.opts.Shard.Index == 0 {
		res.Stats.Nodes += upNodes
	}
	var passes []model.PartPass
	answer, answerK := upPoint, kU
	for _, k := range open {
		_, pass, task, pt := r.passPart(plan.Axes(k), plan.ruleGoal, others+k, fmt.Sprintf("folding with %d pieces", others+k))
		res.Stats.Nodes += pass.Nodes
		passes = append(passes, pass)
		if pass.Found {
			answer, answerK = pt, k
			proof.Least, proof.Found, proof.Task = others+k, true, task
			break
		}
		if r.st.Stopped() {
			break
		}
	}
	res.Stats.Proof, res.Stats.Passes = &proof, passes
	if r.st.Canceled() {
		res.Status = model.StatusUnknown
		return nil
	}
	if answer == nil {
		return problem.Infeasible(res, r.opts) // none in this part, and U has no point
	}
	r.answer, r.answerAx = *answer, plan.Axes(answerK)
	v, w := r.Best()
	if err := problem.Solved(res, plan.Problem, v, w, r.Value); err != nil {
		return err
	}
	res.Status = model.StatusFeasible // the part's; the merge proves the optimum
	return nil
}

// fewestBound runs the counts k = 0, 1, ... on one search under the budget
// until one holds a point: it returns that k (limit + 1 when none), its
// point (nil when none), the counts below it whose budget ran out, and
// the nodes it visited.
func (r *foldRun) fewestBound(others, limit int) (int, *foldPoint, []int, int64, error) {
	var open []int
	var nodes int64
	for k := 0; k <= limit && !r.st.Stopped(); k++ {
		if others+k > MaxAxes {
			return 0, nil, nil, 0, fmt.Errorf("exact: folding needs more than %d pieces: %w", MaxAxes, model.ErrUnsupported)
		}
		b := r.newBoxes(r.plan.Axes(k), r.plan.ruleGoal)
		b.Whole()
		w := b.newWorker()
		spent := false
		abort := func() bool { spent = w.s.stats.Nodes >= fewestBudget; return spent }
		found := false
		for task := range b.todo {
			if found = w.Find(task, abort); found || spent || r.st.Stopped() {
				break
			}
		}
		nodes += w.s.stats.Nodes
		if found {
			pt := w.found
			return k, &pt, open, nodes, nil
		}
		if spent {
			open = append(open, k)
		}
	}
	return limit + 1, nil, open, nodes, nil
}
