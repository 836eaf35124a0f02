package tour

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"unsafe"

	"github.com/chessmodel/chessmodel/model"
)

// Counting by a frontier dynamic programme (Knuth's idea in TAOCP 7.2.2.4,
// and the transfer-matrix counts of knight's tours before it). The squares
// are put in a line — by rank or by file, forwards or backwards, or in the
// greedy order of frontier_order.go, whichever is the cheapest — and
// enter one at a time. A square
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
	// For a piece that always changes colour: the staying squares of each
	// colour (the extra vertex in neither), and how many more dark than
	// light squares are still to enter (see colourViable).
	bipartite         bool
	darkLow, lightLow uint64
	darkOverLight     int
}

// frontierPlan is the line order and its steps.
type frontierPlan struct {
	n        int
	order    []int // position -> vertex
	steps    []frontierStep
	maxSlots int   // the widest class
	widths   []int // squares of the class after each step
}

// newFrontierPlan picks the cheapest of the line orders and the greedy
// order (cheaper) and lays out its steps; start is the vertex an open
// tour must start from, or -1.
func newFrontierPlan(g *model.MoveGraph, open bool, start int) (*frontierPlan, error) {
	var best *frontierPlan
	lines := lineOrders(g)
	orders := lines
	if greedy := bestGreedyOrder(g, greedyFirsts(g, lines), open); greedy != nil {
		orders = append(orders, greedy)
	}
	for _, order := range orders {
		p := planFor(g, order, open, start)
		if best == nil || p.cheaper(best) {
			best = p
		}
	}
	if best.maxSlots > maxFrontierSlots || frontierKeyBits(best.maxSlots) > 64 {
		return nil, fmt.Errorf("exact: the frontier of this board holds at least %d squares at its widest, the frontier method takes up to %d (a class must fit in 64 bits): %w",
			best.maxSlots, maxFrontierSlots, model.ErrUnsupported)
	}
	return best, nil
}

// cheaper reports whether p costs less than q: a plan too wide to hold is
// the dearer, then the one of the smaller sum over the steps of 3 to the
// class's width (the classes grow about threefold a square), then the
// narrower.
func (p *frontierPlan) cheaper(q *frontierPlan) bool {
	pw, qw := p.maxSlots > maxFrontierSlots, q.maxSlots > maxFrontierSlots
	if pw != qw {
		return qw
	}
	if pw {
		return p.maxSlots < q.maxSlots
	}
	if a, b := p.size(), q.size(); a != b {
		return a < b
	}
	return p.maxSlots < q.maxSlots
}

// size is the sum over the steps of 3 to the class's width.
func (p *frontierPlan) size() float64 {
	total := 0.0
	for _, w := range p.widths {
		total += math.Pow(3, float64(w))
	}
	return total
}

// frontierPlanBytes bounds the bytes of the plans newFrontierPlan holds at
// once (two: the best so far and the one being laid out): a step, its
// choices (none, one or two of the moves to earlier squares and the extra
// vertex) and its squares kept, per square, and one and a half times as
// much again for the slices a step's layout outgrows and leaves to the
// collector, five orders being laid out (measured: a 3x300 knight's plan
// peaked at 1.44 MB from four line orders, 1.8 times the first two, and at
// 1.89 MB with the greedy order, 2.3 times), and the greedy rule's arrays.
func frontierPlanBytes(g *model.MoveGraph) int64 {
	moves := 0
	for v := 0; v < g.Len(); v++ {
		moves = max(moves, g.Degree(v))
	}
	earlier := int64(moves + 1)
	choices := 1 + earlier + earlier*(earlier-1)/2
	step := int64(unsafe.Sizeof(frontierStep{})) + 2*choices + maxWork + 2*24
	return 5*int64(g.Len())*(step+3*int64(unsafe.Sizeof(0))+1) + // and the planner's arrays
		greedyBytes(g.Len())
}

// lineOrders lists the vertices by rank and by file, each both ways.
func lineOrders(g *model.MoveGraph) [][]int {
	byRank := make([]int, g.Len())
	for v := range byRank {
		byRank[v] = v
	}
	key := func(byFile bool) func(a, b int) int {
		return func(a, b int) int {
			s, t := g.Squares[a], g.Squares[b]
			if byFile {
				s.Rank, s.File, t.Rank, t.File = s.File, s.Rank, t.File, t.Rank
			}
			return cmp.Or(cmp.Compare(s.Rank, t.Rank), cmp.Compare(s.File, t.File))
		}
	}
	slices.SortFunc(byRank, key(false))
	byFile := slices.Clone(byRank)
	slices.SortFunc(byFile, key(true))
	reversed := func(xs []int) []int {
		out := slices.Clone(xs)
		slices.Reverse(out)
		return out
	}
	return [][]int{byRank, byFile, reversed(byRank), reversed(byFile)}
}

