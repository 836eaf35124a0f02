package extern

import (
	"context"
	"fmt"
	"time"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// Tours by the subtour-elimination loop of the ilp backend (ilp.TourLoop):
// the tour program is exported and solved; a solution made of several
// cycles gets a cut per cycle (the edges leaving its squares are at least
// 2), and the program with the cuts is exported and solved again, until the
// solution is one tour (checked), the program is infeasible (no tour) or
// the context ends. One run of the tool per round: the rows the ilp backend
// adds inside lp_solve are added here to the exported file. A count cuts
// off each tour found with its images under the model's symmetries (a
// no-good row each) and runs the loop again until infeasible: one loop per
// class, as the ilp backend counts tours.

// tourRun is one tour task's loop and measurements.
type tourRun struct {
	raw    External // the tool, leaving solutions undecoded
	loop   *ilp.TourLoop
	opts   model.Options
	rounds int
}

// solveTour performs TaskSolve and TaskCount on a tour model.
func (e *External) solveTour(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	start := time.Now()
	loop, err := ilp.NewTourLoop(m, opts.MaxMemory)
	if err != nil {
		return nil, err
	}
	res := model.NewResult(m, opts.Task, e.Tool)
	r := &tourRun{raw: *e, loop: loop, opts: opts}
	r.raw.rawValues = true
	defer func() {
		res.Stats.Seconds = time.Since(start).Seconds()
		cuts, rounds := loop.Cuts(), r.rounds
		res.Stats.SubtourCuts, res.Stats.Solves = &cuts, &rounds
	}()
	if opts.Task == model.TaskCount {
		return res, r.count(ctx, m, res)
	}
	sol, status, err := r.find(ctx, res)
	switch {
	case err != nil:
		return nil, err
	case sol != nil:
		res.Solution, res.Value, res.Status = sol, model.Int64(int64(len(sol.Squares))), model.StatusFeasible
	case status == "infeasible":
		res.Status = model.StatusInfeasible
	}
	return res, nil
}

// find runs the loop until a tour (returned, checked), "infeasible" or
// "stopped".
func (r *tourRun) find(ctx context.Context, res *model.Result) (*model.Solution, string, error) {
	for ctx.Err() == nil {
		r.rounds++
		if r.opts.Progress != nil && r.rounds > 1 {
			r.opts.Progress(-1, fmt.Sprintf("%s: %d cuts", r.raw.Tool, r.loop.Cuts()))
		}
		a, err := r.raw.runTool(ctx, r.loop.Program(), true, r.opts.SolverOptions)
		res.Stats.Format = a.format.String()
		if err != nil {
			return nil, "", err
		}
		if a.status == "stopped" || a.status == "infeasible" {
			return nil, a.status, nil
		}
		sol, err := r.loop.Next(a.values)
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", r.raw.Tool, err)
		}
		if sol != nil {
			return sol, "tour", nil
		}
	}
	return nil, "stopped", nil
}

// count counts the tours and their classes: open tours without a start as
// directed paths, each path found two tours, one class or two as a
// symmetry does or does not reverse it.
func (r *tourRun) count(ctx context.Context, m *model.Model, res *model.Result) error {
	group := m.Symmetries()
	var tours, classes int64
	for {
		sol, status, err := r.find(ctx, res)
		if err != nil {
			return err
		}
		if sol == nil {
			if status != "infeasible" {
				res.Stats.CountedSoFar = model.Int64(tours)
				return nil
			}
			break
		}
		if res.Solution == nil {
			res.Solution, res.Value = sol, model.Int64(int64(len(sol.Squares)))
		}
		images, reversible, err := r.loop.Cut(*sol, group)
		if err != nil {
			return err
		}
		tours += int64(images)
		classes++
		if r.loop.Directed() && !reversible {
			classes++
		}
	}
	if r.loop.Directed() {
		tours *= 2
	}
	res.Count, res.Status = model.Int64(tours), model.StatusOptimal
	if r.opts.Symmetry {
		res.Classes = model.Int64(classes)
	}
	if tours == 0 {
		res.Status = model.StatusInfeasible
	}
	return nil
}
