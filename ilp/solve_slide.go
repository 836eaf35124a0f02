//go:build cgo

package ilp

import (
	"context"
	"fmt"
	"math/big"
	"sort"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// maxSlideHorizon bounds the horizons solveSlide tries: far below it
// lp_solve has stopped being useful on the time-expanded program.
const maxSlideHorizon = 64

// solveSlide finds a shortest solution of a slide model by solving the
// time-expanded program at horizons 0, 1, 2, ... until one has a solution:
// the horizon one shorter, which holds every shorter solution (steps may
// idle), was infeasible, so its moves are the fewest.
// The goal is proved unreachable only when the horizon passes the number of
// states (no shortest path is longer); below that, past maxSlideHorizon,
// the backend says it cannot tell.
func (s *Solver) solveSlide(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	began := time.Now()
	if opts.Task != model.TaskSolve {
		return nil, fmt.Errorf("ilp: %s is not supported on sliding puzzles (solve finds a shortest solution): %w", opts.Task, model.ErrUnsupported)
	}
	res := &model.Result{Model: m.Name, Kind: m.Kind.String(), Task: opts.Task, Backend: s.Name(), Status: model.StatusUnknown,
		Stats: model.Stats{Extra: map[string]any{}}}
	states := new(big.Int).Binomial(int64(m.Board.OpenCount()), int64(len(m.Slide.From)))
	var horizons []map[string]any
	defer func() {
		res.Stats.Extra["horizons"] = horizons
		res.Stats.Seconds = time.Since(began).Seconds()
	}()
	for t := 0; ; t++ {
		if states.Cmp(big.NewInt(int64(t))) < 0 {
			res.Status = model.StatusInfeasible // a horizon past the number of states holds every shortest path
			return res, nil
		}
		if t > maxSlideHorizon {
			return nil, fmt.Errorf("ilp: no solution within %d moves and the time-expanded program cannot prove that there is none: %w", maxSlideHorizon, model.ErrUnsupported)
		}
		if opts.Progress != nil {
			opts.Progress(-1, fmt.Sprintf("lp_solve: horizon %d", t))
		}
		stepBegan := time.Now()
		p, what, err := compileSlide(m, t)
		if err != nil {
			return nil, err
		}
		sess, err := load(p)
		if err != nil {
			return nil, err
		}
		out, err := sess.solve(ctx)
		sess.stats(&res.Stats)
		sess.close()
		if err != nil {
			return nil, err
		}
		horizons = append(horizons, map[string]any{"horizon": t, "status": out.status.String(), "seconds": time.Since(stepBegan).Seconds(),
			"columns": len(p.Variables), "rows": len(p.Rows)})
		if out.stopped {
			return res, nil
		}
		if out.values == nil {
			continue // infeasible: no solution in t moves
		}
		moves, err := decodeMoves(what, out.values)
		if err != nil {
			return nil, err
		}
		if len(moves) != t {
			return nil, fmt.Errorf("%w: horizon %d has a solution of %d moves", ErrInvalidSolution, t, len(moves))
		}
		sol := model.Solution{Moves: moves}
		if report := model.Check(m, &sol); !report.Valid {
			return nil, fmt.Errorf("%w: %v", ErrInvalidSolution, report.Problems)
		}
		res.Status, res.Solution, res.Value = model.StatusOptimal, &sol, model.Int64(int64(t))
		return res, nil
	}
}

// decodeMoves reads the move variables at 1, in step order.
func decodeMoves(what map[int]slideMove, values []float64) ([]model.Move, error) {
	var chosen []slideMove
	for v, mv := range what {
		on, err := decision(Variable{Name: fmt.Sprintf("m%d_%v_%v", mv.step, mv.from, mv.to)}, values[v])
		if err != nil {
			return nil, err
		}
		if on {
			chosen = append(chosen, mv)
		}
	}
	sort.Slice(chosen, func(i, j int) bool { return chosen[i].step < chosen[j].step })
	moves := []model.Move{}
	for _, c := range chosen {
		moves = append(moves, model.Move{From: c.from, To: c.to})
	}
	return moves, nil
}
