package fold

import (
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// A solve in parts (issue 23; package shard merges them). Folding splits
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
	ax := r.plan.axes(0)
	b := r.newBoxes(ax, r.plan.ruleGoal)
	what := fmt.Sprintf("folding to %d (part %d/%d)", r.plan.ruleGoal, r.opts.Shard.Index, r.opts.Shard.Of)
	got, workers := driver.FirstPart(r.st, r.opts, b, what)
	b.finish(got.Task >= 0)
	nodes := b.pass.Stats.Nodes
	if r.opts.Shard.Index != 0 {
		nodes -= b.splitStats.Nodes
	}
	res.Stats.Nodes += nodes
	proof := model.PartProof{Kind: "first", Found: got.Task >= 0, Task: got.Task}
	res.Stats.Extra[model.ExtraPartProof] = proof
	res.Stats.Extra[model.ExtraPartPasses] = []model.PartPass{{Pieces: len(ax.Group), Tasks: got.Tasks, Nodes: nodes, Found: proof.Found}}
	if r.st.Canceled() {
		res.Status = model.StatusUnknown
		return nil
	}
	if !proof.Found {
		return problem.Infeasible(res, r.opts) // none in this part's boxes
	}
	r.answer, r.answerAx = workers[got.Worker].(*foldWorker).found, ax
	v, w := r.Best()
	return problem.Solved(res, r.plan.Problem, v, w, r.Value)
}

// FoldingWhat names folding in the refusal of a shard: a solve that
// SplitsSolve does not take, or a count.
func FoldingWhat(opts model.Options) string {
	if opts.Task == model.TaskSolve {
		return "search-space folding of this objective"
	}
	return "search-space folding"
}
