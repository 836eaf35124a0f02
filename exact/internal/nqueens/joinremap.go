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
	order [64]int
	table [8][256]uint64 // table[c][v]: the new bits of the old bits v<<8c
}

// apply counts the bits of xs and ys, orders them, and rewrites both
// lists in place.
func (r *keyRemap) apply(xs, ys []uint64, width int) {
	r.uses = [2][64]int64{}
	for side, keys := range [2][]uint64{xs, ys} {
		u := &r.uses[side]
		for _, k := range keys {
			for m := k; m != 0; m &= m - 1 {
				u[bits.TrailingZeros64(m)]++
			}
		}
	}
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
