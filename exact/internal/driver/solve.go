package driver

import (
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A Search is a technique as the driver runs it: first an optimum, then,
// for count and enumerate, every solution at it.
type Search interface {
	// Optimise looks for an optimal solution (without an objective, any
	// solution; for count and enumerate without one, it may skip the
	// search and report found) and narrows the search to the optimum. It
	// returns whether there is one and the nodes it visited.
	Optimise(task model.Task) (found bool, nodes int64)
	// Best is the best solution found, valid when Optimise found one.
	Best() (vertices, walls []int32)
	// Value is the objective's value of a solution.
	Value(vertices, walls []int32) int64
	// Enumerate hands every solution at the optimum to emit, depth first
	// on the calling goroutine (one order on every run), until emit
	// returns false; it returns the nodes it visited.
	Enumerate(emit func(vertices, walls []int32) bool) (nodes int64)
	Counter
}

// Solve performs opts.Task with s and fills res: the optimum (solve),
// every solution at it (enumerate), or their number and classes (count),
// each with the status the search earned.
func Solve(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result, s Search) error {
	if opts.Shard.Active() && opts.Task != model.TaskCount {
		return fmt.Errorf("exact: only counts are split into shards, not %s: %w", opts.Task, model.ErrUnsupported)
	}
	found, nodes := s.Optimise(opts.Task)
	if !opts.Shard.Active() || opts.Shard.Index == 0 {
		res.Stats.Nodes += nodes
	}
	if st.Canceled() {
		v, w := s.Best()
		return problem.Unknown(res, p, found, v, w, s.Value)
	}
	switch {
	case !found:
		return problem.Infeasible(res, opts)
	case opts.Task == model.TaskSolve:
		v, w := s.Best()
		return problem.Solved(res, p, v, w, s.Value)
	case opts.Task == model.TaskEnumerate:
		return enumerate(st, p, opts, res, s)
	}
	return Settle(st, p, opts, res, Count(st, p, opts, s), s.Value)
}

// enumerate hands every solution to opts.Emit.
func enumerate(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result, s Search) error {
	var n int64
	var emitErr error
	res.Stats.Nodes += s.Enumerate(func(vertices, walls []int32) bool {
		if emitErr = opts.Emit(p.Solution(vertices, walls)); emitErr != nil {
			return false
		}
		n++
		return true
	})
	return problem.Enumerated(res, st, n, emitErr)
}

// Settle fills a count result from what Count found: unknown with the
// count so far when the search was stopped.
func Settle(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result, c Counted, value problem.ValueFunc) error {
	res.Stats.Nodes += c.Nodes
	if opts.Shard.Active() {
		res.Stats.ShardTasks = &c.Tasks
		if opts.DistinctWalls {
			res.Stats.ShardSearchedNodes = &c.Searched
		}
	}
	if st.Canceled() {
		res.Status = model.StatusUnknown
		switch n := c.Tally.SoFar().(type) {
		case int64:
			res.Stats.CountedSoFar = model.Int64(n)
		default: // a bulk count past 64 bits, in decimal
			res.Stats.Extra["counted_so_far"] = n
		}
		return nil
	}
	return p.CountResult(res, c.Tally, opts, value)
}

// Whole refuses a shard for a search that does not split its work into a
// task list (what names it): a count of one part of it is not defined.
func Whole(opts model.Options, what string) error {
	if !opts.Shard.Active() {
		return nil
	}
	return fmt.Errorf("exact: %s splits no task list, so it runs no shard (%d of %d); run it whole: %w",
		what, opts.Shard.Index, opts.Shard.Of, model.ErrUnsupported)
}
