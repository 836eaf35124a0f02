package driver

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A part of a proof (issue 23): a search for one solution whose pass is
// split among shards. FirstPart lists f's tasks to ShardTasks whatever
// the number of workers (the list depends on the model, the pass and
// f's SplitPolicy.From alone, so every shard lists the same), and searches
// only the tasks opts.Shard owns, keeping the solution of the earliest
// owned task that has one, as First keeps the earliest of all. Its Found
// names that task by its index in the whole list, so a merge can pick the
// earliest task over every shard: the solution First would keep on the
// whole list, since the tasks are the whole search's subtrees in order.
// SplitNodes are the split's, which every shard repeats.
func FirstPart(st *tasks.Stopper, opts model.Options, f Finder, what string) (Found, []FindWorker) {
	from := 1
	if sp, ok := f.(interface{ SplitPolicy() SplitPolicy }); ok {
		from = sp.SplitPolicy().From
	}
	n, nodes := deepen(st, f, from, ShardTasks)
	run := ownedTasks(model.Options{Shard: opts.Shard}, n)
	var best atomic.Int64
	best.Store(math.MaxInt64)
	var mu sync.Mutex
	by := -1
	workers := max(1, min(model.WorkerCount(opts.Workers), len(run)))
	searches := Spread(st, workers, len(run), opts.Progress, what, f.FindWorker, func(w int, s FindWorker, i int) {
		if int64(i) > best.Load() {
			return
		}
		if !s.Find(run[i], func() bool { return int64(i) > best.Load() }) {
			return
		}
		mu.Lock()
		if int64(i) < best.Load() {
			best.Store(int64(i))
			by = w
		}
		mu.Unlock()
	})
	out := Found{Task: -1, Worker: -1, Tasks: n, SplitNodes: nodes}
	if b := best.Load(); b != math.MaxInt64 {
		out.Task, out.Worker = run[b], by
	}
	return out, searches
}
