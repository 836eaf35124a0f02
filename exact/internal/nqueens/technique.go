package nqueens

import (
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Technique is the n-queens fast path on the models Detect takes (plain,
// without groups or attack counts), but a count of distinct wall sets; it
// reads the model uncompiled, whose board may be far larger than a
// compiled problem allows.
var Technique = driver.Technique{Name: "n-queens", FitsModel: fits, SolveModel: solve}

// fits hands solve the board Detect found.
func fits(m *model.Model, opts model.Options) (any, bool) {
	if opts.DistinctWalls && opts.Task == model.TaskCount || m.HasGroups() || m.HasCounts() {
		return nil, false
	}
	sq, ok := Detect(m)
	if !ok || !m.Plain() {
		return nil, false
	}
	return &sq, true
}

func solve(st *tasks.Stopper, m *model.Model, found any, opts model.Options, res *model.Result) error {
	return Solve(st, m, *found.(*SquareRiders), opts, res)
}
