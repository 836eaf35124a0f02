package armies

import (
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/model"
)

// Technique is the search of pieces in groups (armies), the one technique
// that reads groups, on a plain model without attack counts: it reads
// straight lines and symmetric attack.
var Technique = driver.Technique{Name: "armies", FitsModel: fits, Solve: Solve}

func fits(m *model.Model, _ model.Options) (any, bool) {
	return nil, m.HasGroups() && m.Plain() && !m.HasCounts()
}
