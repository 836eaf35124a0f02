package walls

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
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
	res.Stats.Extra["engine"] = "piece sets priced by hitting sets of gaps"
	fw := *p.Model.FreeWalls
	maxFree := min(fw.Max, p.Open.Count())
	obj := p.Model.Objective
	pr := newWallPricer(w)
	h := pr.h
	wallsValue := func(_, walls []int32) int64 { return int64(p.FixedWalls + len(walls)) }
	piecesValue := func(v, _ []int32) int64 { return int64(len(v)) }
	valueOf := piecesValue
	if obj.Measure == model.MeasureWalls {
		valueOf = wallsValue
	}

	var bestV, bestW []int32
	found := false
	tLo, tHi := fw.Min, maxFree // wall counts of the solutions to count
	lo, hi := p.MinTotal, p.MaxTotal
	if lo > hi {
		return problem.Infeasible(res, opts)
	}
	w.lo, w.hi = lo, hi

	switch {
	case obj.Measure == model.MeasureWalls && obj.Sense == model.Minimize:
		// the budget rises until some piece set fits
		for b := 0; b <= maxFree && !found && !st.Stopped(); b++ {
			w.budget = b
			w.visit = func() {
				if !pr.load() {
					return
				}
				m, walls := h.minimum(b)
				if m < 0 {
					return
				}
				t := max(m, fw.Min)
				if t > pr.free.Count() || t > fw.Max {
					return
				}
				found, bestV, bestW = true, pr.vertices(), pr.withExtra(walls, t)
				w.halted = true
			}
			w.halted = false
			w.start()
		}
		if found {
			tLo, tHi = len(bestW), len(bestW)
		}
	case obj.Measure == model.MeasureWalls:
		// most walls: every free square not needed stays a wall
		w.budget = maxFree
		best := -1
		w.visit = func() {
			if !pr.load() {
				return
			}
			m, walls := h.minimum(maxFree)
			t := min(fw.Max, pr.free.Count())
			if m < 0 || t < max(m, fw.Min) || t <= best {
				return
			}
			best, found, bestV, bestW = t, true, pr.vertices(), pr.withExtra(walls, t)
		}
		w.start()
		if found {
			tLo, tHi = best, best
		}
	default:
		w.budget = maxFree
		sense := obj.Sense
		w.visit = func() {
			if !pr.load() {
				return
			}
			m, walls := h.minimum(maxFree)
			if m < 0 || max(m, fw.Min) > pr.free.Count() {
				return
			}
			found, bestV, bestW = true, pr.vertices(), pr.withExtra(walls, max(m, fw.Min))
			switch sense {
			case model.Maximize:
				w.lo = len(w.chosen) + 1
			case model.Minimize:
				w.hi = len(w.chosen) - 1
			default:
				w.halted = true
			}
		}
		if opts.Task == model.TaskSolve || sense != model.Fixed {
			w.start()
			if found && sense != model.Fixed {
				lo, hi = len(bestV), len(bestV)
			}
		} else {
			found = true // counting without an objective needs no first pass
		}
	}
	res.Stats.Nodes += w.nodes + h.nodes
	if st.Canceled() {
		return problem.Unknown(res, p, found, bestV, bestW, valueOf)
	}
	if !found {
		return problem.Infeasible(res, opts)
	}
	if opts.Task == model.TaskSolve {
		return problem.Solved(res, p, bestV, bestW, valueOf)
	}

	// count or enumerate the (pieces, walls) pairs with tLo..tHi free walls
	w.lo, w.hi, w.budget = lo, hi, tHi
	w.halted = false
	if opts.Task == model.TaskEnumerate {
		var n int64
		var emitErr error
		w.visit = func() {
			if !pr.load() {
				return
			}
			v := pr.vertices()
			for walls := tLo; walls <= min(tHi, pr.free.Count()) && !w.halted; walls++ {
				h.each(walls, true, func(ws []int32) bool {
					if emitErr = opts.Emit(p.Solution(v, ws)); emitErr != nil {
						w.halted = true
						return false
					}
					n++
					if st.Stopped() {
						w.halted = true
					}
					return !w.halted
				})
			}
		}
		w.nodes = 0
		w.start()
		res.Stats.Nodes += w.nodes + h.nodes
		return problem.Enumerated(res, st, n, emitErr)
	}
	wc, nodes := countWalls(st, w, opts, tLo, tHi)
	res.Stats.Nodes += nodes
	if st.Canceled() {
		res.Status = model.StatusUnknown
		res.Stats.Extra["counted_so_far"] = wc.total.String()
		return nil
	}
	t := wc.tally
	if opts.DistinctWalls {
		t.Count = int64(len(wc.boards))
		if opts.Symmetry {
			canon := problem.Canonicalizer{Problem: p}
			for _, ws := range wc.boards {
				if canon.WallsLeast(ws) {
					t.Classes++
				}
			}
		}
	} else if !wc.list {
		if !wc.total.IsInt64() {
			return fmt.Errorf("exact: %s solutions do not fit a 64-bit count: %w", wc.total, model.ErrUnsupported)
		}
		t.Count = wc.total.Int64()
	}
	return p.CountResult(res, t, opts, valueOf)
}

