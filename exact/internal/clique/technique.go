package clique

import (
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// Technique is the clique search: placements whose attacked squares do not
// matter, on a board whose walls are given. Counting distinct wall sets
// there is the facade's (there is one), not the search's.
var Technique = driver.Technique{Name: "clique", Fits: fits, Solve: Solve}

func fits(p *problem.Problem, opts model.Options) bool {
	return !p.FreeWalls && !p.NeedsCoverage() && !(opts.DistinctWalls && opts.Task == model.TaskCount) && !p.Owned()
}
