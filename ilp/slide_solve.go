//go:build cgo

package ilp

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// solveSlide finds a shortest solution of a slide model by solving the
// time-expanded program at horizons 0, 1, 2, ... until one has a solution:
// the horizon one shorter, which holds every shorter solution (steps may
// idle), was infeasible, so its moves are the fewest.
//
// The goal is proved unreachable in two ways only: by an invariant before
// any horizon (slide_invariant.go), or when the horizon reaches the number
// of states, which no shortest path passes. Otherwise the loop stops after
// the largest horizon, LastHorizon(m, opts),
// and the answer is unknown with the bound "more than H moves".
func (s *Solver) solveSlide(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	began := time.Now()
	if opts.Task != model.TaskSolve {
		return nil, fmt.Errorf("ilp: %s is not supported on sliding puzzles (solve finds a shortest solution): %w", opts.Task, model.ErrUnsupported)
	}
	res := model.NewResult(m, opts.Task, s.Name())
	var horizons []map[string]any
	defer func() {
		res.Stats.Extra["horizons"] = horizons
		res.Stats.Seconds = time.Since(began).Seconds()
	}()
	states := labelledStates(m) // the binomial when the pieces are identical
	if reason := stuckPieces(m); reason != "" {
		res.Status = model.StatusInfeasible
		res.Stats.Reason = reason
		return res, nil
	}
	last := LastHorizon(m, opts)
	for t := 0; ; t++ {
		if states.Cmp(big.NewInt(int64(t))) <= 0 {
			res.Status = model.StatusInfeasible
			res.Stats.Reason = fmt.Sprintf("no solution in %d moves, and no shortest path is that long: the model has %v states", t-1, states)
			return res, nil
		}
		if t > last {
			NoSolutionWithin(res, last)
			return res, nil
		}
		if parity, ok := moveParity(m); ok && t%2 != parity {
			// every solution has moves of the other parity: one of at most
			// t moves has at most t-1, and horizon t-1 had none
			horizons = append(horizons, map[string]any{"horizon": t, "status": "infeasible by parity"})
			continue
		}
		if opts.Progress != nil {
			opts.Progress(-1, fmt.Sprintf("lp_solve: horizon %d", t))
		}
		stepBegan := time.Now()
		p, out, err := solveHorizon(ctx, m, t, opts, res)
		if err != nil {
			return nil, err
		}
		horizons = append(horizons, map[string]any{"horizon": t, "status": out.status.String(), "seconds": time.Since(stepBegan).Seconds(),
			"columns": len(p.Variables), "rows": len(p.Rows)})
		if out.stopped {
			if t > 0 {
				res.Stats.Bound = model.Int64(int64(t)) // horizon t-1 was infeasible
			}
			return res, nil
		}
		if out.values == nil {
			continue // infeasible: no solution in t moves
		}
		sol, err := p.Decode(out.values)
		if err != nil {
			return nil, err
		}
		if len(sol.Moves) != t {
			return nil, fmt.Errorf("%w: horizon %d has a solution of %d moves", ErrInvalidSolution, t, len(sol.Moves))
		}
		if report := model.Check(m, &sol); !report.Valid {
			return nil, fmt.Errorf("%w: %v", ErrInvalidSolution, report.Problems)
		}
		res.Status, res.Solution, res.Value = model.StatusOptimal, &sol, model.Int64(int64(t))
		return res, nil
	}
}

// solveHorizon builds the program of horizon t and solves it to its first
// solution, adding lp_solve's statistics to res.
func solveHorizon(ctx context.Context, m *model.Model, t int, opts model.Options, res *model.Result) (*Program, outcome, error) {
	p, err := buildSlide(context.Background(), m, t, lpSolveSlideForm, opts.MemoryLimit()) // lp_solve stops by ctx
	if err != nil {
		return nil, outcome{}, err
	}
	sess, err := load(p)
	if err != nil {
		return nil, outcome{}, err
	}
	defer sess.close()
	// Horizon t-1 was infeasible, so every solution of this one has t
	// moves: the first found is optimal.
	if err := sess.stopAtFirst(); err != nil {
		return nil, outcome{}, err
	}
	out, err := sess.solve(ctx)
	sess.stats(&res.Stats)
	return p, out, err
}
