package problem

import (
	"fmt"
	"math"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// A Tally accumulates the solutions one worker finds: how many, how many
// are the least of their orbit, and the first one found in the subtree of
// the lowest task index (so that the example reported does not depend on
// how work was shared out).
type Tally struct {
	Count, Classes int64
	overflow       bool // a count went past the largest int64 (see countResult)
	FirstTask      int
	First, Walls   []int32
	canon          Canonicalizer
	symmetry       bool
}

func NewTally(p *Problem, symmetry bool) *Tally {
	return &Tally{FirstTask: -1, canon: Canonicalizer{Problem: p}, symmetry: symmetry}
}

func (t *Tally) Add(task int, vertices, walls []int32) {
	t.Count = t.checkedAdd(t.Count, 1)
	if t.symmetry && t.canon.isLeast(vertices, walls) {
		t.Classes = t.checkedAdd(t.Classes, 1)
	}
	if t.FirstTask < 0 || task < t.FirstTask {
		t.FirstTask = task
		t.First = slices.Clone(vertices)
		t.Walls = slices.Clone(walls)
	}
}

// Merge folds o into t.
func (t *Tally) Merge(o *Tally) {
	t.Count = t.checkedAdd(t.Count, o.Count)
	t.Classes = t.checkedAdd(t.Classes, o.Classes)
	t.overflow = t.overflow || o.overflow
	if o.FirstTask >= 0 && (t.FirstTask < 0 || o.FirstTask < t.FirstTask) {
		t.FirstTask, t.First, t.Walls = o.FirstTask, o.First, o.Walls
	}
}

// checkedAdd adds two counts, remembering an overflow instead of wrapping.
func (t *Tally) checkedAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		t.overflow = true
		return math.MaxInt64
	}
	return a + b
}

// CountResult fills a count result from a tally; a count past the largest
// int64 is refused, never reported wrapped.
func (p *Problem) CountResult(res *model.Result, t *Tally, symmetry bool, value func(vertices, walls []int32) int64) error {
	if t.overflow {
		return fmt.Errorf("exact: the number of solutions does not fit a 64-bit count: %w", model.ErrUnsupported)
	}
	res.Count = model.Int64(t.Count)
	if symmetry {
		res.Classes = model.Int64(t.Classes)
	}
	if t.Count == 0 {
		res.Status = model.StatusInfeasible
		return nil
	}
	res.Status = model.StatusOptimal
	sol := p.Solution(t.First, t.Walls)
	res.Solution = &sol
	res.Value = model.Int64(value(t.First, t.Walls))
	return nil
}
