package cover

import (
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// Technique is the coverage search on a board whose walls are given: any
// cover rule or coverage objective. Counting distinct wall sets there is
// the facade's (there is one), not the search's.
var Technique = driver.Technique{Name: "cover", Fits: fits, Solve: Solve}

// WithWalls is the coverage search with free walls.
var WithWalls = driver.Technique{Name: "cover with free walls", Fits: fitsWalls, Solve: SolveWalls}

func fits(p *problem.Problem, opts model.Options) bool {
	return !p.FreeWalls && p.NeedsCoverage() && !(opts.DistinctWalls && opts.Task == model.TaskCount) && !p.Owned()
}

func fitsWalls(p *problem.Problem, _ model.Options) bool {
	return p.FreeWalls && p.NeedsCoverage() && !p.Owned() && p.Plain
}
