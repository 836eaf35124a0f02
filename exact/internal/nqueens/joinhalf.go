package nqueens

import (
	"cmp"
	"math/bits"
	"slices"
)

// joinKeys gives each square of an n x n board the key bits of a queen
// there: the crossing diagonals it stands on (those that meet both the top
// and the bottom half, join.go), as bits of one word. The anti-diagonals
// rank+file and the diagonals file-rank+n-1 that cross both run from n-a to
// n+a-2 (a = n/2 ranks a half): 2a-1 of each, 4a-2 bits in all. The bits
// nearest the long diagonals, which most halves occupy, are the highest,
// so that the pair counter (pairCounter) splits on them first.
func joinKeys(n int) (keyOf []uint64, width int) {
	a := n / 2
	width = max(0, 4*a-2)
	type slot struct{ off, family int }
	var slots []slot
	for off := 1 - a; off <= a-1; off++ {
		slots = append(slots, slot{off, 0}, slot{off, 1})
	}
	abs := func(x int) int { return max(x, -x) }
	slices.SortStableFunc(slots, func(p, q slot) int {
		return cmp.Or(cmp.Compare(abs(p.off), abs(q.off)), cmp.Compare(p.family, q.family))
	})
	var bitOf [2][]uint64 // by family, by offset from the long diagonal + a-1
	bitOf[0], bitOf[1] = make([]uint64, max(0, 2*a-1)), make([]uint64, max(0, 2*a-1))
	for i, s := range slots {
		bitOf[s.family][s.off+a-1] = 1 << uint(width-1-i)
	}
	keyOf = make([]uint64, n*n)
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			if off := r + f - (n - 1); abs(off) <= a-1 {
				keyOf[r*n+f] |= bitOf[0][off+a-1]
			}
			if off := f - r; abs(off) <= a-1 {
				keyOf[r*n+f] |= bitOf[1][off+a-1]
			}
		}
	}
	return keyOf, width
}

// halfSearch lists the placements of one half board: a queens on the
// ranks from first up, one a rank, on the given files, none attacking
// another or attacked by the middle queen, each as its key.
type halfSearch struct {
	n, end  int // end: the ranks (and files) of the half
	width   int // the bits of a key
	keyOf   []uint64
	blocked [64]uint64 // per rank, the files the middle queen attacks
	keys    []uint64
	scratch []uint64 // the radix sort's second buffer
	nodes   int64
	byFiles // the tables of the search by files (joinfiles.go)
}

// sort sorts h.keys ascending on their bits from floor up (sortFloor),
// by comparison when the list is short against the counters of a pass.
func (h *halfSearch) sort(floor int) {
	span := h.width - floor
	if len(h.keys) < radixSortFrom || len(h.keys) < 1<<uint(min(span, 11))/4 {
		slices.Sort(h.keys)
		return
	}
	h.keys, h.scratch = radixSortTop(h.keys, h.scratch, floor, h.width)
}

// radixSortFrom is the shortest list radixSort sorts: below it clearing its
// counters costs more than comparing.
const radixSortFrom = 64

// joinSortBits is the most key bits, the highest, a long list is sorted
// on (two passes of 11 bits, where the whole key took three (n = 16 to
// 18) or four (19 to 22)).
const joinSortBits = 22

// sortFloor is the lowest key bit the lists of a group are sorted on, ys
// the longer list's length. The pair walk splits on a bit only while a
// sublist of ys has more than pairLeafKeys keys: on 16, 17 and every 7th
// top of 18 queens it went at most bits.Len(ys)-4 bits deep, as a split's
// halves are uneven (on 17 queens 1 group of the 6,631 with 256 to 511
// ys went 5 deep and 422 went 4), most groups 5 or 6 bits less than
// bits.Len(ys). The lists are sorted on bits.Len(ys)-3 bits, one pass of the
// radix sort up to lists of 2^14 keys, where sorting on 22 bits took two:
// below the floor the walk takes a leaf, however long, so the count is
// the same for any floor, and only the work moves.
func sortFloor(width, ys int) int {
	return max(0, width-min(joinSortBits, max(1, bits.Len(uint(ys))-3)))
}

// radixSort sorts keys of width bits, least significant digit first, with
// scratch as the second buffer, and returns the sorted list and the other
// buffer. It measured about twice as fast as slices.Sort on the half
// lists, where sorting had been a quarter of the count.
func radixSort(keys, scratch []uint64, width int) (sorted, spare []uint64) {
	return radixSortTop(keys, scratch, 0, width)
}

// radixSortTop is radixSort on the bits from..width-1 of the keys alone:
// keys equal on those keep their order.
func radixSortTop(keys, scratch []uint64, from, width int) (sorted, spare []uint64) {
	span := width - from
	passes := max(1, (span+10)/11)
	digit := uint((span + passes - 1) / passes)
	scratch = slices.Grow(scratch[:0], len(keys))[:len(keys)]
	var counts [1 << 11]int
	for p := uint(0); p < uint(passes); p++ {
		shift, mask := uint(from)+p*digit, uint64(1)<<digit-1
		clear(counts[:1<<digit])
		for _, k := range keys {
			counts[k>>shift&mask]++
		}
		sum := 0
		for i, c := range counts[:1<<digit] {
			counts[i] = sum
			sum += c
		}
		for _, k := range keys {
			d := k >> shift & mask
			scratch[counts[d]] = k
			counts[d]++
		}
		keys, scratch = scratch, keys
	}
	return keys, scratch
}

// blockMiddle records the files the middle queen of an odd board, on rank
// n/2 and file m, attacks on the other ranks (m < 0: no middle queen).
func (h *halfSearch) blockMiddle(m int) {
	h.blocked = [64]uint64{}
	if m < 0 {
		return
	}
	mid := h.n / 2
	for r := 0; r < h.n; r++ {
		d := r - mid
		if f := m + d; f >= 0 && f < h.n {
			h.blocked[r] |= 1 << uint(f)
		}
		if f := m - d; f >= 0 && f < h.n {
			h.blocked[r] |= 1 << uint(f)
		}
	}
}
