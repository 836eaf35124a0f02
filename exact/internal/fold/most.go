package fold

import (
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// A maximised cover in parts (the eight pieces attack at most 63 squares).
// The one-process solve tries targets from every open square down, each a
// pass, while the target is above the best point judged so far (the greedy
// point, then the best strong cover any pass judged), and answers the
// first point meeting a target or, when the best judged reaches the next
// target, that best. A part cannot know the best judged in other parts'
// boxes, so it runs the same loop on its own boxes with its own best, which
// is never above the whole's: it tries at least the targets the one
// process tries. For each target it reports its earliest point meeting it
// or, when none, the best point it judged (value and box); the merge runs
// the one-process loop on those reports (package shard).

// mostPart runs the targets of a maximised cover on the boxes the part
// owns.
func (r *foldRun) mostPart(res *model.Result) error {
	plan := r.plan
	ax := plan.Axes(0)
	r.greedy(ax)
	proof := model.PartProof{Kind: "most", Task: -1, Top: plan.Open.Count(), Floor: max(plan.ruleGoal, 0)}
	if r.best.value >= 0 {
		proof.Greedy = r.point(ax, r.best)
	}
	var nodes int64
	var passes []model.PartPass
	for t := proof.Top; t >= proof.Floor && t > r.best.value && !r.st.Stopped(); t-- {
		b, pass, _, pt := r.passPart(ax, t, len(ax.Group), fmt.Sprintf("folding to %d", t))
		nodes += pass.Nodes
		passes = append(passes, pass)
		target := model.PartTarget{Target: t, Found: pass.Found}
		if target.Found {
			target.Point = r.point(ax, *pt)
			proof.Found, proof.Task = true, pt.task
			proof.Targets = append(proof.Targets, target)
			r.best = *pt
			break
		}
		if best := passBest(b); best.value >= 0 {
			target.Point = r.point(ax, best)
		}
		proof.Targets = append(proof.Targets, target)
	}
	res.Stats.Nodes += nodes
	res.Stats.Proof, res.Stats.Passes = &proof, passes
	if r.st.Canceled() {
		res.Status = model.StatusUnknown
		return nil
	}
	if r.best.value < 0 {
		return problem.Infeasible(res, r.opts)
	}
	r.answer, r.answerAx = r.best, ax
	v, w := r.Best()
	if err := problem.Solved(res, plan.Problem, v, w, r.Value); err != nil {
		return err
	}
	res.Status = model.StatusFeasible // the part's best; the merge proves the optimum
	return nil
}

// passBest is the best point the workers of a pass judged, the earliest
// box first among equals (as foldRun.offer keeps it).
func passBest(b *foldBoxes) foldPoint {
	best := foldPoint{value: -1}
	for _, s := range b.searches {
		pt := s.best
		if pt.value > best.value || (pt.value == best.value && pt.value >= 0 && pt.task < best.task) {
			best = pt
		}
	}
	return best
}

// point is a placement as the merge reads it.
func (r *foldRun) point(ax Axes, pt foldPoint) *model.PartPoint {
	sol := r.plan.Problem.Solution(r.plan.vertices(ax, pt.squares), nil)
	return &model.PartPoint{Value: int64(pt.value), Task: pt.task, Solution: &sol}
}
