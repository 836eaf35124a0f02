package clique

import (
	"fmt"
	"strconv"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Solve answers models whose rules are independence (or nothing)
// and whose objective, if any, counts pieces: maximum (or minimum)
// independent sets of the conflict graph under the place list's counts.
func Solve(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error {
	g, err := graph.New(p)
	if err != nil {
		return err
	}
	defer g.Release() // nothing below keeps the graph
	res.Stats.Engine = "clique branch and bound"
	res.Stats.Extra["cliques"] = strconv.Itoa(len(g.Cliques)) + " " + g.Partition
	if (p.Independent && p.FixedConflict()) || p.MinTotal > p.MaxTotal {
		return problem.Infeasible(res, opts)
	}
	r := &run{p: p, g: g, st: st, opts: opts, res: res, Pieces: driver.Pieces{Lo: p.MinTotal, Hi: p.MaxTotal, Sense: p.Sense}}
	return driver.Solve(st, p, opts, res, r)
}

// A run is one model's searches, as the driver runs them.
type run struct {
	driver.Pieces
	p     *problem.Problem
	g     *graph.Graph
	st    *tasks.Stopper
	opts  model.Options
	res   *model.Result
	split *Search // the search that recorded the task list
}

var _ driver.Search = (*run)(nil)

// MaxSplit: every clique decided, and the leaf below.
func (r *run) MaxSplit() int { return len(r.g.Cliques) + 1 }

// newSearch is a search within the run's bounds on pieces.
func (r *run) newSearch() *Search {
	s := NewSearch(r.g, r.st)
	s.Lo, s.Hi = r.Lo, r.Hi
	return s
}

// Optimise finds a set of the most (or fewest) pieces by branch and
// bound, or the first set when there is no objective.
func (r *run) Optimise(task model.Task) (bool, int64) {
	if r.NoFirstPass(task) {
		return true, 0 // counting without an objective needs no first pass
	}
	found := false
	bound := r.g.RootBound(r.Lo, r.Hi, r.Sense)
	// accept moves the bounds of the search past a set it found
	accept := func(chosen []int32, lo, hi *int, halted *bool) {
		found = true
		if r.Improve(chosen, lo, hi) {
			*halted = true
		}
		if r.opts.Progress != nil && r.Sense != model.Fixed {
			r.opts.Progress(-1, fmt.Sprintf("best %d pieces, bound %d", len(r.Chosen), bound))
		}
		r.improved(bound)
	}
	var nodes int64
	if ws, ok := NewWordSearch(r.g, r.st); ok {
		ws.Lo, ws.Hi = r.Lo, r.Hi
		ws.Minimize = r.Sense == model.Minimize
		ws.Visit = func(s *WordSearch) { accept(s.Chosen, &s.Lo, &s.Hi, &s.Halted) }
		ws.Start()
		nodes = ws.Nodes
		ws.release()
	} else {
		s := r.newSearch()
		s.Minimize = r.Sense == model.Minimize
		s.Visit = func(s *Search) { accept(s.Chosen, &s.Lo, &s.Hi, &s.Halted) }
		s.Start()
		nodes = s.Nodes
	}
	if r.st.Canceled() && found && r.Sense != model.Fixed {
		r.res.Stats.Bound = model.Int64(bound)
	}
	r.Narrow(found)
	return found, nodes
}

// improved tells model.Options.Improved of the best set, found just now
// (the search runs on one goroutine), with the root's bound.
func (r *run) improved(bound int64) {
	if r.opts.Improved == nil || r.Sense == model.Fixed {
		return
	}
	sol := r.p.Solution(r.Chosen, nil)
	r.opts.Improved(model.Incumbent{Value: int64(len(r.Chosen)), Bound: model.Int64(bound), Solution: &sol})
}

// Enumerate lists the sets depth first.
func (r *run) Enumerate(emit func(vertices, walls []int32) bool) int64 {
	s := r.newSearch()
	s.Visit = func(s *Search) { s.Halted = !emit(s.Chosen, nil) }
	s.Start()
	return s.Nodes
}

// Split records the subtrees at depth (and the sets above it). It always
// says deeper: the driver then tries every depth up to MaxSplit until the
// list is long enough, as clique's own loop did (the node counts stay).
func (r *run) Split(depth int) (int, int64, bool) {
	r.split = r.newSearch()
	r.split.splitDepth = depth
	r.split.Start()
	r.Root = false
	return len(r.split.tasks), r.split.Nodes, true
}

// Worker tallies into t the sets of the tasks it runs.
func (r *run) Worker(t *problem.Tally) driver.Worker {
	s := r.newSearch()
	w := driver.NewWorker(t, func(task int) { s.resume(r.task(task)) }, func() int64 { return s.Nodes })
	s.Visit = func(s *Search) { w.Add(s.Chosen, nil) }
	return w
}

// task is task i of the list: the whole tree, or a subtree of the split.
func (r *run) task(i int) cliqueTask {
	if r.Root {
		return cliqueTask{depth: 0, cand: r.g.Problem.Allowed}
	}
	return r.split.tasks[i]
}
