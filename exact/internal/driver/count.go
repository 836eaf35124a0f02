package driver

import (
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// ShardTasks is the least number of tasks a sharded count is split into
// (fewer only when the search tree has fewer subtrees): enough to share
// out among shards and their workers, from the model and options alone.
const ShardTasks = 4096

// tasksPerWorker is the tasks an ordinary count is split into per worker:
// enough for the pool to balance subtrees of very different sizes.
const tasksPerWorker = 32

// A Splitter makes a technique's task list.
type Splitter interface {
	// Split runs the search from the root, making the subtrees at depth
	// (and the solutions met above it) the task list, in search order. It
	// returns the number of tasks, the nodes it visited, and whether some
	// subtree reached depth (splitting deeper may give more). Depths are
	// asked for in increasing order, so a technique may deepen the list
	// it made last rather than start again from the root.
	Split(depth int) (tasks int, nodes int64, deeper bool)
	// MaxSplit is the deepest split worth trying.
	MaxSplit() int
	// Whole makes the task list one task, the whole tree, and returns 1.
	Whole() int
}

// A Counter is a technique's count as the driver runs it. One with a
// What() string method names its count so in progress ("counting" else).
type Counter interface {
	Splitter
	// Worker returns a search of its own that runs tasks of the list,
	// tallying the solutions of task i into t (as task i).
	Worker(t *problem.Tally) Worker
}

// A SplitPolicy is how deep a technique's list is split, for a Counter or
// a Finder that has a SplitPolicy() method; without one, a count splits
// from depth 1 to 32 tasks a worker, and not at all on one worker without
// progress. Under a shard the target is ShardTasks whatever the policy.
type SplitPolicy struct {
	PerWorker int  // the target: this many tasks a worker
	From      int  // the first depth tried
	Always    bool // split even on one worker without progress
}

// A Worker searches tasks of a Counter's list, one at a time.
type Worker interface {
	Run(task int)
	Nodes() int64 // the nodes visited so far, over all its tasks
}

// A Counted is what Count found.
type Counted struct {
	Tally    *problem.Tally
	Nodes    int64 // the nodes the caller reports (see the package doc on shards)
	Searched int64 // the nodes visited
	Tasks    int   // the tasks of the list
}

// Count splits c's search into tasks and runs them on the workers (under
// a shard, those the shard owns), merging the tallies.
func Count(st *tasks.Stopper, p *problem.Problem, opts model.Options, c Counter) Counted {
	n, splitNodes := split(st, opts, c)
	out := Counted{Tally: problem.NewTally(p, opts.Symmetry), Tasks: n}
	if !opts.Shard.Active() || opts.Shard.Index == 0 {
		out.Nodes = splitNodes
	}
	out.Searched = splitNodes
	run := Owned(opts, n)
	workers := max(1, min(model.WorkerCount(opts.Workers), len(run))) // a worker per task at most
	what := "counting"
	if w, ok := c.(interface{ What() string }); ok {
		what = w.What()
	}
	searches := Spread(st, workers, len(run), opts.Progress, what, func() *counting {
		t := problem.NewTally(p, opts.Symmetry)
		t.SetShard(opts.Shard)
		return &counting{Worker: c.Worker(t), tally: t}
	}, func(_ int, s *counting, i int) {
		before := s.Nodes()
		s.Run(run[i])
		if Owns(opts.Shard, run[i]) {
			s.owned += s.Nodes() - before
		}
	})
	for _, s := range searches {
		out.Searched += s.Nodes()
		out.Nodes += s.owned
		out.Tally.Merge(s.tally)
	}
	return out
}

// counting is a Counter's worker as Count runs it, with its own tally and
// the nodes of the tasks the shard owns.
type counting struct {
	Worker
	tally *problem.Tally
	owned int64
}

// split makes c's task list: none (the whole tree) on one worker without
// progress, otherwise split deeper until the list reaches its target.
func split(st *tasks.Stopper, opts model.Options, c Counter) (int, int64) {
	policy := SplitPolicy{PerWorker: tasksPerWorker, From: 1}
	if sp, ok := c.(interface{ SplitPolicy() SplitPolicy }); ok {
		policy = sp.SplitPolicy()
	}
	workers := model.WorkerCount(opts.Workers)
	target := policy.PerWorker * workers
	if opts.Shard.Active() {
		target = ShardTasks
	} else if workers == 1 && opts.Progress == nil && !policy.Always {
		return c.Whole(), 0
	}
	return deepen(st, c, policy.From, target)
}

// deepen splits c at depth from, from+1, ... until the list reaches
// target, nothing reached the depth, the search stops or MaxSplit.
func deepen(st *tasks.Stopper, c Splitter, from, target int) (int, int64) {
	var nodes int64
	for d := from; d <= c.MaxSplit(); d++ {
		n, visited, deeper := c.Split(d)
		nodes += visited
		if n >= target || st.Stopped() || !deeper || d == c.MaxSplit() {
			return n, nodes
		}
	}
	return c.Whole(), nodes
}

// Owned lists the tasks of a list of n this run searches: all of them, or
// a shard's (every task, for distinct wall sets, which may recur across
// tasks).
func Owned(opts model.Options, n int) []int {
	run := make([]int, 0, n)
	for i := range n {
		if Owns(opts.Shard, i) || opts.DistinctWalls {
			run = append(run, i)
		}
	}
	return run
}

// Owns reports whether shard s owns task i of a list: task i is part
// i mod N's of N (model.Shard.Owns), every task without a shard. Every
// technique that counts in parts owns its tasks so, whether the driver
// runs its list (Count, FirstPart) or the technique does (the n-queens
// constellations, which a part plans only when it owns them).
func Owns(s model.Shard, i int) bool { return s.Owns(i) }
