package fold

import (
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Folding is search-space folding (Solve) on the models that fold, except
// those minimising attacked or dominated squares: folding prunes boxes
// that cover too little, never too much, so it neither finds nor counts
// the fewest (a count would take every placement, at any value).
var Folding = driver.Technique{Name: "folding", Fits: fitsFolding, Solve: solveFolding}

// MinimisesCoverage reports whether the objective is the fewest attacked
// or dominated squares, which package fewestsquares answers.
func MinimisesCoverage(p *problem.Problem) bool {
	return p.Sense == model.Minimize && p.Measure != model.MeasurePieces
}

func fitsFolding(p *problem.Problem, _ model.Options) bool {
	_, ok := Fits(p)
	return ok && !MinimisesCoverage(p)
}

func solveFolding(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error {
	groups, _ := Fits(p)
	return Solve(st, p, groups, opts, res)
}
