package walls

import (
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// Technique is the search with free walls whose attacked squares do not
// matter.
var Technique = driver.Technique{Name: "walls", Fits: fits, Solve: Solve}

func fits(p *problem.Problem, _ model.Options) bool {
	return p.FreeWalls && !p.NeedsCoverage() && !p.Owned() && p.Plain
}
