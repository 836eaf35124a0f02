package nqueens

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
)

// joinSampleEvery is the least stride of the groups whose lists
// orderKeyBits samples: at most about 1.5% of the groups, a fraction of
// the count's time (and at most joinSampleGroups groups, joinshard.go).
const joinSampleEvery = 64

// orderKeyBits renumbers the key bits so that those the pair walk prunes
// most with come highest: a split on a bit drops the pairs where both
// halves have it, a share of p_top * p_bottom of them, so the bits go in
// descending order of that product, measured on the lists of a sample of
// the groups (joinSampleStride, joinshard.go). The centre-first order of joinKeys misjudges
// it because the least group of each orbit leans to the low files; on n
// = 16 the measured order took 15 to 35% less time in the pair walk.
func orderKeyBits(st *tasks.Stopper, n int, groups []joinGroup, keyOf []uint64, width int) []uint64 {
	var uses [2][64]float64
	h := halfSearch{n: n, keyOf: keyOf, width: width}
	stride := joinSampleStride(len(groups)) // joinshard.go
	for i := 0; i < len(groups) && !st.Stopped(); i += stride {
		g := groups[i]
		h.blockMiddle(g.middle)
		for side, files := range joinFiles(n, g) {
			h.list(side*(n-n/2), n/2, files)
			for _, k := range h.keys {
				for m := k; m != 0; m &= m - 1 {
					uses[side][bits.TrailingZeros64(m)]++
				}
			}
		}
	}
	order := make([]int, width)
	for b := range order {
		order[b] = b
	}
	slices.SortStableFunc(order, func(p, q int) int {
		return cmp.Or(cmp.Compare(uses[0][q]*uses[1][q], uses[0][p]*uses[1][p]), cmp.Compare(q, p))
	})
	to := make([]uint64, width) // the new bit of each old one
	for rank, b := range order {
		to[b] = 1 << uint(width-1-rank)
	}
	out := make([]uint64, len(keyOf))
	for sq, k := range keyOf {
		for m := k; m != 0; m &= m - 1 {
			out[sq] |= to[bits.TrailingZeros64(m)]
		}
	}
	return out
}
