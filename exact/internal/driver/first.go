package driver

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A Finder is a technique's search for one solution (of one pass: a
// target, a number of pieces) as First runs it: split into tasks like a
// count, each task searched by a worker until it finds a solution.
type Finder interface {
	Splitter
	// FindWorker returns a search of its own that looks into tasks of
	// the list for a solution, keeping the one it finds.
	FindWorker() FindWorker
}

// A FindWorker searches tasks of a Finder's list, one at a time.
type FindWorker interface {
	// Find searches task i until it finds a solution (and reports true)
	// or abort, which it polls now and then, says an earlier task has one.
	Find(task int, abort func() bool) bool
}

// Found is what First found: the earliest task with a solution (-1:
// none), the worker whose search holds it, the tasks of the list and the
// nodes the split visited.
type Found struct {
	Task, Worker int
	Tasks        int
	SplitNodes   int64
}

// First splits f's search into tasks (f's SplitPolicy, or 64 tasks a
// worker from depth 1 on any number of workers) and runs them on
// workers, each worker with its own search from f.FindWorker. Tasks
// after the earliest one with a solution are skipped, or abandoned when
// it is found, so the solution kept — the earliest task's — is the same
// on any number of workers. It reports what (with the subtrees done) as
// progress.
func First(st *tasks.Stopper, opts model.Options, f Finder, what string) (Found, []FindWorker) {
	policy := SplitPolicy{PerWorker: 64, From: 1, Always: true}
	if sp, ok := f.(interface{ SplitPolicy() SplitPolicy }); ok {
		policy = sp.SplitPolicy()
	}
	workers := model.WorkerCount(opts.Workers)
	n, nodes := deepen(st, f, policy.From, policy.PerWorker*workers)
	task, by, searches := earliest(st, opts, f, what, workers, n, func(i int) int { return i })
	return Found{Task: task, Worker: by, Tasks: n, SplitNodes: nodes}, searches
}

// earliest runs n tasks, the i-th being task at(i) of f's list, on
// workers, each worker with its own search from f.FindWorker, and returns
// the earliest of them (least i) with a solution, named by its index in
// f's list (-1: none), and the worker whose search holds it. A task after
// the earliest found so far is skipped, or abandoned when an earlier one
// finds.
func earliest(st *tasks.Stopper, opts model.Options, f Finder, what string, workers, n int, at func(i int) int) (task, worker int, searches []FindWorker) {
	var best atomic.Int64
	best.Store(math.MaxInt64)
	var mu sync.Mutex
	by := -1
	searches = Spread(st, workers, n, opts.Progress, what, f.FindWorker, func(w int, s FindWorker, i int) {
		if int64(i) > best.Load() {
			return
		}
		if !s.Find(at(i), func() bool { return int64(i) > best.Load() }) {
			return
		}
		mu.Lock()
		if int64(i) < best.Load() {
			best.Store(int64(i))
			by = w
		}
		mu.Unlock()
	})
	if b := best.Load(); b != math.MaxInt64 {
		return at(int(b)), by, searches
	}
	return -1, -1, searches
}
