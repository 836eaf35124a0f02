package driver

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A leafFinder is a complete binary tree whose solutions are some of its
// leaves; task i of a split at depth d is the i-th subtree there.
type leafFinder struct {
	height, depth int
	solutions     []int // leaf numbers, increasing
	searched      atomic.Int64
}

func (f *leafFinder) MaxSplit() int { return f.height }
func (f *leafFinder) Whole() int    { f.depth = 0; return 1 }
func (f *leafFinder) Split(depth int) (int, int64, bool) {
	f.depth = depth
	return 1 << depth, 1<<depth - 1, depth < f.height
}
func (f *leafFinder) FindWorker() FindWorker { return leafWorker{f} }

type leafWorker struct{ f *leafFinder }

// Find reports whether a solution lies in the subtree of task.
func (w leafWorker) Find(task int, abort func() bool) bool {
	w.f.searched.Add(1)
	size := 1 << (w.f.height - w.f.depth)
	lo, hi := task*size, (task+1)*size
	return slices.ContainsFunc(w.f.solutions, func(l int) bool { return l >= lo && l < hi })
}

// TestFirstEarliest: First keeps the earliest task with a solution on any
// number of workers, skips tasks after it on one, and reports none when
// there is none.
func TestFirstEarliest(t *testing.T) {
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	for _, workers := range []int{1, 2, 8} {
		f := &leafFinder{height: 12, solutions: []int{1500, 1501, 3000}}
		got, _ := First(st, model.Options{Workers: workers}, f, "test")
		size := 1 << (f.height - f.depth)
		if want := 1500 / size; got.Task != want || got.Tasks != 1<<f.depth || got.Tasks < 64*workers {
			t.Errorf("%d workers: task %d of %d, want %d of at least %d", workers, got.Task, got.Tasks, want, 64*workers)
		}
		if workers == 1 && f.searched.Load() != int64(got.Task+1) {
			t.Errorf("one worker searched %d tasks, want %d (none after the first found)", f.searched.Load(), got.Task+1)
		}
		none, _ := First(st, model.Options{Workers: workers}, &leafFinder{height: 12}, "test")
		if none.Task != -1 {
			t.Errorf("%d workers: found task %d with no solution", workers, none.Task)
		}
	}
}
