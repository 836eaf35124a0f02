package driver

import (
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// A TaskWorker is the Worker a technique's Counter hands out when its
// workers differ only in their search: resume runs one task of the list
// on the worker's own search, nodes reads that search's node count, and
// the search tallies what it accepts through Add, under the task it runs.
// Techniques build one in Worker and point their search's visit at Add:
//
//	s := newSearch(...)
//	w := driver.NewWorker(t, func(task int) { s.resume(list[task]) }, func() int64 { return s.nodes })
//	s.visit = func() { w.Add(s.chosen, nil) }
type TaskWorker struct {
	tally  *problem.Tally
	task   int
	resume func(task int)
	nodes  func() int64
}

var _ Worker = (*TaskWorker)(nil)

// NewWorker returns a worker tallying into t that runs task i by resume(i)
// and reports nodes() as its nodes.
func NewWorker(t *problem.Tally, resume func(task int), nodes func() int64) *TaskWorker {
	return &TaskWorker{tally: t, resume: resume, nodes: nodes}
}

// Run searches task i of the list.
func (w *TaskWorker) Run(task int) {
	w.task = task
	w.resume(task)
}

// Nodes is what the worker's search visited over all its tasks.
func (w *TaskWorker) Nodes() int64 { return w.nodes() }

// Task is the task the worker runs (the last one it ran).
func (w *TaskWorker) Task() int { return w.task }

// Tally is the tally the worker adds to.
func (w *TaskWorker) Tally() *problem.Tally { return w.tally }

// Add tallies a solution of the task the worker runs.
func (w *TaskWorker) Add(vertices, walls []int32) { w.tally.Add(w.task, vertices, walls) }

// Past moves a branch and bound on the number of pieces past a solution
// of n pieces: under a maximum the search looks for more pieces next (lo),
// under a minimum for fewer (hi). Without an objective the first solution
// is the answer, and Past reports that the search should halt.
func Past(sense model.Optimize, n int, lo, hi *int) (halt bool) {
	switch sense {
	case model.Maximize:
		*lo = n + 1
	case model.Minimize:
		*hi = n - 1
	default:
		return true
	}
	return false
}
