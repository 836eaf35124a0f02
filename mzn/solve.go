package mzn

import (
	"context"
	"fmt"
	"os/exec"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// Backend is the MiniZinc backend: `--backend minizinc`.
type Backend struct{}

var _ model.Solver = (*Backend)(nil)

// New returns the MiniZinc backend.
func New() *Backend { return &Backend{} }

// Name is the backend's name.
func (*Backend) Name() string { return Tool }

// Solve writes the model, runs minizinc with Gecode and checks every
// solution it prints. Counting and enumeration run it with
// --all-solutions; with an objective, on the model whose objective is fixed
// at the optimum a first run found.
func (b *Backend) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if err := Supports(m); err != nil {
		return nil, err
	}
	if opts.Shard.Active() {
		return nil, fmt.Errorf("minizinc: a search run by minizinc cannot be split into shards: %w", model.ErrUnsupported)
	}
	if opts.DistinctWalls {
		return nil, fmt.Errorf("minizinc: --distinct walls is for free walls, which this formulation does not have: %w", model.ErrUnsupported)
	}
	if _, err := exec.LookPath(Tool); err != nil {
		return nil, fmt.Errorf("%s is not installed (apt-get install minizinc): %w", Tool, model.ErrUnsupported)
	}
	start := time.Now()
	res := model.NewResult(m, opts.Task, Tool)
	res.Stats.Solver = Solver
	defer func() { res.Stats.Seconds = time.Since(start).Seconds() }()
	if opts.Task != model.TaskSolve && m.Objective.Sense == model.Fixed {
		return res, b.count(ctx, m, res, opts) // every solution is one to count: one run
	}
	out, err := run(ctx, m, Fix{}, false, opts.SolverOptions)
	if err != nil {
		return nil, err
	}
	if err := b.first(ctx, m, res, out); err != nil || opts.Task == model.TaskSolve || res.Status != model.StatusOptimal && res.Status != model.StatusFeasible {
		return res, err
	}
	return res, b.count(ctx, m, res, opts)
}

// first fills in the result of the first run: the last solution printed
// (the best), checked.
func (b *Backend) first(ctx context.Context, m *model.Model, res *model.Result, out outcome) error {
	switch {
	case out.unsat:
		res.Status = model.StatusInfeasible
		if res.Task != model.TaskSolve {
			res.Count = model.Int64(0)
		}
		return nil
	case len(out.solutions) == 0:
		res.Status = model.StatusUnknown
		return nil
	}
	sol := out.solutions[len(out.solutions)-1]
	report, err := check(m, sol)
	if err != nil {
		return err
	}
	res.Solution, res.Value, res.Verified = &sol, model.Int64(report.Value), true
	switch {
	case m.Objective.Sense == model.Fixed:
		res.Status = model.StatusFeasible
	case out.complete:
		res.Status = model.StatusOptimal
	default:
		res.Status = model.StatusUnknown // stopped before optimality was proven
	}
	return nil
}

// count enumerates every (optimal) solution.
func (b *Backend) count(ctx context.Context, m *model.Model, res *model.Result, opts model.Options) error {
	fix := Fix{}
	if m.Objective.Sense != model.Fixed {
		fix = Fix{Set: true, Value: *res.Value}
	}
	out, err := run(ctx, m, fix, true, opts.SolverOptions)
	if err != nil {
		return err
	}
	canonical, group := m.CanonicalFunc(), m.Symmetries()
	classes := map[string]bool{}
	for i, sol := range out.solutions {
		report, err := check(m, sol)
		if err != nil {
			return err
		}
		if i == 0 && res.Solution == nil {
			res.Solution, res.Value, res.Verified = &out.solutions[0], model.Int64(report.Value), true
		}
		switch {
		case opts.Symmetry && m.Kind == model.KindTour:
			classes[tourClass(m, group, sol)] = true
		case opts.Symmetry:
			classes[canonical(sol).Key()] = true
		}
		if opts.Task == model.TaskEnumerate && opts.Emit != nil {
			if err := opts.Emit(sol); err != nil {
				return err
			}
		}
	}
	n := int64(len(out.solutions))
	if !out.complete {
		res.Status = model.StatusUnknown
		res.Stats.CountedSoFar = model.Int64(n)
		return nil
	}
	res.Status = model.StatusOptimal
	if n == 0 {
		res.Status = model.StatusInfeasible
	}
	res.Count = model.Int64(n)
	if opts.Symmetry {
		res.Classes = model.Int64(int64(len(classes)))
	}
	return nil
}

// check verifies a solution minizinc printed; an invalid one is an error
// (a bug in the formulation), never an answer.
func check(m *model.Model, sol model.Solution) (*model.Report, error) {
	report := model.Check(m, &sol)
	if !report.Valid {
		return nil, &model.InvalidSolutionError{Backend: Tool, Problems: report.Problems}
	}
	return report, nil
}
