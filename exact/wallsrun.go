package exact

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// solveFreeWalls answers models whose walls are decision variables.
func solveFreeWalls(st *stopper, p *problem, opts model.Options, res *model.Result) error {
	w, err := newWallSearch(p, st)
	if err != nil {
		return err
	}
	res.Stats.Extra["engine"] = "piece sets priced by hitting sets of gaps"
	fw := *p.m.FreeWalls
	maxFree := min(fw.Max, p.open.count())
	obj := p.m.Objective
	h := newHitter(p.squares)
	free := newBitset(p.squares)
	cut := make([]bitset, 0, 64)

	// load prepares the hitter for the current piece set; false when no wall
	// can separate it.
	load := func() bool {
		free.copyFrom(p.open)
		free.andNot(p.fixedSquares)
		for _, pos := range w.chosen {
			free.clear(int(pos) / w.kinds)
		}
		cut = cut[:0]
		for i, g := range w.gaps {
			c := w.gapStore(len(w.gaps) + i) // beyond the live gaps
			c.copyFrom(g)
			c.and(free)
			cut = append(cut, c)
		}
		return h.reset(cut, free)
	}
	vertices := func() []int32 {
		out := make([]int32, len(w.chosen))
		for i, pos := range w.chosen {
			out[i] = int32(int(pos)%w.kinds*p.squares + int(pos)/w.kinds)
		}
		return out
	}
	// withExtra completes a hitting set with t-len(walls) further free walls.
	withExtra := func(walls []int32, t int) []int32 {
		walls = slices.Clone(walls)
		for s := free.first(); s >= 0 && len(walls) < t; s = free.next(s + 1) {
			if !slices.Contains(walls, int32(s)) {
				walls = append(walls, int32(s))
			}
		}
		return walls
	}
	wallsValue := func(_, walls []int32) int64 { return int64(p.fixedWalls + len(walls)) }
	piecesValue := func(v, _ []int32) int64 { return int64(len(v)) }
	valueOf := piecesValue
	if obj.Measure == model.MeasureWalls {
		valueOf = wallsValue
	}

	var bestV, bestW []int32
	found := false
	tLo, tHi := fw.Min, maxFree // wall counts of the solutions to count
	lo, hi := p.minTotal, p.maxTotal
	if lo > hi {
		return infeasible(res, opts)
	}
	w.lo, w.hi = lo, hi

	switch {
	case obj.Measure == model.MeasureWalls && obj.Sense == model.Minimize:
		// the budget rises until some piece set fits
		for b := 0; b <= maxFree && !found; b++ {
			w.budget = b
			w.visit = func() {
				if !load() {
					return
				}
				m, walls := h.minimum(b)
				if m < 0 {
					return
				}
				t := max(m, fw.Min)
				if t > free.count() || t > fw.Max {
					return
				}
				found, bestV, bestW = true, vertices(), withExtra(walls, t)
				w.halted = true
			}
			w.halted = false
			w.start()
			if st.canceled.Load() {
				break
			}
		}
		if found {
			tLo, tHi = len(bestW), len(bestW)
		}
	case obj.Measure == model.MeasureWalls:
		// most walls: every free square not needed stays a wall
		w.budget = maxFree
		best := -1
		w.visit = func() {
			if !load() {
				return
			}
			m, walls := h.minimum(maxFree)
			t := min(fw.Max, free.count())
			if m < 0 || t < max(m, fw.Min) || t <= best {
				return
			}
			best, found, bestV, bestW = t, true, vertices(), withExtra(walls, t)
		}
		w.start()
		if found {
			tLo, tHi = best, best
		}
	default:
		w.budget = maxFree
		sense := obj.Sense
		w.visit = func() {
			if !load() {
				return
			}
			m, walls := h.minimum(maxFree)
			if m < 0 || max(m, fw.Min) > free.count() {
				return
			}
			found, bestV, bestW = true, vertices(), withExtra(walls, max(m, fw.Min))
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
	if st.canceled.Load() {
		return unknown(res, p, found, bestV, bestW, valueOf)
	}
	if !found {
		return infeasible(res, opts)
	}
	if opts.Task == model.TaskSolve {
		return solved(res, p, bestV, bestW, valueOf)
	}

	// count or enumerate the (pieces, walls) pairs with tLo..tHi free walls
	w.lo, w.hi, w.budget = lo, hi, tHi
	w.halted = false
	w.nodes = 0
	list := opts.Task == model.TaskEnumerate || opts.Symmetry || opts.DistinctWalls
	t := newTally(p, opts.Symmetry && !opts.DistinctWalls)
	total := new(big.Int)
	boards := map[string][]int32{}
	var emitErr error
	w.visit = func() {
		if !load() {
			return
		}
		v := vertices()
		if !list && t.firstTask < 0 {
			if m, ws := h.minimum(tHi); m >= 0 && max(m, tLo) <= min(tHi, free.count()) {
				t.first, t.walls, t.firstTask = v, withExtra(ws, max(m, tLo)), 0
			}
		}
		for walls := tLo; walls <= min(tHi, free.count()); walls++ {
			n := h.each(walls, list, func(ws []int32) bool {
				switch {
				case opts.Task == model.TaskEnumerate:
					if emitErr = opts.Emit(p.solution(v, ws)); emitErr != nil {
						w.halted = true
						return false
					}
				case opts.DistinctWalls:
					key := newBitset(p.squares)
					for _, s := range ws {
						key.set(int(s))
					}
					if _, ok := boards[key.key()]; !ok {
						boards[key.key()] = slices.Clone(ws)
						if len(boards) == 1 {
							t.first, t.walls, t.firstTask = slices.Clone(v), slices.Clone(ws), 0
						}
					}
				default:
					t.add(0, v, ws)
				}
				return !w.halted
			})
			total.Add(total, n)
		}
	}
	w.start()
	res.Stats.Nodes += w.nodes + h.nodes
	if opts.Task == model.TaskEnumerate {
		if !total.IsInt64() {
			return fmt.Errorf("exact: more than 2^63 solutions")
		}
		return enumerated(res, st, total.Int64(), emitErr)
	}
	if st.canceled.Load() {
		res.Status = model.StatusUnknown
		res.Stats.Extra["counted_so_far"] = total.String()
		return nil
	}
	if opts.DistinctWalls {
		t.count = int64(len(boards))
		if opts.Symmetry {
			canon := canonicalizer{p: p}
			for _, ws := range boards {
				if canon.wallsLeast(ws) {
					t.classes++
				}
			}
		}
	} else if !list {
		if !total.IsInt64() {
			return fmt.Errorf("exact: %s solutions do not fit a 64-bit count", total)
		}
		t.count = total.Int64()
	}
	p.countResult(res, t, opts.Symmetry, valueOf)
	return nil
}
