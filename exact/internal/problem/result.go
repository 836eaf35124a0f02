package problem

import (
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Helpers that fill a Result the same way for every method.

type ValueFunc func(vertices, walls []int32) int64

func Infeasible(res *model.Result, opts model.Options) error {
	res.Status = model.StatusInfeasible
	if opts.Task != model.TaskSolve {
		res.Count = model.Int64(0)
		if opts.Symmetry {
			res.Classes = model.Int64(0)
		}
	}
	return nil
}

func Solved(res *model.Result, p *Problem, vertices, walls []int32, value ValueFunc) error {
	res.Status = model.StatusOptimal
	sol := p.Solution(vertices, walls)
	res.Solution = &sol
	res.Value = model.Int64(value(vertices, walls))
	return nil
}

// Unknown reports a search stopped early, with the best solution found.
func Unknown(res *model.Result, p *Problem, found bool, vertices, walls []int32, value ValueFunc) error {
	res.Status = model.StatusUnknown
	if found {
		sol := p.Solution(vertices, walls)
		res.Solution = &sol
		res.Value = model.Int64(value(vertices, walls))
	}
	return nil
}

// Enumerated finishes an enumeration of n solutions.
func Enumerated(res *model.Result, st *tasks.Stopper, n int64, emitErr error) error {
	res.Count = model.Int64(n)
	switch {
	case emitErr != nil:
		return emitErr
	case st.Canceled():
		res.Status = model.StatusUnknown
	case n == 0:
		res.Status = model.StatusInfeasible
	default:
		res.Status = model.StatusOptimal
	}
	return nil
}
