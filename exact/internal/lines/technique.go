package lines

import (
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Technique is the count by rook polynomials in exact's dispatch table: it
// fits a count of a plain model without groups or attack counts, and
// declines (driver.ErrDeclined) a model whose pieces, walls or bounds it
// does not take exactly (Count), leaving it to the next technique.
var Technique = driver.Technique{Name: "line pieces", FitsModel: fits, SolveModel: solve}

func fits(m *model.Model, opts model.Options) (any, bool) {
	return nil, opts.Task == model.TaskCount && !opts.DistinctWalls && m.Plain() && !m.HasGroups() && !m.HasCounts()
}

func solve(st *tasks.Stopper, m *model.Model, _ any, opts model.Options, res *model.Result) error {
	taken, err := Count(st, m, opts, res)
	if !taken {
		return driver.ErrDeclined
	}
	return err
}
