package attackcounts

import (
	"fmt"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// The attack relation of a problem that is not plain (a wrapped board, a
// one-sided piece). A line may wrap round, so the squares between two
// decided squares of a line need not be decided, a square may be reached
// by two lines of one piece, and attack may go one way. Each (origin,
// piece, target) of a piece's reach is therefore settled once, when the
// last square it depends on is decided: the origin, the target and, under
// strong attack, the squares before the target on each line of the piece
// that reaches it. The piece on the origin attacks the target when one of
// those lines is empty before it (under weak attack, always).

// maxSettleEntries bounds the (origin, piece, target) triples the general
// tables keep: about 24 bytes each, with the lines they point into.
const maxSettleEntries = 1 << 24

// A settlement is one (origin, piece, target) of a piece's reach.
type settlement struct {
	from, to int32
	def      int32
	// before holds, for each line of the piece from the origin that reaches
	// the target, the open squares the line passes first (none for a leap,
	// or under weak attack: then the one entry is empty).
	before [][]int32
}

// settleTables lists every settlement by the square whose decision
// settles it, and the horizons from them.
func (t *tables) settleTables() error {
	entries := 0
	for _, d := range t.defs {
		for i := 0; i < t.n; i++ {
			entries += t.p.PieceGeometry(d).Weak.Row(i).Count()
		}
	}
	if entries > maxSettleEntries {
		return fmt.Errorf("exact: attack counts %s reach %d (square, piece, square) triples, more than the %d the search keeps: %w",
			t.p.Model.NotPlain(), entries, maxSettleEntries, model.ErrTooLarge)
	}
	t.settleAt = make([][]settlement, t.n)
	last := make([]int, t.n) // per square: the last decision its counts wait for
	for i := range last {
		last[i] = i
	}
	for d := range t.defs {
		for i := 0; i < t.n; i++ {
			if t.p.Open.Has(i) {
				t.settleFrom(d, i, last)
			}
		}
	}
	t.closeAt = make([][]int32, t.n)
	for u, at := range last {
		t.closeAt[at] = append(t.closeAt[at], int32(u))
	}
	return nil
}

// settleFrom adds the settlements of piece def on square i, and moves the
// horizons of i and of each target to the squares that settle them.
func (t *tables) settleFrom(def, i int, last []int) {
	g := t.p.PieceGeometry(t.defs[def])
	byTarget := map[int32]*settlement{}
	var order []int32
	add := func(u int32, before []int32) {
		e := byTarget[u]
		if e == nil {
			e = &settlement{from: int32(i), to: u, def: int32(def)}
			byTarget[u], order = e, append(order, u)
		}
		if !t.p.Strong {
			before = nil
		}
		e.before = append(e.before, before)
	}
	for _, u := range g.LeapsAt(i) {
		add(u, nil)
	}
	for _, ray := range g.RaysAt(i) {
		for k, u := range ray {
			if !slices.Contains(ray[:k], u) { // a line that passes a square twice reaches it at the first pass
				add(u, ray[:k])
			}
		}
	}
	for _, u := range order {
		e := byTarget[u]
		if slices.ContainsFunc(e.before, func(b []int32) bool { return len(b) == 0 }) {
			e.before = [][]int32{nil} // a line with nothing before the target decides it alone
		}
		at := settledBy(e)
		t.settleAt[at] = append(t.settleAt[at], *e)
		last[i], last[u] = max(last[i], at), max(last[u], at)
	}
}

// settledBy is the square whose decision settles e: the last of its
// origin, its target and the squares its lines pass before the target.
func settledBy(e *settlement) int {
	at := max(e.from, e.to)
	for _, b := range e.before {
		for _, u := range b {
			at = max(at, u)
		}
	}
	return int(at)
}

// settle counts the attacks that the decision of square i settles: a
// piece of the settlement's kind on its origin attacks the target, and the
// pieces on it, when a line to it is empty before it.
func (s *search) settle(i int) {
	s.forbidden = 0
	for _, e := range s.t.settleAt[i] {
		if s.count[e.from] == 0 || !s.lineClear(e.before) {
			continue
		}
		for a := s.start[e.from]; a < s.start[e.from]+s.count[e.from]; a++ {
			if s.def[a] == int(e.def) {
				s.strike(a, e.to)
			}
		}
	}
}

// lineClear reports whether one of the lines holds no piece on its squares.
func (s *search) lineClear(lines [][]int32) bool {
	for _, line := range lines {
		clear := true
		for _, u := range line {
			if s.count[u] > 0 {
				clear = false
				break
			}
		}
		if clear {
			return true
		}
	}
	return false
}
