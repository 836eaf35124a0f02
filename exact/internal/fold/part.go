package fold

import (
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// A solve in parts (package shard merges them). Folding splits
// the proof of a model without an objective — "can these pieces cover the
// board?", one pass at the rule's target: part K of N searches the boxes
// it owns of the pass's list (driver.FirstPart: at least
// driver.ShardTasks boxes, fixed by the model alone) and keeps the point
// of its earliest box. The merge keeps the earliest box's point over the
// parts — the one-process solve's — or, when no part has one, proves that
// none exists (the eight pieces cannot cover the board). A maximised
// cover runs its targets in parts too (most.go), and so do the fewest
// pieces beside other pieces (fewestpart.go).

// SplitsSolve reports whether folding runs a solve of p in parts: one
// pass, a model without an objective, or the targets of a maximised cover
// (most.go).
func SplitsSolve(p *problem.Problem, groups []Group) bool {
	if p.Sense == model.Maximize {
		return true
	}
	mins := 0
	for _, g := range groups {
		if g.MinOpt {
			mins++
		}
	}
	// the fewest pieces (fewestpart.go), or no objective
	return p.Sense == model.Minimize && p.Measure == model.MeasurePieces && mins == 1 || p.Sense == model.Fixed && mins == 0
}

// solvePart runs the one pass on the boxes the part owns; the split's
// nodes count in part 0 only, since every part repeats it.
func (r *foldRun) solvePart(res *model.Result) error {
	if r.plan.Problem.Sense == model.Maximize {
		return r.mostPart(res) // most.go
	}
	if r.plan.minGroup >= 0 {
		return r.fewestPart(res) // fewestpart.go
	}
	ax := r.plan.Axes(0)
	_, pass, task, pt := r.passPart(ax, r.plan.ruleGoal, len(ax.Group), fmt.Sprintf("folding to %d", r.plan.ruleGoal))
	res.Stats.Nodes += pass.Nodes
	proof := model.PartProof{Kind: "first", Found: pass.Found, Task: task}
	res.Stats.Proof, res.Stats.Passes = &proof, []model.PartPass{pass}
	if r.st.Canceled() {
		res.Status = model.StatusUnknown
		return nil
	}
	if !proof.Found {
		return problem.Infeasible(res, r.opts) // none in this part's boxes
	}
	r.answer, r.answerAx = *pt, ax
	v, w := r.Best()
	return problem.Solved(res, r.plan.Problem, v, w, r.Value)
}

// passPart runs the pass of the pieces of ax at target on the boxes the
// part owns (driver.FirstPart): its boxes, the pass as the part reports it
// (pieces in all; the split's nodes in part 0 only, since every part
// repeats the split), the earliest owned box with a point, as its index
// in the pass's whole list (-1: none), and that point (nil: none).
func (r *foldRun) passPart(ax Axes, target, pieces int, what string) (*foldBoxes, model.PartPass, int, *foldPoint) {
	b := r.newBoxes(ax, target)
	got, workers := driver.FirstPart(r.st, r.opts, b, fmt.Sprintf("%s (part %d/%d)", what, r.opts.Shard.Index, r.opts.Shard.Of))
	b.finish(got.Task >= 0)
	pass := model.PartPass{Pieces: pieces, Tasks: got.Tasks, Nodes: b.pass.Stats.Nodes, Found: got.Task >= 0}
	if r.opts.Shard.Index != 0 {
		pass.Nodes -= b.splitStats.Nodes
	}
	if !pass.Found {
		return b, pass, -1, nil
	}
	pt := workers[got.Worker].(*foldWorker).found
	return b, pass, got.Task, &pt
}

// FoldingWhat names folding in the refusal of a shard: a solve that
// SplitsSolve does not take, or a count.
func FoldingWhat(opts model.Options) string {
	if opts.Task == model.TaskSolve {
		return "search-space folding of this objective"
	}
	return "search-space folding"
}
