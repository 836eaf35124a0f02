package attackcounts

import (
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/model"
)

// Technique is the search under attack counts and square weights, the one
// technique that reads them: on any board, with any pieces and groups.
var Technique = driver.Technique{Name: "attack counts", FitsModel: fits, Solve: Solve}

func fits(m *model.Model, _ model.Options) (any, bool) { return nil, m.HasCounts() }
