package attackcounts

import (
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Solve answers a model with attack counts or square weights.
func Solve(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error {
	t, err := newTables(p)
	if err != nil {
		return err
	}
	res.Stats.Engine = "attack counts: square by square with incremental counts"
	if p.MinTotal > p.MaxTotal {
		return problem.Infeasible(res, opts)
	}
	r := &run{t: t, st: st, main: newSearch(t, st)}
	return driver.Solve(st, p, opts, res, r)
}

// A run is one model's searches as the driver runs them.
type run struct {
	t     *tables
	st    *tasks.Stopper
	main  *search
	found bool
	best  []int32
	want  int64 // the optimal score, once found
	tasks [][]int32
	depth int // the squares every task has decided
}

var _ driver.Search = (*run)(nil)

func (r *run) Best() ([]int32, []int32) { return r.best, nil }

// Value is the objective's measure of a placement.
func (r *run) Value(vertices, _ []int32) int64 {
	s := newSearch(r.t, r.st)
	v := slices.Clone(vertices)
	slices.SortFunc(v, r.bySquare)
	s.replay(v, r.t.n)
	return s.value()
}

// bySquare orders vertices by square, then slot: the order of the search.
func (r *run) bySquare(a, b int32) int {
	n := int32(r.t.n)
	if a%n != b%n {
		return int(a%n - b%n)
	}
	return int(a/n - b/n)
}

// Optimise finds an optimal placement by branch and bound (any placement
// without an objective) and narrows the count to its score.
func (r *run) Optimise(task model.Task) (bool, int64) {
	s := r.main
	if r.t.sign == 0 && task != model.TaskSolve {
		r.found = true // counting without an objective needs no first pass
		return true, 0
	}
	s.floor = -noBound
	s.accept = func(score int64) {
		r.found, r.want = true, score
		r.best = slices.Clone(s.chosen)
		if r.t.sign == 0 {
			s.halted = true
			return
		}
		s.floor = score + 1
	}
	s.reset()
	s.square(0)
	nodes := s.nodes
	s.nodes = 0
	if r.found {
		s.floor = r.want
	}
	return r.found, nodes
}

// Enumerate lists the placements at the optimum depth first.
func (r *run) Enumerate(emit func(vertices, walls []int32) bool) int64 {
	s := r.main
	s.accept = func(score int64) {
		if score == r.want && !emit(s.chosen, nil) {
			s.halted = true
		}
	}
	s.reset()
	s.square(0)
	return s.nodes
}

// MaxSplit is the deepest split: every square decided.
func (r *run) MaxSplit() int { return r.t.n }

// Split records the placements of the first depth squares that the rules
// leave open as the tasks.
func (r *run) Split(depth int) (int, int64, bool) {
	s := r.main
	r.tasks, r.depth = nil, depth
	s.splitDepth = depth
	s.onSplit = func() { r.tasks = append(r.tasks, slices.Clone(s.chosen)) }
	s.accept = func(int64) {}
	s.reset()
	s.square(0)
	s.splitDepth = -1
	nodes := s.nodes
	s.nodes = 0
	if len(r.tasks) == 0 {
		return r.Whole(), nodes, false
	}
	return len(r.tasks), nodes, depth < r.t.n
}

// Whole makes the whole tree the one task.
func (r *run) Whole() int {
	r.tasks, r.depth = [][]int32{nil}, 0
	return 1
}

// Worker tallies into t the placements at the optimum of the tasks it
// runs: it replays the task's squares and searches the rest.
func (r *run) Worker(t *problem.Tally) driver.Worker {
	s := newSearch(r.t, r.st)
	s.floor = r.main.floor
	w := driver.NewWorker(t, func(task int) {
		s.replay(r.tasks[task], r.depth)
		s.square(r.depth)
	}, func() int64 { return s.nodes })
	s.accept = func(score int64) {
		if score == r.want || r.t.sign == 0 {
			w.Add(s.chosen, nil)
		}
	}
	return w
}
