package tour

import (
	"fmt"
	"math/bits"

	"github.com/chessmodel/chessmodel/model"
)

// Counting by a frontier dynamic programme (Knuth's idea in TAOCP 7.2.2.4,
// and the transfer-matrix counts of knight's tours before it). The squares
// are put in a line — by rank or by file, forwards or backwards, whichever
// keeps the frontier narrowest — and enter one at a time. A square
// entering chooses which of its moves to squares already in (none, one or
// two) the tour uses; a square leaves once every square it moves to has
// entered, and it must then have its two moves. The squares in and not
// left are the frontier, and all that the rest of the board can see of the
// moves chosen so far is, for each frontier square, whether it is bare, an
// end of a partial path or inner, and which ends belong to one path: the
// class (frontier_state.go). The programme keeps, for each class, the
// number of ways to reach it, so a step costs the number of classes, not
// of tours.
//
// An open tour is a closed one through one extra vertex joined to every
// square (the vertex's two moves go to the tour's ends); a given start
// square must take its move to that vertex. The count of cycles through
// it is the number of undirected paths; with a start, each is one
// directed tour from it, and without, two.

// frontierChoice is one way for the entering square to take moves: to
// the work indices a and b, or -1 for none.
type frontierChoice struct{ a, b int8 }

// frontierStep is what the entering of one square does to a class. The
// work arrays hold the previous class (the extra vertex first, when there
// is one, then the frontier in line order) and the entering square last;
// the masks are sets of work indices.
type frontierStep struct {
	prev    int // squares of the previous class
	choices []frontierChoice
	keep    []int8        // work indices of the next class, in its order
	next    [maxWork]int8 // work index -> index in the next class
	leaving uint32        // the squares that leave: they need their two moves
	// The same sets as the low bits of the squares' fields in the degree
	// word: leaving; staying with one move left to take (not bare); all
	// staying; staying with one and two moves left (forced1, forced2).
	leavingLow, notBareLow, keepLow, forced1Low, forced2Low uint64
	// later: each square's moves to the squares still to enter, as bits
	// from the next square in line (0 when one is 64 or more positions on).
	later   [maxWork]uint64
	squares int // squares still to enter after this one
	last    bool
}

// frontierPlan is the line order and its steps.
type frontierPlan struct {
	n        int
	order    []int // position -> vertex
	steps    []frontierStep
	maxSlots int   // the widest class
	widths   []int // squares of the class after each step
}

