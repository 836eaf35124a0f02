package nqueens

import (
	"cmp"
	"math/bits"
	"slices"
)

// keyRemap renumbers the key bits of one group's two lists so that the bits
// the pair walk prunes most with come highest for this group: a split on a
// bit drops the pairs where both lists have it, a share p_x * p_y of them,
// so the bits go in descending order of that product. The global order
// (orderKeyBits) is measured over a sample of groups; each group's own
// files move the busy diagonals, and its own order splits better.
type keyRemap struct {
	uses  [2][64]int64
	hist  [8][256]int64 // countBits' byte counts
	order [64]int
	table [8][256]uint64 // table[c][v]: the new bits of the old bits v<<8c

	// An even board's estimated order (joinproxy.go): the keys of the
	// squares in the order of all groups, and in the group's.
	base, squares []uint64
}

// apply counts the bits of xs and ys, orders them, and rewrites both
// lists in place.
func (r *keyRemap) apply(xs, ys []uint64, width int) {
	for side, keys := range [2][]uint64{xs, ys} {
		countBits(&r.uses[side], &r.hist, keys, width)
	}
	to := r.bitOrder(width)
	chunks := (width + 7) / 8
	for c := 0; c < chunks; c++ {
		t := &r.table[c]
		t[0] = 0
		for v := 1; v < 256; v++ {
			t[v] = t[v&(v-1)] | to[(c*8+bits.TrailingZeros(uint(v)))&63]
		}
	}
	for _, keys := range [2][]uint64{xs, ys} {
		for i, k := range keys {
			var out uint64
			for c := 0; c < chunks; c++ {
				out |= r.table[c][uint8(k>>(8*uint(c)))]
			}
			keys[i] = out
		}
	}
}

// countBits sets uses[i] to the number of keys, of width bits, with bit
// i: it counts each byte value of the keys (one addition a byte, not one
// a bit), then spreads each value's count onto its bits.
func countBits(uses *[64]int64, hist *[8][256]int64, keys []uint64, width int) {
	chunks := min(8, (width+7)/8)
	*hist = [8][256]int64{}
	for _, k := range keys {
		for c := range chunks {
			hist[c&7][uint8(k>>(8*uint(c)))]++
		}
	}
	*uses = [64]int64{}
	for c := range chunks {
		for v, n := range hist[c&7] {
			for m := uint(v); m != 0; m &= m - 1 {
				uses[(8*c+bits.TrailingZeros(m))&63] += n
			}
		}
	}
}

// bitOrder maps each of the width key bits to its new bit: the bits used
// most by both halves together (the product of their uses) highest, ties
// by the higher old bit.
func (r *keyRemap) bitOrder(width int) [64]uint64 {
	order := r.order[:width]
	for b := range order {
		order[b] = b
	}
	slices.SortFunc(order, func(p, q int) int {
		return cmp.Or(cmp.Compare(r.uses[0][q]*r.uses[1][q], r.uses[0][p]*r.uses[1][p]), cmp.Compare(q, p))
	})
	var to [64]uint64
	for rank, b := range order {
		to[b] = 1 << uint(width-1-rank)
	}
	return to
}
