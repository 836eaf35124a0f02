package compare

import (
	"context"
	"fmt"
	"time"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// solveTour finds a tour with the tool by the subtour-elimination loop of
// the ilp backend (ilp.TourLoop): the tour program is exported and solved;
// a solution made of several cycles gets a cut per cycle (the edges leaving
// its squares are at least 2), and the program with the cuts is exported
// and solved again, until the solution is one tour (checked), the program
// is infeasible (no tour) or the context ends. One run of the tool per
// round: the rows the ilp backend adds inside lp_solve are added here to
// the exported file.
func (e *External) solveTour(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	start := time.Now()
	loop, err := ilp.NewTourLoop(m, opts.MaxMemory)
	if err != nil {
		return nil, err
	}
	res := &model.Result{Model: m.Name, Kind: m.Kind.String(), Task: opts.Task, Backend: e.Tool, Status: model.StatusUnknown,
		Stats: model.Stats{Extra: map[string]any{}}}
	raw := *e
	raw.rawValues = true
	rounds := 0
	defer func() {
		res.Stats.Seconds = time.Since(start).Seconds()
		res.Stats.Extra["subtour_cuts"] = loop.Cuts()
		res.Stats.Extra["solves"] = rounds
	}()
	for ctx.Err() == nil {
		rounds++
		if opts.Progress != nil && rounds > 1 {
			opts.Progress(-1, fmt.Sprintf("%s: %d subtour cuts", e.Tool, loop.Cuts()))
		}
		program := loop.Program()
		a, err := raw.runTool(ctx, program, true, opts.SolverOptions)
		res.Stats.Extra["format"] = a.format.String()
		if err != nil {
			return nil, err
		}
		switch a.status {
		case "stopped":
			return res, nil
		case "infeasible":
			res.Status = model.StatusInfeasible
			return res, nil
		}
		sol, err := loop.Next(a.values)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Tool, err)
		}
		if sol != nil {
			res.Solution, res.Value, res.Status = sol, model.Int64(int64(len(sol.Squares))), model.StatusFeasible
			return res, nil
		}
	}
	return res, nil
}
