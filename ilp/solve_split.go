//go:build cgo

package ilp

import (
	"context"
	"math"
	"sort"

	"github.com/chessmodel/chessmodel/model"
)

// Splitting a solve by where the lone pieces stand (NewSplit). The
// symmetry rows (place_symmetry.go) leave the anchor, a kind of one piece,
// on one square per orbit; a second kind of one piece stands on one of its
// squares. Every solution of the program has each of them on exactly one
// square, so the program is the union of its cells: the sub-programs with
// both fixed. Solving the cells one after the other, each with the row
// "objective at most the best so far less one" (the objective takes
// integer values), proves the optimum once every cell is solved or shown
// infeasible: the best solution found, checked, and no cell that holds a
// better one. It is a branch on two SOS1 sets before lp_solve's own
// branching, which picks single columns and moves the bound little: the
// LP bound of the eight pieces' fewest attacked squares is 6.8 for the
// whole program, 8.3 to 12.7 with the king fixed, 10.5 to 20 with the king
// on a1 and the queen fixed (TestMeasureAnchorSplit); with the cut-off row
// at the optimum most cells' relaxation is infeasible at once.

// splitCells lists the cells of p: the columns to fix to 1 in each, or nil
// when p has no lone piece to split on or an objective whose values need
// not be integers.
func splitCells(p *Program) [][]int {
	if len(p.lone) == 0 || p.Objective.Sense == model.Fixed || !integralObjective(p) {
		return nil
	}
	cells := [][]int{nil}
	for _, columns := range p.lone {
		var next [][]int
		for _, cell := range cells {
			for _, c := range columns {
				next = append(next, append(append([]int(nil), cell...), c))
			}
		}
		cells = next
	}
	return cells
}

// integralObjective reports whether the objective is a count: a measure of
// the placement (pieces, squares attacked or dominated) with integer
// coefficients. Its auxiliary columns are continuous, but with the pieces
// fixed the program's optimum is the count, so a placement better than the
// best found by at least one keeps a completion within the cut-off row (the
// same integrality the bound of solve_progress.go rounds by).
func integralObjective(p *Program) bool {
	if p.Objective.Measure == model.MeasureNone {
		return false
	}
	for _, t := range p.Objective.Terms {
		if t.Coef != math.Trunc(t.Coef) {
			return false
		}
	}
	return true
}

// cell is p with the given columns fixed to 1 and, when best is set, the
// objective bounded to values better than *best by at least one. A column
// whose upper bound is below 1 is fixed by a row instead, which makes the
// cell infeasible.
func (p *Program) cell(columns []int, best *int64) *Program {
	q := *p
	q.Variables = append([]Variable(nil), p.Variables...)
	q.Rows = p.Rows[:len(p.Rows):len(p.Rows)] // appends copy, never write into p's rows
	for _, c := range columns {
		if !q.narrow(c, 1, math.Inf(1)) {
			q.Rows = append(q.Rows, Row{Name: "cell_" + q.Variables[c].Name, Terms: []Term{{Var: c, Coef: 1}}, Sense: GreaterEqual, RHS: 1})
		}
	}
	if best != nil {
		row := Row{Name: "cutoff", Terms: append([]Term(nil), p.Objective.Terms...), Sense: LessEqual, RHS: float64(*best - 1)}
		if p.Objective.Sense == model.Maximize {
			row.Sense, row.RHS = GreaterEqual, float64(*best+1)
		}
		q.Rows = append(q.Rows, row)
	}
	return &q
}

