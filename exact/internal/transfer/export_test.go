package transfer

import (
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Force is Forced on a model, with whether the transfer fits it: the
// tests compare the transfer with the general search on small boards.
var Force = func(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) (bool, error) {
	if !Fits(m, opts) {
		return false, nil
	}
	return true, Solve(st, m, opts, res)
}
