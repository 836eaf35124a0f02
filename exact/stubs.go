package exact

import "github.com/chessmodel/chessmodel/model"

func solveFreeWalls(st *stopper, p *problem, opts model.Options, res *model.Result) error { return nil }
func solveCover(st *stopper, p *problem, opts model.Options, res *model.Result) error     { return nil }
