//go:build cgo

package ilp

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/chessmodel/chessmodel/ilp/internal/lpsolve"
	"github.com/chessmodel/chessmodel/model"
)

// Solve performs opts.Task on m: one optimal (or, without an objective,
// feasible) solution; or the number of (optimal) solutions, with classes up
// to symmetry when opts.Symmetry is set; or every (optimal) solution, each
// passed to opts.Emit. When ctx ends first the result has Status Unknown,
// the best solution found so far with the proven bound (Stats.Bound,
// solve_progress.go), and no count (Stats.CountedSoFar says how many
// solutions had been found).
//
// opts.Improved hears each better solution lp_solve finds, checked, with
// the root relaxation's bound (solve_incumbents.go), and the final one.
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	opts.Improved = model.Improving(m.Objective.Sense, opts.Improved)
	res, err := s.solve(ctx, m, opts)
	if err == nil {
		opts.ReportFinal(res)
	}
	return res, err
}

func (s *Solver) solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if opts.Shard.Active() {
		return nil, errNoShards
	}
	if m.Kind == model.KindSlide {
		return s.solveSlide(ctx, m, opts)
	}
	start := time.Now()
	if m.Kind == model.KindTour {
		return s.solveTour(ctx, m, opts, start)
	}
	form := s.form
	form.breakSymmetry = opts.Task == model.TaskSolve && !form.keepSymmetry
	p, err := compileWithin(m, form, opts.MaxMemory)
	if err != nil {
		return nil, err
	}
	if p.unboundedStack {
		// Copies beyond the cap only add pieces: optimal solutions of
		// "minimize pieces" never have them, every other count would be
		// infinite.
		fewest := p.Objective.Sense == model.Minimize && p.Objective.Measure == model.MeasurePieces
		if opts.Task != model.TaskSolve && !fewest {
			return nil, fmt.Errorf("ilp: pieces stack and the place list has an open-ended count, so there are infinitely many solutions to %v: %w", opts.Task, model.ErrUnsupported)
		}
		if p.Objective.Sense == model.Maximize && p.Objective.Measure == model.MeasurePieces {
			return nil, fmt.Errorf("ilp: pieces stack and the place list has an open-ended count, so the number of pieces has no maximum: %w", model.ErrUnsupported)
		}
	}
	res := model.NewResult(m, opts.Task, s.Name())
	var cells [][]int
	if s.form.split && opts.Task == model.TaskSolve {
		cells = splitCells(p)
	}
	if cells != nil {
		err = solveSplit(ctx, m, p, cells, opts, res)
	} else {
		err = s.solveProgram(ctx, m, p, opts, res)
	}
	if err != nil {
		return nil, err
	}
	// Every solution was checked on the way; Verify records it in the
	// result, and checks the value against the solution once more.
	if err := model.Verify(m, res); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidSolution, err)
	}
	res.Stats.Seconds = time.Since(start).Seconds()
	return res, nil
}

// solveProgram runs the task on the whole program in one lp_solve session.
func (s *Solver) solveProgram(ctx context.Context, m *model.Model, p *Program, opts model.Options, res *model.Result) error {
	sess, err := load(p)
	if err != nil {
		return err
	}
	defer sess.close()
	sess.progress = opts.Progress
	if opts.Task == model.TaskSolve {
		sess.improved = incumbents(m, p, opts.Improved)
	}
	if opts.Progress != nil {
		opts.Progress(-1, fmt.Sprintf("lp_solve: %d columns, %d rows", len(p.Variables), len(p.Rows)))
	}
	switch opts.Task {
	case model.TaskSolve:
		err = solveOnce(ctx, m, sess, res)
	case model.TaskCount, model.TaskEnumerate:
		err = count(ctx, m, sess, opts, res)
	default:
		err = fmt.Errorf("ilp: unknown task %v", opts.Task)
	}
	if err != nil {
		return err
	}
	sess.stats(&res.Stats)
	res.Stats.Extra["formulation_free_walls"] = s.form.freeWalls.String()
	return nil
}

// solveOnce finds one optimal solution. Cut short by the context with a
// solution in hand, it returns that solution with Status Unknown (the
// model.Solver contract, which compare relies on) and the proven bound in
// Stats.Bound, as the exact backend does; the CLI reports such a
// result as feasible, with the gap.
func solveOnce(ctx context.Context, m *model.Model, sess *session, res *model.Result) error {
	out, err := sess.solve(ctx)
	if err != nil {
		return err
	}
	if out.values == nil {
		res.Status = model.StatusUnknown
		if out.status == lpsolve.Infeasible {
			res.Status = model.StatusInfeasible
		}
		if bound, ok := out.tracked.integerBound(); ok && out.stopped {
			res.Stats.Bound = model.Int64(bound)
		}
		return nil
	}
	sol, value, err := checkedSolution(m, sess.p, out)
	if err != nil {
		return err
	}
	res.Solution, res.Value = &sol, model.Int64(value)
	switch {
	case out.stopped:
		res.Status = model.StatusUnknown
		if bound, ok := out.tracked.boundFor(value); ok {
			res.Stats.Bound = model.Int64(bound)
		}
	case sess.p.Objective.Sense == model.Fixed:
		res.Status = model.StatusFeasible
	default:
		res.Status = model.StatusOptimal
	}
	return nil
}

func setExtra(res *model.Result, key string, value any) {
	if res.Stats.Extra == nil {
		res.Stats.Extra = map[string]any{}
	}
	res.Stats.Extra[key] = value
}

// checkedSolution decodes the values of a solve and checks the placement;
// for a proven optimum it also checks that the checker measures the
// objective the program found.
func checkedSolution(m *model.Model, p *Program, out outcome) (model.Solution, int64, error) {
	sol, err := p.Decode(out.values)
	if err != nil {
		return sol, 0, err
	}
	report := model.Check(m, &sol)
	if !report.Valid {
		return sol, 0, fmt.Errorf("%w: %s", ErrInvalidSolution, strings.Join(report.Problems, "; "))
	}
	if !out.stopped && p.Objective.Sense != model.Fixed && math.Abs(out.objective-float64(report.Value)) > 0.5 {
		return sol, 0, fmt.Errorf("%w: the program's optimum is %g, the checker measures %d %s",
			ErrInvalidSolution, out.objective, report.Value, p.Objective.Measure)
	}
	return sol, report.Value, nil
}

// solveTour performs opts.Task on a tour model (tour_solve.go).
func (s *Solver) solveTour(ctx context.Context, m *model.Model, opts model.Options, start time.Time) (*model.Result, error) {
	res := model.NewResult(m, opts.Task, s.Name())
	sess, err := solveTour(ctx, m, opts, res)
	if sess != nil {
		defer sess.close()
	}
	if err != nil {
		return nil, err
	}
	if err := model.Verify(m, res); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidSolution, err)
	}
	sess.stats(&res.Stats)
	res.Stats.Seconds = time.Since(start).Seconds()
	return res, nil
}
