package exact

import (
	"fmt"
	"math"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// A tally accumulates the solutions one worker finds: how many, how many
// are the least of their orbit, and the first one found in the subtree of
// the lowest task index (so that the example reported does not depend on
// how work was shared out).
type tally struct {
	count, classes int64
	overflow       bool // a count went past the largest int64 (see countResult)
	firstTask      int
	first, walls   []int32
	canon          canonicalizer
	symmetry       bool
}

func newTally(p *problem, symmetry bool) *tally {
	return &tally{firstTask: -1, canon: canonicalizer{p: p}, symmetry: symmetry}
}

func (t *tally) add(task int, vertices, walls []int32) {
	t.count = t.checkedAdd(t.count, 1)
	if t.symmetry && t.canon.isLeast(vertices, walls) {
		t.classes = t.checkedAdd(t.classes, 1)
	}
	if t.firstTask < 0 || task < t.firstTask {
		t.firstTask = task
		t.first = slices.Clone(vertices)
		t.walls = slices.Clone(walls)
	}
}

// merge folds o into t.
func (t *tally) merge(o *tally) {
	t.count = t.checkedAdd(t.count, o.count)
	t.classes = t.checkedAdd(t.classes, o.classes)
	t.overflow = t.overflow || o.overflow
	if o.firstTask >= 0 && (t.firstTask < 0 || o.firstTask < t.firstTask) {
		t.firstTask, t.first, t.walls = o.firstTask, o.first, o.walls
	}
}

// checkedAdd adds two counts, remembering an overflow instead of wrapping.
func (t *tally) checkedAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		t.overflow = true
		return math.MaxInt64
	}
	return a + b
}

// countResult fills a count result from a tally; a count past the largest
// int64 is refused, never reported wrapped.
func (p *problem) countResult(res *model.Result, t *tally, symmetry bool, value func(vertices, walls []int32) int64) error {
	if t.overflow {
		return fmt.Errorf("exact: the number of solutions does not fit a 64-bit count: %w", model.ErrUnsupported)
	}
	res.Count = model.Int64(t.count)
	if symmetry {
		res.Classes = model.Int64(t.classes)
	}
	if t.count == 0 {
		res.Status = model.StatusInfeasible
		return nil
	}
	res.Status = model.StatusOptimal
	sol := p.solution(t.first, t.walls)
	res.Solution = &sol
	res.Value = model.Int64(value(t.first, t.walls))
	return nil
}
