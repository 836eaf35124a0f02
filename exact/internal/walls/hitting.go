package walls

import (
	"math/big"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
)

// Hitting sets of gaps. A gap is the set of squares strictly between two
// pieces on a line along which one of them rides: a wall must stand on at
// least one of them. The walls a piece set needs are a hitting set of its
// gaps, on squares that are free (open, no piece, no fixed piece).

// packGaps is a lower bound on any hitting set: the size of a greedy family
// of pairwise disjoint gaps (each needs its own wall).
func packGaps(gaps []bitset.Set, skip func(int) bool, scratch bitset.Set) int {
	clear(scratch)
	n := 0
	for i, g := range gaps {
		if skip != nil && skip(i) {
			continue
		}
		if !g.Intersects(scratch) {
			scratch.Or(g)
			n++
		}
	}
	return n
}

// A hitter searches the hitting sets of one family of gaps.
type hitter struct {
	gaps    []bitset.Set // already cut to the free squares
	free    bitset.Set   // squares a wall may go on
	chosen  []int32
	scratch bitset.Set
	nodes   int64
}

func newHitter(squares int) *hitter {
	return &hitter{scratch: bitset.New(squares)}
}

// reset loads the gaps of a piece set; it reports false when some gap has
// no free square, which no wall can mend.
func (h *hitter) reset(gaps []bitset.Set, free bitset.Set) bool {
	h.gaps = h.gaps[:0]
	h.free = free
	for _, g := range gaps {
		if !g.Intersects(free) {
			return false
		}
		h.gaps = append(h.gaps, g)
	}
	return true
}

// minimum returns the least number of walls that hit every gap, or -1 when
// more than limit are needed, and one such wall set.
func (h *hitter) minimum(limit int) (int, []int32) {
	walls := bitset.New(len(h.free) * 64)
	for k := 0; k <= limit; k++ {
		h.chosen = h.chosen[:0]
		if h.within(k, walls) {
			return k, append([]int32(nil), h.chosen...)
		}
	}
	return -1, nil
}

// within searches for a hitting set with at most k more walls.
func (h *hitter) within(k int, walls bitset.Set) bool {
	h.nodes++
	open := -1
	best := 1 << 30
	for i, g := range h.gaps {
		if g.Intersects(walls) {
			continue
		}
		if c := g.CountAnd(h.free); c < best {
			open, best = i, c
		}
	}
	if open < 0 {
		return true
	}
	if k == 0 || packGaps(h.gaps, func(i int) bool { return h.gaps[i].Intersects(walls) }, h.scratch) > k {
		return false
	}
	g := h.gaps[open]
	for s := g.First(); s >= 0; s = g.Next(s + 1) {
		if !h.free.Has(s) {
			continue
		}
		walls.Set(s)
		h.chosen = append(h.chosen, int32(s))
		if h.within(k-1, walls) {
			return true
		}
		h.chosen = h.chosen[:len(h.chosen)-1]
		walls.Clear(s)
	}
	return false
}

// each visits every hitting set of exactly t walls on free squares, each
// once: at the first gap not yet hit it branches on which of its squares is
// the first wall (the squares before it are then excluded); once every gap
// is hit the remaining walls may go on any free square not excluded. With
// list false it does not visit the sets but returns how many there are,
// counting the free completions by a binomial coefficient.
func (h *hitter) each(t int, list bool, visit func(walls []int32) bool) *big.Int {
	total := new(big.Int)
	walls := bitset.New(len(h.free) * 64)
	excluded := bitset.New(len(h.free) * 64)
	h.chosen = h.chosen[:0]
	h.eachFrom(0, t, walls, excluded, list, visit, total)
	return total
}

func (h *hitter) eachFrom(from, t int, walls, excluded bitset.Set, list bool, visit func([]int32) bool, total *big.Int) bool {
	h.nodes++
	i := from
	for i < len(h.gaps) && h.gaps[i].Intersects(walls) {
		i++
	}
	if i == len(h.gaps) {
		rest := t - len(h.chosen)
		avail := h.free.Count() - walls.Count() - excluded.CountAnd(h.free)
		if rest < 0 || rest > avail {
			return true
		}
		if !list {
			total.Add(total, new(big.Int).Binomial(int64(avail), int64(rest)))
			return true
		}
		return h.completions(rest, walls, excluded, visit, total)
	}
	if len(h.chosen) >= t {
		return true
	}
	g := h.gaps[i]
	var added []int
	keep := true
	for s := g.First(); s >= 0 && keep; s = g.Next(s + 1) {
		if !h.free.Has(s) || excluded.Has(s) {
			continue
		}
		walls.Set(s)
		h.chosen = append(h.chosen, int32(s))
		keep = h.eachFrom(i+1, t, walls, excluded, list, visit, total)
		h.chosen = h.chosen[:len(h.chosen)-1]
		walls.Clear(s)
		excluded.Set(s)
		added = append(added, s)
	}
	for _, s := range added {
		excluded.Clear(s)
	}
	return keep
}

// completions lists the ways to add rest walls on free squares neither
// chosen nor excluded.
func (h *hitter) completions(rest int, walls, excluded bitset.Set, visit func([]int32) bool, total *big.Int) bool {
	var avail []int32
	for s := h.free.First(); s >= 0; s = h.free.Next(s + 1) {
		if !walls.Has(s) && !excluded.Has(s) {
			avail = append(avail, int32(s))
		}
	}
	base := len(h.chosen)
	var pick func(from, left int) bool
	pick = func(from, left int) bool {
		if left == 0 {
			total.Add(total, big.NewInt(1))
			return visit(h.chosen)
		}
		for j := from; j <= len(avail)-left; j++ {
			h.chosen = append(h.chosen, avail[j])
			ok := pick(j+1, left-1)
			h.chosen = h.chosen[:len(h.chosen)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	ok := pick(0, rest)
	h.chosen = h.chosen[:base]
	return ok
}
