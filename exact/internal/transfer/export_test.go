package transfer

import (
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Force is Count that takes every model the transfer fits, whatever the
// general search would cost: the tests compare the two on small boards.
var Force = func(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) (bool, error) {
	return countModel(st, m, opts, res, true)
}
