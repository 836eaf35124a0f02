package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// claimProblems are what check finds wrong in what a whole result claims
// of its solution: a value or status the checker's report refutes, and a
// count, classes or optimum an independent brute-force count refutes.
// unchecked says why a claim that needs the count was not checked: the
// count would pass the brute-force budget, or the backend cannot count
// the model. It is never silent.
func claimProblems(ctx context.Context, m *model.Model, claim *model.Claim, report *model.Report) (problems []string, unchecked string) {
	problems = claim.Contradictions(m, report)
	infeasible := claim.Status != nil && *claim.Status == model.StatusInfeasible // refuted already
	if !claim.Claims() || !report.Valid || infeasible {
		return problems, ""
	}
	refs, err := recount(ctx, m, claim)
	if err != nil {
		return problems, fmt.Sprintf("%s not checked: %v", claimedCounts(claim), err)
	}
	var first []string
	for _, ref := range refs {
		found := claim.Recounted(report, ref)
		if len(found) == 0 {
			return problems, ""
		}
		if first == nil {
			first = found
		}
	}
	return append(problems, first...), ""
}

// recount counts the model's solutions (the optimal ones) by brute force,
// or only finds the optimum when the claim has no count, within
// brute.DefaultBudget candidates: by space, or on a model whose rules
// every subset of a solution obeys, by independence. On a model with free
// walls it counts the distinct wall sets too, since a result does not say
// which it counted (count --distinct walls).
func recount(ctx context.Context, m *model.Model, claim *model.Claim) ([]*model.Result, error) {
	opts := model.Options{Task: model.TaskSolve}
	if claim.Count != nil || claim.Classes != nil {
		opts = model.Options{Task: model.TaskCount, Symmetry: claim.Classes != nil}
	}
	solver := &brute.Solver{}
	res, err := solver.Solve(ctx, m, opts)
	if errors.Is(err, model.ErrUnsupported) && hereditary(m) {
		// Without stacking no solution has more pieces than open squares.
		solver = &brute.Solver{MaxPieces: min(m.MaxPieces(), m.Board.OpenCount())}
		res, err = solver.Solve(ctx, m, opts)
	}
	if err != nil {
		return nil, err
	}
	if res.Status == model.StatusUnknown {
		return nil, fmt.Errorf("the brute-force count was stopped (%v)", context.Cause(ctx))
	}
	refs := []*model.Result{res}
	if m.FreeWalls != nil {
		opts.DistinctWalls = true
		walls, err := solver.Solve(ctx, m, opts)
		if err != nil || walls.Status == model.StatusUnknown {
			return nil, fmt.Errorf("the brute-force count of distinct wall sets did not finish (%v)", err)
		}
		refs = append(refs, walls)
	}
	return refs, nil
}

// hereditary reports whether every subset of a solution is independent as
// the solution is, so that brute force may grow sets one piece at a time:
// independence without groups (a piece of one group between two of another
// shields them) or stacking.
func hereditary(m *model.Model) bool {
	if !m.Rules.Independent || m.Rules.Stack {
		return false
	}
	for _, e := range m.Place {
		if e.Group != "" {
			return false
		}
	}
	return true
}

// claimedCounts names what a claim asks a count for.
func claimedCounts(c *model.Claim) string {
	var parts []string
	if c.Count != nil {
		parts = append(parts, fmt.Sprintf("count %d", *c.Count))
	}
	if c.Classes != nil {
		parts = append(parts, fmt.Sprintf("classes %d", *c.Classes))
	}
	if c.Status != nil && *c.Status == model.StatusOptimal {
		parts = append(parts, "status optimal")
	}
	return strings.Join(parts, ", ")
}
