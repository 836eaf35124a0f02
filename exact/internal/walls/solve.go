package walls

import (
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A wallPricer prices the piece set a wallSearch stands on: which squares
// may take a wall, and the hitting sets of its gaps among them.
type wallPricer struct {
	w    *wallSearch
	h    *hitter
	free bitset.Set
	cut  []bitset.Set
}

func newWallPricer(w *wallSearch) *wallPricer {
	return &wallPricer{w: w, h: newHitter(w.p.Squares), free: bitset.New(w.p.Squares)}
}

// load prepares the hitter for the current piece set; false when no wall
// can separate it.
func (pr *wallPricer) load() bool {
	w, p := pr.w, pr.w.p
	pr.free.CopyFrom(p.Open)
	pr.free.AndNot(p.FixedSquares)
	for _, pos := range w.chosen {
		pr.free.Clear(int(pos) / w.kinds)
	}
	pr.cut = pr.cut[:0]
	for i, g := range w.gaps {
		c := w.gapStore(len(w.gaps) + i) // beyond the live gaps
		c.CopyFrom(g)
		c.And(pr.free)
		pr.cut = append(pr.cut, c)
	}
	return pr.h.reset(pr.cut, pr.free)
}

// vertices gives the current pieces as problem vertices.
func (pr *wallPricer) vertices() []int32 {
	w := pr.w
	out := make([]int32, len(w.chosen))
	for i, pos := range w.chosen {
		out[i] = int32(int(pos)%w.kinds*w.p.Squares + int(pos)/w.kinds)
	}
	return out
}

// withExtra completes a hitting set with further free walls up to t.
func (pr *wallPricer) withExtra(walls []int32, t int) []int32 {
	walls = slices.Clone(walls)
	for s := pr.free.First(); s >= 0 && len(walls) < t; s = pr.free.Next(s + 1) {
		if !slices.Contains(walls, int32(s)) {
			walls = append(walls, int32(s))
		}
	}
	return walls
}

// Solve answers models whose walls are decision variables.
func Solve(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error {
	w, err := newWallSearch(p, st)
	if err != nil {
		return err
	}
	res.Stats.Engine = "piece sets priced by hitting sets of gaps"
	maxFree := min(p.WallsMax, p.Open.Count())
	r := &wallRun{w: w, pr: newWallPricer(w), st: st, opts: opts, sense: p.Sense, measure: p.Measure,
		wallsMin: p.WallsMin, wallsMax: p.WallsMax, maxFree: maxFree, tLo: p.WallsMin, tHi: maxFree, lo: p.MinTotal, hi: p.MaxTotal}
	if r.lo > r.hi {
		return problem.Infeasible(res, opts)
	}
	w.lo, w.hi = r.lo, r.hi
	return driver.Solve(st, p, opts, res, r)
}

// A wallRun is one model's searches, as the driver runs them: the bounds
// on pieces and walls, narrowed to the optimum, and the best pair found.
type wallRun struct {
	w            *wallSearch
	pr           *wallPricer
	st           *tasks.Stopper
	opts         model.Options
	sense        model.Optimize
	measure      model.Measure // the objective's
	wallsMin     int           // free walls allowed
	wallsMax     int
	maxFree      int
	tLo, tHi     int // the free walls of the pairs counted or enumerated
	lo, hi       int // their pieces
	found        bool
	bestV, bestW []int32
	tasks        []wallTask
}

var _ driver.Search = (*wallRun)(nil)

func (r *wallRun) Best() ([]int32, []int32) { return r.bestV, r.bestW }
func (r *wallRun) MaxSplit() int            { return r.hi + 1 }

// Value is the objective's value: walls (fixed ones included) or pieces.
func (r *wallRun) Value(v, walls []int32) int64 {
	if r.measure == model.MeasureWalls {
		return int64(r.w.p.FixedWalls + len(walls))
	}
	return int64(len(v))
}

// Optimise finds an optimal (pieces, walls) pair and narrows the bounds
// to it.
func (r *wallRun) Optimise(task model.Task) (bool, int64) {
	switch {
	case r.measure == model.MeasureWalls && r.sense == model.Minimize:
		r.fewestWalls()
	case r.measure == model.MeasureWalls:
		r.mostWalls()
	case task == model.TaskSolve || r.sense != model.Fixed:
		r.byPieces()
	default:
		r.found = true // counting without an objective needs no first pass
	}
	return r.found, r.w.nodes + r.pr.h.nodes
}

// fewestWalls raises the wall budget until some piece set fits.
func (r *wallRun) fewestWalls() {
	w, pr := r.w, r.pr
	for b := 0; b <= r.maxFree && !r.found && !r.st.Stopped(); b++ {
		w.budget = b
		w.visit = func() {
			if !pr.load() {
				return
			}
			m, walls := pr.h.minimum(b)
			if m < 0 {
				return
			}
			t := max(m, r.wallsMin)
			if t > pr.free.Count() || t > r.wallsMax {
				return
			}
			r.found, r.bestV, r.bestW = true, pr.vertices(), pr.withExtra(walls, t)
			w.halted = true
		}
		w.halted = false
		w.start()
	}
	if r.found {
		r.tLo, r.tHi = len(r.bestW), len(r.bestW)
	}
}

// mostWalls: every free square not needed stays a wall.
func (r *wallRun) mostWalls() {
	w, pr := r.w, r.pr
	w.budget = r.maxFree
	best := -1
	w.visit = func() {
		if !pr.load() {
			return
		}
		m, walls := pr.h.minimum(r.maxFree)
		t := min(r.wallsMax, pr.free.Count())
		if m < 0 || t < max(m, r.wallsMin) || t <= best {
			return
		}
		best, r.found, r.bestV, r.bestW = t, true, pr.vertices(), pr.withExtra(walls, t)
	}
	w.start()
	if r.found {
		r.tLo, r.tHi = best, best
	}
}

// byPieces moves the piece bounds past each set found (or stops at the
// first, without an objective).
func (r *wallRun) byPieces() {
	w, pr := r.w, r.pr
	w.budget = r.maxFree
	w.visit = func() {
		if !pr.load() {
			return
		}
		m, walls := pr.h.minimum(r.maxFree)
		if m < 0 || max(m, r.wallsMin) > pr.free.Count() {
			return
		}
		r.found, r.bestV, r.bestW = true, pr.vertices(), pr.withExtra(walls, max(m, r.wallsMin))
		if driver.Past(r.sense, len(w.chosen), &w.lo, &w.hi) {
			w.halted = true
		}
	}
	w.start()
	if r.found && r.sense != model.Fixed {
		r.lo, r.hi = len(r.bestV), len(r.bestV)
	}
}

// narrow sets the search to the pairs to count or enumerate.
func (r *wallRun) narrow(w *wallSearch) {
	w.lo, w.hi, w.budget = r.lo, r.hi, r.tHi
	w.halted = false
}

// Enumerate lists the pairs with tLo..tHi free walls depth first.
func (r *wallRun) Enumerate(emit func(vertices, walls []int32) bool) int64 {
	w, pr := r.w, r.pr
	r.narrow(w)
	w.visit = func() {
		if !pr.load() {
			return
		}
		v := pr.vertices()
		for walls := r.tLo; walls <= min(r.tHi, pr.free.Count()) && !w.halted; walls++ {
			pr.h.each(walls, true, func(ws []int32) bool {
				w.halted = !emit(v, ws) || r.st.Stopped()
				return !w.halted
			})
		}
	}
	w.nodes = 0
	w.start()
	return w.nodes + pr.h.nodes
}

// Split records the subtrees at depth, and the piece sets above it.
func (r *wallRun) Split(depth int) (int, int64, bool) {
	w := r.w
	r.narrow(w)
	w.splitDepth, w.tasks, w.deeper = depth, nil, false
	w.nodes = 0
	w.start()
	w.splitDepth = -1
	r.tasks = w.tasks
	if len(r.tasks) == 0 {
		return r.Whole(), w.nodes, false
	}
	return len(r.tasks), w.nodes, w.deeper
}

// Whole makes the whole tree the one task.
func (r *wallRun) Whole() int {
	r.tasks = []wallTask{{cand: slices.Clone(r.w.allowed)}}
	return 1
}

// A wallWorker searches tasks of the list. Pairs are listed one by one
// when classes or distinct wall sets are asked for, and otherwise counted
// with binomial coefficients for the walls that need not separate
// anything.
type wallWorker struct {
	*driver.TaskWorker
	r  *wallRun
	w  *wallSearch
	pr *wallPricer
}

func (r *wallRun) Worker(t *problem.Tally) driver.Worker {
	w, _ := newWallSearch(r.w.p, r.st) // built once already: cannot fail
	r.narrow(w)
	ww := &wallWorker{r: r, w: w, pr: newWallPricer(w)}
	ww.TaskWorker = driver.NewWorker(t, func(task int) { w.resume(r.tasks[task]) }, func() int64 { return w.nodes })
	w.visit = ww.visit
	return ww
}

// visit tallies the pairs of the piece set the search stands on.
func (ww *wallWorker) visit() {
	r, pr, t, task := ww.r, ww.pr, ww.Tally(), ww.Task()
	if !pr.load() {
		return
	}
	v := pr.vertices()
	list := r.opts.Symmetry || r.opts.DistinctWalls
	if !list && t.FirstTask < 0 {
		if m, ws := pr.h.minimum(r.tHi); m >= 0 && max(m, r.tLo) <= min(r.tHi, pr.free.Count()) {
			t.SetFirst(task, v, pr.withExtra(ws, max(m, r.tLo)))
		}
	}
	for walls := r.tLo; walls <= min(r.tHi, pr.free.Count()); walls++ {
		n := pr.h.each(walls, list, func(ws []int32) bool {
			if r.opts.DistinctWalls {
				key := bitset.New(ww.w.p.Squares)
				for _, s := range ws {
					key.Set(int(s))
				}
				t.AddBoard(task, key.Key(), v, ws)
			} else {
				t.Add(task, v, ws)
			}
			// one piece set may have a great many wall sets: poll the stopper
			if r.st.Stopped() {
				ww.w.halted = true
			}
			return !ww.w.halted
		})
		if !list {
			t.AddBulk(n)
		}
	}
}
