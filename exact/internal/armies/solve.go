package armies

import (
	"fmt"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Solve answers a group model: an optimal placement, every one, or their
// number and classes (the model's symmetries with its group swaps).
func Solve(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error {
	t, err := newTables(p)
	if err != nil {
		return err
	}
	res.Stats.Engine = "armies branch and bound"
	if t.strong {
		res.Stats.Extra["lines"] = "strong, looked back"
	}
	if p.MinTotal > p.MaxTotal {
		return problem.Infeasible(res, opts)
	}
	r := &run{t: t, st: st, opts: opts, res: res, Pieces: driver.Pieces{Lo: p.MinTotal, Hi: p.MaxTotal, Sense: p.Sense}}
	return driver.Solve(st, p, opts, res, r)
}

// A run is one model's searches, as the driver runs them.
type run struct {
	driver.Pieces
	t     *Tables
	st    *tasks.Stopper
	opts  model.Options
	res   *model.Result
	split *Search
}

var _ driver.Search = (*run)(nil)

// MaxSplit: every square decided, and the leaf below.
func (r *run) MaxSplit() int { return r.t.n + 1 }

func (r *run) newSearch() *Search {
	s := newSearch(r.t, r.st)
	s.Lo, s.Hi = r.Lo, r.Hi
	return s
}

// Optimise finds a placement of the most (or fewest) pieces by branch and
// bound, or the first one when there is no objective.
func (r *run) Optimise(task model.Task) (bool, int64) {
	if r.NoFirstPass(task) {
		return true, 0 // counting without an objective needs no first pass
	}
	found := false
	s := r.newSearch()
	s.LeadersFirst = true
	s.Visit = func(s *Search) {
		found = true
		if r.Improve(s.Chosen, &s.Lo, &s.Hi) {
			s.Halted = true
		}
		if r.opts.Progress != nil && r.Sense != model.Fixed {
			r.opts.Progress(-1, fmt.Sprintf("best %d pieces", len(r.Chosen)))
		}
	}
	s.Start()
	r.Narrow(found)
	return found, s.Nodes
}

// Enumerate lists the placements depth first.
func (r *run) Enumerate(emit func(vertices, walls []int32) bool) int64 {
	s := r.newSearch()
	s.Visit = func(s *Search) { s.Halted = !emit(s.Chosen, nil) }
	s.Start()
	return s.Nodes
}

// Split records the subtrees at depth (decisions from the root).
func (r *run) Split(depth int) (int, int64, bool) {
	r.split = r.newSearch()
	r.split.splitDepth = depth
	r.split.Visit = func(s *Search) {
		r.split.tasks = append(r.split.tasks, task{chosen: slices.Clone(s.Chosen), square: r.t.n, depth: depth})
	}
	r.split.Start()
	r.Root = false
	deeper := false
	for _, tk := range r.split.tasks {
		deeper = deeper || tk.depth == depth && tk.square < r.t.n
	}
	return len(r.split.tasks), r.split.Nodes, deeper
}

// Worker tallies into t the placements of the tasks it runs.
func (r *run) Worker(t *problem.Tally) driver.Worker {
	s := r.newSearch()
	w := driver.NewWorker(t, func(task int) { s.resume(r.task(task)) }, func() int64 { return s.Nodes })
	s.Visit = func(s *Search) { w.Add(s.Chosen, nil) }
	return w
}

// task is task i of the list: the whole tree, or a subtree of the split.
func (r *run) task(i int) task {
	if r.Root {
		return task0
	}
	return r.split.tasks[i]
}

// task0 is the whole tree.
var task0 = task{}