// newFrontierPlan picks the line order with the narrowest frontier (then
// the least total width) and lays out its steps; start is the vertex an
// open tour must start from, or -1.
func newFrontierPlan(g *model.MoveGraph, open bool, start int) (*frontierPlan, error) {
	var best *frontierPlan
	for _, order := range lineOrders(g) {
		p := planFor(g, order, open, start)
		if best == nil || p.maxSlots < best.maxSlots ||
			(p.maxSlots == best.maxSlots && sum(p.widths) < sum(best.widths)) {
			best = p
		}
	}
	if best.maxSlots > maxFrontierSlots || frontierKeyBits(best.maxSlots) > 64 {
		return nil, fmt.Errorf("exact: the frontier of this board holds at least %d squares at its widest, the frontier method takes up to %d (a class must fit in 64 bits): %w",
			best.maxSlots, maxFrontierSlots, model.ErrUnsupported)
	}
	return best, nil
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// lineOrders lists the vertices by rank and by file, each both ways.
func lineOrders(g *model.MoveGraph) [][]int {
	byRank := make([]int, g.Len())
	for v := range byRank {
		byRank[v] = v
	}
	sortBy(byRank, func(v int) int64 {
		s := g.Squares[v]
		return int64(s.Rank)*int64(g.Cols) + int64(s.File)
	})
	byFile := append([]int(nil), byRank...)
	sortBy(byFile, func(v int) int64 {
		s := g.Squares[v]
		return int64(s.File)*int64(g.Rows) + int64(s.Rank)
	})
	reversed := func(xs []int) []int {
		out := make([]int, len(xs))
		for i, x := range xs {
			out[len(xs)-1-i] = x
		}
		return out
	}
	return [][]int{byRank, byFile, reversed(byRank), reversed(byFile)}
}

// planFor lays out the steps of one line order.
func planFor(g *model.MoveGraph, order []int, open bool, start int) *frontierPlan {
	n := len(order)
	pos := make([]int, n)
	for p, v := range order {
		pos[v] = p
	}
	lastMove := make([]int, n) // position -> the last position it moves to
	for p, v := range order {
		lastMove[p] = p
		for _, w := range g.Neighbours(v) {
			lastMove[p] = max(lastMove[p], pos[w])
		}
	}
	later := func(p, q int) int { // moves of position p to positions after q
		k := 0
		for _, w := range g.Neighbours(order[p]) {
			if pos[w] > q {
				k++
			}
		}
		return k
	}
	apex := 0
	if open {
		apex = 1
	}
	pl := &frontierPlan{n: n, order: order, steps: make([]frontierStep, n), widths: make([]int, n)}
	var frontier []int // positions, in order
	for q := 0; q < n; q++ {
		if apex+len(frontier) >= maxWork {
			pl.maxSlots = apex + len(frontier)
			return pl // too wide: newFrontierPlan refuses it
		}
		index := map[int]int8{} // position -> work index
		for i, p := range frontier {
			index[p] = int8(apex + i)
		}
		entering := int8(apex + len(frontier))
		index[q] = entering
		var earlier []int8
		if open {
			earlier = append(earlier, 0)
		}
		for _, w := range g.Neighbours(order[q]) {
			if pos[w] < q {
				earlier = append(earlier, index[pos[w]])
			}
		}
		st := &pl.steps[q]
		st.prev, st.last, st.squares = apex+len(frontier), q == n-1, n-1-q
		st.choices = choices(earlier, open && order[q] == start)
		var next []int
		switch {
		case open && !st.last:
			st.keep = append(st.keep, 0)
			if n-1-q < 2 {
				st.notBareLow |= 1
			}
		case open:
			st.leaving |= 1
		}
		for _, p := range append(frontier, q) {
			x := index[p]
			if lastMove[p] <= q {
				st.leaving |= 1 << x
				continue
			}
			next = append(next, p)
			st.keep = append(st.keep, x)
			left := later(p, q)
			if left < 2 {
				st.notBareLow |= fieldBit(x)
			}
			if mask, ok := laterMask(g, order, pos, p, q); ok {
				st.later[x] = mask
				st.forced1Low |= uint64(boolBit(left == 1)) * fieldBit(x)
				st.forced2Low |= uint64(boolBit(left == 2)) * fieldBit(x)
			}
		}
		for i, x := range st.keep {
			st.keepLow |= fieldBit(x)
			st.next[x] = int8(i)
		}
		for l := st.leaving; l != 0; l &= l - 1 {
			st.leavingLow |= fieldBit(int8(bits.TrailingZeros32(l)))
		}
		frontier = next
		pl.widths[q] = len(st.keep)
		pl.maxSlots = max(pl.maxSlots, len(st.keep), st.prev)
	}
	return pl
}

// laterMask gives the moves of position p to positions after q as bits
// from q+1; false when one is 64 or more positions on.
func laterMask(g *model.MoveGraph, order, pos []int, p, q int) (uint64, bool) {
	var mask uint64
	for _, w := range g.Neighbours(order[p]) {
		d := pos[w] - q - 1
		if d >= 64 {
			return 0, false
		}
		if d >= 0 {
			mask |= 1 << d
		}
	}
	return mask, true
}

func boolBit(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// choices lists the ways to take none, one or two of the moves to the
// work indices earlier; a square that must start an open tour takes the
// move to the extra vertex, index 0.
func choices(earlier []int8, mustStart bool) []frontierChoice {
	var out []frontierChoice
	if !mustStart {
		out = append(out, frontierChoice{-1, -1})
	}
	for i, a := range earlier {
		if !mustStart || i == 0 {
			out = append(out, frontierChoice{a, -1})
		}
		for _, b := range earlier[i+1:] {
			if !mustStart || i == 0 {
				out = append(out, frontierChoice{a, b})
			}
		}
	}
	return out
}

func sortBy(xs []int, key func(int) int64) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && key(xs[j]) < key(xs[j-1]); j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}