// solveSplit solves the cells of p (splitCells, not empty) best bound
// first: the LP relaxation of every cell, then lp_solve's branch and bound
// on each cell whose bound leaves room below the best so far (above, for a
// maximum); the others are pruned unsolved. Cut short by the context, the
// result has Status Unknown with the best solution so far and, once every
// cell has its relaxation, the bound of the cells left.
func solveSplit(ctx context.Context, m *model.Model, p *Program, cells [][]int, opts model.Options, res *model.Result) error {
	setExtra(res, "cells", len(cells))
	bounds, err := cellBounds(ctx, p, cells)
	if err != nil || bounds == nil {
		res.Status = model.StatusUnknown
		return err
	}
	order := make([]int, len(cells))
	for i := range order {
		order[i] = i
	}
	minimize := p.Objective.Sense == model.Minimize
	sort.SliceStable(order, func(a, b int) bool {
		if minimize {
			return bounds[order[a]] < bounds[order[b]]
		}
		return bounds[order[a]] > bounds[order[b]]
	})
	var best *int64
	solved := 0
	for _, i := range order {
		if !mayImprove(bounds[i], best, minimize) {
			continue
		}
		out, err := solveCell(ctx, p.cell(cells[i], best), opts, res)
		if err != nil {
			return err
		}
		if out.values != nil {
			sol, value, err := checkedSolution(m, p, out)
			if err != nil {
				return err
			}
			res.Solution, res.Value, best = &sol, model.Int64(value), model.Int64(value)
		}
		if out.stopped {
			setExtra(res, "cells_solved", solved)
			res.Status = model.StatusUnknown
			// The cells left are this one and those with worse bounds.
			if b, ok := roundBound(bounds[i], minimize); ok {
				if best != nil && !mayImprove(bounds[i], best, minimize) {
					b = *best
				}
				res.Stats.Bound = model.Int64(b)
			}
			return nil
		}
		solved++
	}
	setExtra(res, "cells_solved", solved)
	res.Status = model.StatusOptimal
	if best == nil {
		res.Status = model.StatusInfeasible
	}
	return nil
}

// cellBounds solves the LP relaxation of every cell: its optimum, or an
// infinity past every value when it is infeasible; nil when ctx ends first.
func cellBounds(ctx context.Context, p *Program, cells [][]int) ([]float64, error) {
	bounds := make([]float64, len(cells))
	past := math.Inf(1)
	if p.Objective.Sense == model.Maximize {
		past = math.Inf(-1)
	}
	for i, columns := range cells {
		q := p.cell(columns, nil)
		for j := range q.Variables {
			q.Variables[j].Integer = false
		}
		sess, err := load(q)
		if err != nil {
			return nil, err
		}
		out, err := sess.solve(ctx)
		sess.close()
		switch {
		case err != nil:
			return nil, err
		case out.stopped:
			return nil, nil
		case out.values == nil:
			bounds[i] = past
		default:
			bounds[i] = out.objective
		}
	}
	return bounds, nil
}

// roundBound is the integer bound a relaxation's value proves.
func roundBound(bound float64, minimize bool) (int64, bool) {
	if math.IsInf(bound, 0) || math.IsNaN(bound) || math.Abs(bound) > 1<<52 {
		return 0, false
	}
	tolerance := 1e-6 * math.Max(1, math.Abs(bound))
	if minimize {
		return int64(math.Ceil(bound - tolerance)), true
	}
	return int64(math.Floor(bound + tolerance)), true
}

// mayImprove reports whether a cell whose relaxation is bound may hold a
// solution better than best.
func mayImprove(bound float64, best *int64, minimize bool) bool {
	b, ok := roundBound(bound, minimize)
	switch {
	case !ok:
		return !math.IsInf(bound, 0) // an infeasible relaxation holds nothing
	case best == nil:
		return true
	case minimize:
		return b < *best
	default:
		return b > *best
	}
}

// solveCell runs lp_solve on one cell, adding its measurements to res.
func solveCell(ctx context.Context, q *Program, opts model.Options, res *model.Result) (outcome, error) {
	sess, err := load(q)
	if err != nil {
		return outcome{}, err
	}
	defer sess.close()
	sess.progress = opts.Progress
	out, err := sess.solve(ctx)
	sess.stats(&res.Stats)
	return out, err
}
