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

func fits(m *model.Model, opts model.Options) bool {
	if opts.DistinctWalls && opts.Task == model.TaskCount || m.HasGroups() || m.HasCounts() {
		return false
	}
	_, ok := Detect(m)
	return ok && m.Plain()
}

func solve(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error {
	sq, _ := Detect(m)
	return Solve(st, m, sq, opts, res)
}
