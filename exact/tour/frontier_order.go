package tour

import (
	"math"

	"github.com/chessmodel/chessmodel/model"
)

// The order the squares enter the frontier in decides its width, and the
// classes grow about threefold with each square of width. Rank and file
// orders keep a knight's frontier two lines wide; a greedy order, which
// lets in next the square that leaves the frontier narrowest, does better
// on boards that are not thin: the 6x6 knight's frontier holds 10 squares
// at its widest instead of 13 (closed: 16,914 classes expanded instead of
// 546,808; open, with the extra vertex: 206,062 instead of 8,692,102).
//
// The greedy rule, from a given first square: of the squares not yet in
// that move to a square in (or of any square, when none does), take the
// one whose entering changes the frontier's width least (it joins the
// frontier when it has moves to squares not yet in; each square in whose
// last such move it is leaves), then the one with the most moves to
// squares in, then the first in the graph's order. The rule runs from
// every square on boards of up to greedyAllFirsts squares, from the first
// and last squares of the rank and file orders on larger ones up to
// greedyMaxSquares, and not beyond (the line orders remain); newFrontierPlan
// takes the cheapest of these orders and the line orders.

const (
	greedyAllFirsts  = 128
	greedyMaxSquares = 1 << 16
)

// greedyScratch holds the arrays of one greedy run, reused from first
// square to first square.
type greedyScratch struct {
	g        *model.MoveGraph
	in       []bool
	owed     []int32 // moves to squares not yet in
	boundary []bool  // not in, with a move to a square in
	border   []int   // the squares marked in boundary, and some gone in
	order    []int
}

// greedyBytes bounds the bytes of the greedy runs' arrays (two orders held
// at once, the best and the one being built), for frontierPlanBytes.
func greedyBytes(n int) int64 {
	if n > greedyMaxSquares {
		return 0
	}
	return int64(n) * (1 + 4 + 1 + 3*8)
}

// bestGreedyOrder returns the cheapest greedy order (by the sum over the
// steps of 3 to the frontier's width, with the extra vertex of an open
// tour) from the first squares firsts, or nil when the board is too large
// for the rule.
func bestGreedyOrder(g *model.MoveGraph, firsts []int, open bool) []int {
	n := g.Len()
	if n > greedyMaxSquares || n == 0 {
		return nil
	}
	gs := &greedyScratch{g: g, in: make([]bool, n), owed: make([]int32, n), boundary: make([]bool, n)}
	var best []int
	bestCost := math.Inf(1)
	for _, first := range firsts {
		cost := gs.run(first, open, bestCost)
		if cost < bestCost {
			best, bestCost = append(best[:0], gs.order...), cost
		}
	}
	return best
}

// greedyFirsts lists the first squares the greedy rule runs from.
func greedyFirsts(g *model.MoveGraph, lines [][]int) []int {
	if g.Len() <= greedyAllFirsts {
		all := make([]int, g.Len())
		for v := range all {
			all[v] = v
		}
		return all
	}
	var firsts []int
	for _, line := range lines {
		firsts = append(firsts, line[0], line[len(line)-1])
	}
	return firsts
}

// run builds the greedy order from first into gs.order and returns its
// cost, or +Inf as soon as the frontier passes the widest class a plan
// takes or the cost passes bound (so a run on a board the frontier cannot
// hold, or that is losing, stops early: a 100x100 knight's board took
// 0.85 s to order from its eight corners' squares before).
func (gs *greedyScratch) run(first int, open bool, bound float64) float64 {
	g, n := gs.g, gs.g.Len()
	for v := range n {
		gs.in[v], gs.owed[v], gs.boundary[v] = false, int32(g.Degree(v)), false
	}
	gs.order, gs.border = gs.order[:0], gs.border[:0]
	width, cost, scan := 0, 0.0, 0 // scan: the graph's order, for a square when no square borders
	next := first
	for len(gs.order) < n {
		width += gs.enter(next)
		w := width
		if open && len(gs.order) < n {
			w++
		}
		cost += math.Pow(3, float64(w))
		if w > maxFrontierSlots || cost >= bound {
			return math.Inf(1)
		}
		if len(gs.order) == n {
			break
		}
		next = gs.pick()
		for next < 0 {
			if !gs.in[scan] {
				next = scan
			}
			scan++
		}
	}
	return cost
}

// enter puts v in and returns the change of the frontier's width.
func (gs *greedyScratch) enter(v int) int {
	gs.in[v], gs.boundary[v] = true, false
	gs.order = append(gs.order, v)
	delta := 0
	if gs.owed[v] > 0 {
		delta++
	}
	for _, w := range gs.g.Neighbours(v) {
		gs.owed[w]--
		switch {
		case gs.in[w] && gs.owed[w] == 0:
			delta--
		case !gs.in[w] && !gs.boundary[w]:
			gs.boundary[w] = true
			gs.border = append(gs.border, int(w))
		}
	}
	return delta
}

// pick returns the bordering square the rule takes next, or -1 when none
// borders.
func (gs *greedyScratch) pick() int {
	best, bestDelta, bestIn := -1, 0, 0
	kept := gs.border[:0]
	for _, v := range gs.border {
		if !gs.boundary[v] {
			continue
		}
		kept = append(kept, v)
		delta, movesIn := 0, 0
		for _, w := range gs.g.Neighbours(v) {
			if gs.in[w] {
				movesIn++
				if gs.owed[w] == 1 {
					delta--
				}
			}
		}
		if gs.owed[v] > 0 {
			delta++ // it has moves to squares not yet in: it stays
		}
		if best < 0 || delta < bestDelta || (delta == bestDelta && (movesIn > bestIn || movesIn == bestIn && v < best)) {
			best, bestDelta, bestIn = v, delta, movesIn
		}
	}
	gs.border = kept
	return best
}
