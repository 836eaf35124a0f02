package tour

import (
	"fmt"
	"math"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Counting by frontier (transfer-matrix) dynamic programming. The squares
// are put in a line — rank by rank or file by file, whichever keeps the
// moves shorter — and taken one at a time. Entering a square decides, one
// move at a time, which of its moves to earlier squares the tour uses;
// after its last move is decided, a square leaves. The squares that have
// entered and not left are the frontier, and everything the rest of the
// board needs to know about the part already decided is, for each frontier
// square, how many of its moves are used (0, 1 or 2) and, for a square at
// the end of a partial path, which frontier square is that path's other end
// (or that the other end is a finished end of an open tour). The programme
// keeps, for each such state, the number of ways to reach it: states with
// the same future merge, which is why it counts far beyond backtracking.
//
// A square's state is 4 bits: 0 no move used, 1..13 a path end labelled by
// its path (labels renumbered in frontier order after each step, so equal
// states are equal keys), 14 a path end whose other end is a finished end
// of the tour, 15 two moves used. With the number of finished ends, the
// state of at most 31 frontier squares fits in 128 bits; the frontier is
// one more than the longest move in the line order (2 ranks plus a square
// for a knight), so the method takes knight boards up to 14 squares on
// their shorter side, and fewer when more than 13 partial paths would cross
// the frontier (an error wrapping model.ErrUnsupported says which limit).
//
// Open tours count undirected Hamiltonian paths (with a start square, those
// with an end on it; each is one directed tour from it; without, each is
// two directed tours); closed tours count undirected Hamiltonian cycles.

const (
	maxFrontierSlots = 31
	maxLabel         = 13
	labelFixed       = 14
	degreeTwo        = 15
)

// frontierKey is a packed state: 4 bits per slot, slots 0..15 in lo, 16..30
// in hi, the number of finished ends in hi's top 4 bits.
type frontierKey struct{ lo, hi uint64 }

type frontierState struct {
	slot [maxFrontierSlots]uint8
	ends uint8
}

func (s *frontierState) pack(slots int) frontierKey {
	var k frontierKey
	for i := 0; i < min(slots, 16); i++ {
		k.lo |= uint64(s.slot[i]) << (4 * i)
	}
	for i := 16; i < slots; i++ {
		k.hi |= uint64(s.slot[i]) << (4 * (i - 16))
	}
	k.hi |= uint64(s.ends) << 60
	return k
}

func unpack(k frontierKey, slots int) frontierState {
	var s frontierState
	for i := 0; i < min(slots, 16); i++ {
		s.slot[i] = uint8(k.lo >> (4 * i) & 15)
	}
	for i := 16; i < slots; i++ {
		s.slot[i] = uint8(k.hi >> (4 * (i - 16)) & 15)
	}
	s.ends = uint8(k.hi >> 60)
	return s
}

// normalize renumbers path labels 1, 2, ... in slot order; it reports false
// when more labels are needed than 4 bits hold.
func (s *frontierState) normalize(slots int) bool {
	var rename [16]uint8
	next := uint8(1)
	for i := 0; i < slots; i++ {
		l := s.slot[i]
		if l == 0 || l >= labelFixed {
			continue
		}
		if rename[l] == 0 {
			if next > maxLabel {
				return false
			}
			rename[l] = next
			next++
		}
		s.slot[i] = rename[l]
	}
	return true
}

// partner finds the other slot holding label l.
func (s *frontierState) partner(l uint8, not, slots int) int {
	for i := 0; i < slots; i++ {
		if i != not && s.slot[i] == l {
			return i
		}
	}
	return -1
}

// frontierPlan is the line order of the squares and, for each position, the
// moves decided and the squares that leave there.
type frontierPlan struct {
	n, slots int
	order    []int   // position -> vertex
	earlier  [][]int // position -> positions of its neighbours before it
	leaving  [][]int // position -> positions whose last move is decided there
	start    int     // position of the start square, or -1
	degree   []int   // position -> number of moves
}

// newFrontierPlan picks the line order with the shorter longest move.
func newFrontierPlan(g *model.MoveGraph, start int) (*frontierPlan, error) {
	byRank := make([]int, g.Len())
	for v := range byRank {
		byRank[v] = v
	}
	byFile := append([]int(nil), byRank...)
	sortBy(byFile, func(v int) int64 {
		s := g.Squares[v]
		return int64(s.File)*int64(g.Rows) + int64(s.Rank)
	})
	var best *frontierPlan
	for _, order := range [][]int{byRank, byFile} {
		p := planFor(g, order, start)
		if best == nil || p.slots < best.slots {
			best = p
		}
	}
	if best.slots > maxFrontierSlots {
		return nil, fmt.Errorf("exact: the frontier of this board holds %d squares, the frontier method takes up to %d: %w",
			best.slots, maxFrontierSlots, model.ErrUnsupported)
	}
	return best, nil
}

func planFor(g *model.MoveGraph, order []int, start int) *frontierPlan {
	n := len(order)
	pos := make([]int, n)
	for p, v := range order {
		pos[v] = p
	}
	p := &frontierPlan{n: n, order: order, earlier: make([][]int, n), leaving: make([][]int, n), start: -1, degree: make([]int, n)}
	span := 0
	for q, v := range order {
		last := q
		p.degree[q] = g.Degree(v)
		for _, w := range g.Neighbours(v) {
			r := pos[w]
			if r < q {
				p.earlier[q] = append(p.earlier[q], r)
			}
			last = max(last, r)
			span = max(span, abs(r-q))
		}
		p.leaving[last] = append(p.leaving[last], q)
		sortBy(p.earlier[q], func(r int) int64 { return int64(r) })
	}
	for q := range p.leaving {
		sortBy(p.leaving[q], func(r int) int64 { return int64(r) })
	}
	if start >= 0 {
		p.start = pos[start]
	}
	p.slots = span + 1
	return p
}

func sortBy(xs []int, key func(int) int64) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && key(xs[j]) < key(xs[j-1]); j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// frontierCounter runs the programme.
type frontierCounter struct {
	plan     *frontierPlan
	closed   bool
	st       *tasks.Stopper
	progress func(float64, string)

	cur, next map[frontierKey]uint64
	done      uint64 // tours completed
	overflow  bool
	tooMany   bool // more than maxLabel partial paths
	peak      int  // most states held at once
	steps     int64
	curWays   uint64 // the ways of the state being mapped

	// For the viability test: the position being entered, which positions
	// are in the frontier, and how many of each square's moves are still
	// undecided.
	q         int
	alive     []bool
	remaining []int
}

// count returns the number of undirected tours (paths or cycles).
func (c *frontierCounter) count() (uint64, error) {
	pl := c.plan
	c.cur = map[frontierKey]uint64{{}: 1}
	c.next = map[frontierKey]uint64{}
	alive := make([]bool, pl.n)
	c.alive = alive
	c.remaining = append([]int(nil), pl.degree...)
	for q := 0; q < pl.n; q++ {
		alive[q] = true
		c.q = q
		for _, r := range pl.earlier[q] {
			c.remaining[r]--
			c.remaining[q]--
			c.apply(func(s *frontierState, add func(*frontierState)) {
				add(s) // the move is not used
				c.take(s, r, q, alive, add)
			})
			if err := c.check(q); err != nil {
				return 0, err
			}
		}
		for _, r := range pl.leaving[q] {
			alive[r] = false
			c.apply(func(s *frontierState, add func(*frontierState)) {
				c.leave(s, r, q, alive, add)
			})
			if err := c.check(q); err != nil {
				return 0, err
			}
		}
		if c.progress != nil {
			c.progress(float64(q+1)/float64(pl.n), fmt.Sprintf("frontier: square %d of %d, %d states", q+1, pl.n, len(c.cur)))
		}
	}
	return c.done, nil
}

func (c *frontierCounter) check(q int) error {
	switch {
	case c.st != nil && c.st.Stopped():
		return errStopped
	case c.overflow:
		return fmt.Errorf("exact: the number of tours exceeds %d: %w", uint64(math.MaxUint64), model.ErrUnsupported)
	case c.tooMany:
		return fmt.Errorf("exact: more than %d partial paths cross the frontier at square %d: %w", maxLabel, q+1, model.ErrUnsupported)
	}
	c.peak = max(c.peak, len(c.cur))
	return nil
}

// apply maps every state through step, which passes its successors to add.
func (c *frontierCounter) apply(step func(s *frontierState, add func(*frontierState))) {
	c.next = make(map[frontierKey]uint64, len(c.cur))
	add := func(s *frontierState) {
		if !c.viable(s) {
			return
		}
		ways := c.curWays
		if !s.normalize(c.plan.slots) {
			c.tooMany = true
			return
		}
		k := s.pack(c.plan.slots)
		old := c.next[k]
		if old+ways < old {
			c.overflow = true
		}
		c.next[k] = old + ways
	}
	for k, w := range c.cur {
		c.steps++
		if c.steps%pollEvery == 0 && c.st != nil && c.st.Stopped() {
			break
		}
		c.curWays = w
		s := unpack(k, c.plan.slots)
		step(&s, add)
	}
	c.cur, c.next = c.next, c.cur
}

// finish records a tour completed by the move or departure just made: it
// is one only if every square has entered and every square still in the
// frontier has both its moves.
func (c *frontierCounter) finish(s *frontierState, q int, alive []bool) {
	ways := c.curWays
	pl := c.plan
	if q != pl.n-1 {
		return
	}
	for r := 0; r < pl.n; r++ {
		if alive[r] && s.slot[r%pl.slots] != degreeTwo {
			return
		}
	}
	if c.done+ways < c.done {
		c.overflow = true
	}
	c.done += ways
}

// take uses the move between positions r < q, if it can be used.
func (c *frontierCounter) take(s0 *frontierState, r, q int, alive []bool, add func(*frontierState)) {
	pl := c.plan
	s := *s0
	i, j := r%pl.slots, q%pl.slots
	a, b := s.slot[i], s.slot[j]
	if a == degreeTwo || b == degreeTwo {
		return
	}
	if (r == pl.start && a != 0) || (q == pl.start && b != 0) {
		return // the start of an open tour is one of its ends
	}
	switch {
	case a == 0 && b == 0:
		l := freshLabel(&s, pl.slots)
		if l == 0 {
			c.tooMany = true
			return
		}
		s.slot[i], s.slot[j] = l, l
	case a == 0:
		s.slot[i], s.slot[j] = b, degreeTwo
	case b == 0:
		s.slot[j], s.slot[i] = a, degreeTwo
	case a == b && a != labelFixed:
		// closes a cycle
		if !c.closed {
			return
		}
		s.slot[i], s.slot[j] = degreeTwo, degreeTwo
		c.finish(&s, q, alive)
		return
	case a == labelFixed && b == labelFixed:
		// joins two paths that each have a finished end: the tour is done
		s.slot[i], s.slot[j] = degreeTwo, degreeTwo
		c.finish(&s, q, alive)
		return
	default:
		// joins two different paths: their far ends now belong together
		keep, drop := a, b
		if b == labelFixed {
			keep, drop = b, a
		}
		s.slot[i], s.slot[j] = degreeTwo, degreeTwo
		if p := s.partner(drop, -1, pl.slots); p >= 0 {
			s.slot[p] = keep
		}
	}
	add(&s)
}

// viable reports whether every frontier square can still get the moves it
// needs: two, or one for at most two ends of an open tour (the start square
// among them, when there is one). Dropping the states that cannot is what
// keeps the state count small.
func (c *frontierCounter) viable(s *frontierState) bool {
	pl := c.plan
	ends := int(s.ends)
	for x := max(0, c.q-pl.slots+1); x <= c.q; x++ {
		if !c.alive[x] {
			continue
		}
		d := 1
		switch s.slot[x%pl.slots] {
		case 0:
			d = 0
		case degreeTwo:
			continue
		}
		room := d + c.remaining[x]
		if c.closed {
			if room < 2 {
				return false
			}
			continue
		}
		if room < 1 {
			return false
		}
		if room < 2 || x == pl.start {
			if ends++; ends > 2 {
				return false
			}
		}
	}
	return true
}

// freshLabel returns a path label no slot holds, or 0 when all are taken.
func freshLabel(s *frontierState, slots int) uint8 {
	var used [16]bool
	for i := 0; i < slots; i++ {
		used[s.slot[i]] = true
	}
	for l := uint8(1); l <= maxLabel; l++ {
		if !used[l] {
			return l
		}
	}
	return 0
}

// leave takes position r out of the frontier.
func (c *frontierCounter) leave(s0 *frontierState, r, q int, alive []bool, add func(*frontierState)) {
	pl := c.plan
	s := *s0
	i := r % pl.slots
	switch l := s.slot[i]; {
	case l == 0:
		return // a square no tour visits
	case l == degreeTwo:
		s.slot[i] = 0
	case c.closed:
		return // a closed tour leaves no square with one move
	case l == labelFixed:
		// the second finished end: the tour is done
		s.slot[i] = 0
		c.finish(&s, q, alive)
		return
	default:
		if s.ends++; s.ends > 2 {
			return
		}
		s.slot[i] = 0
		if p := s.partner(l, i, pl.slots); p >= 0 {
			s.slot[p] = labelFixed
		}
	}
	add(&s)
}