// linePlanner is one line order of the squares, by position.
type linePlanner struct {
	g         *model.MoveGraph
	order     []int // position -> vertex
	pos       []int // vertex -> position
	lastMove  []int // position -> the last position it moves to
	open      bool
	start     int    // the vertex an open tour starts from, or -1
	apex      int    // 1 with the extra vertex of an open tour, else 0
	bipartite bool   // every move changes colour
	index     []int8 // position -> work index, for the step being laid out
}

// planFor lays out the steps of one line order.
func planFor(g *model.MoveGraph, order []int, open bool, start int) *frontierPlan {
	n := len(order)
	lp := &linePlanner{g: g, order: order, pos: make([]int, n), lastMove: make([]int, n), open: open, start: start, index: make([]int8, n)}
	for p, v := range order {
		lp.pos[v] = p
	}
	for p, v := range order {
		lp.lastMove[p] = p
		for _, w := range g.Neighbours(v) {
			lp.lastMove[p] = max(lp.lastMove[p], lp.pos[w])
		}
	}
	if open {
		lp.apex = 1
	}
	lp.bipartite = changesColour(g)
	darkOverLight := 0
	for _, sq := range g.Squares {
		darkOverLight += colourSign(sq)
	}
	pl := &frontierPlan{n: n, order: order, steps: make([]frontierStep, n), widths: make([]int, n)}
	var frontier []int // positions, in order
	for q := 0; q < n; q++ {
		if lp.apex+len(frontier) >= maxWork {
			pl.maxSlots = lp.apex + len(frontier)
			return pl // too wide: newFrontierPlan refuses it
		}
		st := &pl.steps[q]
		darkOverLight -= colourSign(g.Squares[order[q]])
		st.bipartite, st.darkOverLight = lp.bipartite, darkOverLight
		frontier = lp.step(q, frontier, st)
		pl.widths[q] = len(st.keep)
		pl.maxSlots = max(pl.maxSlots, len(st.keep), st.prev)
	}
	return pl
}

// step lays out the entering of position q into the frontier (positions
// in order) and returns the frontier after it.
func (lp *linePlanner) step(q int, frontier []int, st *frontierStep) []int {
	n, open := len(lp.order), lp.open
	index := lp.index // position -> work index, for the frontier and q
	for i, p := range frontier {
		index[p] = int8(lp.apex + i)
	}
	index[q] = int8(lp.apex + len(frontier))
	var earlier []int8
	if open {
		earlier = append(earlier, 0)
	}
	for _, w := range lp.g.Neighbours(lp.order[q]) {
		if lp.pos[w] < q {
			earlier = append(earlier, index[lp.pos[w]])
		}
	}
	st.prev, st.last, st.squares = lp.apex+len(frontier), q == n-1, n-1-q
	st.choices = choices(earlier, open && lp.order[q] == lp.start)
	switch {
	case open && !st.last:
		st.keep = append(st.keep, 0)
		if n-1-q < 2 {
			st.notBareLow |= 1
		}
	case open:
		st.leaving |= 1
	}
	var next []int
	for _, p := range append(frontier, q) {
		x := index[p]
		if lp.lastMove[p] <= q {
			st.leaving |= 1 << x
			continue
		}
		next = append(next, p)
		st.keep = append(st.keep, x)
		left, mask, ok := lp.later(p, q)
		if left < 2 {
			st.notBareLow |= fieldBit(x)
		}
		if ok {
			st.later[x] = mask
			st.forced1Low |= uint64(boolBit(left == 1)) * fieldBit(x)
			st.forced2Low |= uint64(boolBit(left == 2)) * fieldBit(x)
		}
	}
	for i, x := range st.keep {
		st.keepLow |= fieldBit(x)
		st.next[x] = int8(i)
	}
	for _, p := range next {
		if colourSign(lp.g.Squares[lp.order[p]]) > 0 {
			st.darkLow |= fieldBit(index[p])
		} else {
			st.lightLow |= fieldBit(index[p])
		}
	}
	for l := st.leaving; l != 0; l &= l - 1 {
		st.leavingLow |= fieldBit(int8(bits.TrailingZeros32(l)))
	}
	return next
}

// later gives the number of moves of position p to positions after q,
// and those moves as bits from q+1; false when one is 64 or more
// positions on.
func (lp *linePlanner) later(p, q int) (int, uint64, bool) {
	var mask uint64
	k, ok := 0, true
	for _, w := range lp.g.Neighbours(lp.order[p]) {
		d := lp.pos[w] - q - 1
		switch {
		case d >= 64:
			k, ok = k+1, false
		case d >= 0:
			k++
			mask |= 1 << d
		}
	}
	return k, mask, ok
}

// colourSign is 1 for a dark square, -1 for a light one.
func colourSign(s model.Square) int {
	if (s.Rank+s.File)%2 == 0 {
		return 1
	}
	return -1
}

// changesColour reports whether every move joins squares of two colours.
func changesColour(g *model.MoveGraph) bool {
	for v, s := range g.Squares {
		for _, w := range g.Neighbours(v) {
			if colourSign(s) == colourSign(g.Squares[w]) {
				return false
			}
		}
	}
	return true
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
