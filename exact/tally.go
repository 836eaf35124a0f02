package exact

import (
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// A tally accumulates the solutions one worker finds: how many, how many
// are the least of their orbit, and the first one found in the subtree of
// the lowest task index (so that the example reported does not depend on
// how work was shared out).
type tally struct {
	count, classes int64
	firstTask      int
	first, walls   []int32
	canon          canonicalizer
	symmetry       bool
}

func newTally(p *problem, symmetry bool) *tally {
	return &tally{firstTask: -1, canon: canonicalizer{p: p}, symmetry: symmetry}
}

func (t *tally) add(task int, vertices, walls []int32) {
	t.count++
	if t.symmetry && t.canon.isLeast(vertices, walls) {
		t.classes++
	}
	if t.firstTask < 0 || task < t.firstTask {
		t.firstTask = task
		t.first = slices.Clone(vertices)
		t.walls = slices.Clone(walls)
	}
}

// merge folds o into t.
func (t *tally) merge(o *tally) {
	t.count += o.count
	t.classes += o.classes
	if o.firstTask >= 0 && (t.firstTask < 0 || o.firstTask < t.firstTask) {
		t.firstTask, t.first, t.walls = o.firstTask, o.first, o.walls
	}
}

// countResult fills a count result from a tally.
func (p *problem) countResult(res *model.Result, t *tally, symmetry bool, value func(vertices, walls []int32) int64) {
	res.Count = model.Int64(t.count)
	if symmetry {
		res.Classes = model.Int64(t.classes)
	}
	if t.count == 0 {
		res.Status = model.StatusInfeasible
		return
	}
	res.Status = model.StatusOptimal
	sol := p.solution(t.first, t.walls)
	res.Solution = &sol
	res.Value = model.Int64(value(t.first, t.walls))
}
