package driver

import (
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A part of a proof: a search for one solution whose pass is
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
	run := Owned(model.Options{Shard: opts.Shard}, n)
	workers := max(1, min(model.WorkerCount(opts.Workers), len(run)))
	task, by, searches := earliest(st, opts, f, what, workers, len(run), func(i int) int { return run[i] })
	return Found{Task: task, Worker: by, Tasks: n, SplitNodes: nodes}, searches
}