// A wallCount is what counting found: pairs counted (total), or listed one
// by one into the tally (list), or the distinct wall sets (boards).
type wallCount struct {
	tally  *problem.Tally
	total  *big.Int
	boards map[string][]int32
	list   bool
}

// countWalls counts the (pieces, walls) pairs with tLo..tHi free walls,
// sharing subtrees among workers. Pairs are listed one by one when classes
// or distinct wall sets are asked for, and otherwise counted with binomial
// coefficients for the walls that need not separate anything.
func countWalls(st *tasks.Stopper, w0 *wallSearch, opts model.Options, tLo, tHi int) (*wallCount, int64) {
	p := w0.p
	list := opts.Symmetry || opts.DistinctWalls
	workers := model.WorkerCount(opts.Workers)
	var nodes int64
	var todo []wallTask
	if workers > 1 || opts.Progress != nil { // subtrees share the work and measure progress
		for d := 1; d <= w0.hi+1; d++ {
			w0.splitDepth, w0.tasks, w0.deeper, w0.halted = d, nil, false, false
			w0.nodes = 0
			w0.start()
			nodes += w0.nodes
			todo = w0.tasks
			if len(todo) >= 32*workers || st.Stopped() || !w0.deeper {
				break
			}
		}
		w0.splitDepth = -1
	}
	if todo == nil {
		todo = []wallTask{{cand: slices.Clone(w0.allowed)}}
	}
	counts := make([]*wallCount, workers)
	searches := make([]*wallSearch, workers)
	current := make([]int, workers)
	for i := range counts {
		i := i
		w, _ := newWallSearch(p, st) // built once already: cannot fail
		w.lo, w.hi, w.budget = w0.lo, w0.hi, w0.budget
		pr := newWallPricer(w)
		wc := &wallCount{tally: problem.NewTally(p, opts.Symmetry && !opts.DistinctWalls), total: new(big.Int),
			boards: map[string][]int32{}, list: list}
		w.visit = func() {
			if !pr.load() {
				return
			}
			v := pr.vertices()
			if !list && wc.tally.FirstTask < 0 {
				if m, ws := pr.h.minimum(tHi); m >= 0 && max(m, tLo) <= min(tHi, pr.free.Count()) {
					wc.tally.First, wc.tally.Walls, wc.tally.FirstTask = v, pr.withExtra(ws, max(m, tLo)), current[i]
				}
			}
			for walls := tLo; walls <= min(tHi, pr.free.Count()); walls++ {
				n := pr.h.each(walls, list, func(ws []int32) bool {
					if opts.DistinctWalls {
						key := bitset.New(p.Squares)
						for _, s := range ws {
							key.Set(int(s))
						}
						if _, ok := wc.boards[key.Key()]; !ok {
							wc.boards[key.Key()] = slices.Clone(ws)
						}
						if wc.tally.FirstTask < 0 || current[i] < wc.tally.FirstTask {
							wc.tally.First, wc.tally.Walls, wc.tally.FirstTask = slices.Clone(v), slices.Clone(ws), current[i]
						}
					} else {
						wc.tally.Add(current[i], v, ws)
					}
					// one piece set may have a great many wall sets: poll the stopper
					if st.Stopped() {
						w.halted = true
					}
					return !w.halted
				})
				wc.total.Add(wc.total, n)
			}
		}
		counts[i], searches[i] = wc, w
	}
	tasks.RunSubtrees(st, workers, len(todo), opts.Progress, "counting", func(i, task int) {
		current[i] = task
		searches[i].resume(todo[task])
	})
	out := counts[0]
	for i, wc := range counts {
		nodes += searches[i].nodes
		if i == 0 {
			continue
		}
		out.tally.Merge(wc.tally)
		out.total.Add(out.total, wc.total)
		for k, ws := range wc.boards {
			out.boards[k] = ws
		}
	}
	return out, nodes
}
