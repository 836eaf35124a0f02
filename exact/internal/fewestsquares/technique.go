package fewestsquares

import (
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/fold"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Technique is the branch and bound on the fewest attacked or dominated
// squares (Solve): it finds one optimum, and counts nothing.
var Technique = driver.Technique{Name: "fewest squares", Fits: fits, Solve: solve}

func fits(p *problem.Problem, opts model.Options) bool {
	_, ok := fold.Fits(p)
	return ok && fold.MinimisesCoverage(p) && opts.Task == model.TaskSolve
}

func solve(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error {
	groups, _ := fold.Fits(p)
	return Solve(st, p, groups, opts, res)
}
