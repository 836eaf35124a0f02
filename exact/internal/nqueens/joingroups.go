package nqueens

import "math/bits"

// A joinGroup is one task of the half-board join: the files of the top
// half's queens, and of the middle queen on an odd board (-1 on an even
// one). The bottom half takes the files left. weight is the number of
// groups its orbit has under the symmetries that keep the halves apart.
type joinGroup struct {
	middle int
	top    uint64
	weight int64
}

// joinGroups lists one group of each orbit under the rank mirror (which
// swaps the halves: the top takes the bottom's files), the file mirror and
// the half turn, least first. Every group of an orbit has as many
// solutions, so the count is the sum of weight times the group's pairs.
func joinGroups(n int) []joinGroup {
	a := n / 2
	middles := []int{-1}
	if n%2 == 1 {
		middles = middles[:0]
		for m := 0; m <= n/2; m++ { // the file mirror takes a middle queen right of centre to the left: not least
			middles = append(middles, m)
		}
	}
	var out []joinGroup
	for _, m := range middles {
		rest := uint64(1)<<uint(n) - 1
		if m >= 0 {
			rest &^= 1 << uint(m)
		}
		eachSubset(rest, a, func(top uint64) {
			g := joinGroup{middle: m, top: top}
			if least, size := g.orbit(n); least {
				g.weight = int64(size)
				out = append(out, g)
			}
		})
	}
	return out
}

// orbit tells whether g is the least group of its orbit and the orbit's
// size.
func (g joinGroup) orbit(n int) (least bool, size int) {
	images := g.images(n) // joinshard.go
	key := func(h joinGroup) uint64 { return h.key(n) }
	own := key(g)
	size = 0
	for i, h := range images {
		k := key(h)
		if k < own {
			return false, 0
		}
		seen := false
		for _, p := range images[:i] {
			seen = seen || key(p) == k
		}
		if !seen {
			size++
		}
	}
	return true, size
}

// eachSubset calls fn with every subset of set with k members, in
// ascending order.
func eachSubset(set uint64, k int, fn func(uint64)) {
	members := bits.OnesCount64(set)
	if k > members {
		return
	}
	// walk the k-subsets of positions 0..members-1 and spread each onto set
	for idx := uint64(1)<<uint(k) - 1; idx < uint64(1)<<uint(members); {
		fn(deposit(idx, set))
		if idx == 0 {
			return
		}
		low := idx & -idx // Gosper's next subset of the same size
		ripple := idx + low
		idx = ripple | ((idx^ripple)>>2)/low
	}
}

// deposit places the low bits of x on the members of mask, in order: at
// once when mask is a run of low bits with at most one hole (the join's
// files, without the middle queen's: half of joinGroups' time at 19 ranks
// went on the loop), else bit by bit.
func deposit(x, mask uint64) uint64 {
	hole := (mask + 1) &^ mask // the lowest bit mask lacks
	if run := mask | hole; run&(run+1) == 0 {
		return x&(hole-1) | (x&^(hole-1))<<1
	}
	return depositBits(x, mask)
}

// depositBits places the low bits of x on the set bits of mask, lowest
// first, one bit at a time: deposit's general case.
func depositBits(x, mask uint64) uint64 {
	var out uint64
	for m := mask; m != 0; m &= m - 1 {
		if x&1 != 0 {
			out |= m & -m
		}
		x >>= 1
	}
	return out
}
