package driver

import (
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// Pieces is the state a branch and bound on the number of pieces (armies,
// clique) keeps between the driver's calls: the bounds on the pieces of
// the solutions it counts or enumerates (narrowed to the optimum once
// found), the objective's sense, the best solution found, and whether the
// task list is the whole tree. Embedded in a technique's run, it supplies
// the Search's Best, Value (the pieces) and Whole.
type Pieces struct {
	Lo, Hi int
	Sense  model.Optimize
	Chosen []int32 // the best solution found
	Root   bool    // the task list is the whole tree
}

func (p *Pieces) Best() ([]int32, []int32)        { return p.Chosen, nil }
func (p *Pieces) Value(vertices, _ []int32) int64 { return int64(len(vertices)) }

// Whole makes the whole tree the one task.
func (p *Pieces) Whole() int { p.Root = true; return 1 }

// NoFirstPass reports whether task needs no search for an optimum: a count
// or an enumeration without an objective.
func (p *Pieces) NoFirstPass(task model.Task) bool {
	return task != model.TaskSolve && p.Sense == model.Fixed
}

// Improve keeps chosen as the best solution and moves the bounds of the
// search that found it (lo, hi) past it (Past); it reports whether that
// search should halt.
func (p *Pieces) Improve(chosen []int32, lo, hi *int) (halt bool) {
	p.Chosen = slices.Clone(chosen)
	return Past(p.Sense, len(chosen), lo, hi)
}

// Narrow narrows the counts and enumerations to the optimum, when found.
func (p *Pieces) Narrow(found bool) {
	if found {
		p.Lo, p.Hi = len(p.Chosen), len(p.Chosen)
	}
}
