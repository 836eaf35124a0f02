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
	n, end  int
	width   int // the bits of a key
	keyOf   []uint64
	files   uint64
	blocked [64]uint64 // per rank, the files the middle queen attacks
	keys    []uint64
	scratch []uint64 // the radix sort's second buffer
	nodes   int64
}

// list fills h.keys with the placements of the a ranks from first on the
// given files.
func (h *halfSearch) list(first, a int, files uint64) {
	h.end, h.files, h.keys = first+a, files, h.keys[:0]
	h.place(first, 0, 0, 0, 0)
}

// sort sorts h.keys ascending on their bits from sortFloor(h.width) up,
// all of them when the list is short.
func (h *halfSearch) sort() {
	if len(h.keys) < radixSortFrom {
		slices.Sort(h.keys)
		return
	}
	h.keys, h.scratch = radixSortTop(h.keys, h.scratch, sortFloor(h.width), h.width)
}

// radixSortFrom is the shortest list radixSort sorts: below it clearing its
// counters costs more than comparing.
const radixSortFrom = 512

// joinSortBits is the most key bits, the highest, a long list is sorted
// on: the pair walk splits on a bit only while the sublists are long
// (pairLeafKeys), which on lists of up to 10! keys it stops doing long
// before, and below them it checks the pairs in a leaf instead
// (pairCounter.count). Two passes of 11 bits, where the whole key took
// three (n = 16 to 18) or four (19 to 22).
const joinSortBits = 22

// sortFloor is the lowest key bit a list of keys of width bits is sorted
// on.
func sortFloor(width int) int { return max(0, width-joinSortBits) }

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

// place puts a queen on rank r on each file left free, and goes up; the
// last two ranks, where two files are left, are placed at once (lastPair).
func (h *halfSearch) place(r int, left, down, right, key uint64) {
	if r >= h.end-3 {
		if r == h.end-3 {
			h.lastThree(r, left, down, right, key)
			return
		}
		h.lastPair(r, left, down, right, key)
		return
	}
	h.nodes++
	row := h.keyOf[r*h.n : r*h.n+h.n]
	for free := h.files &^ (left | down | right | h.blocked[r&63]); free != 0; free &= free - 1 {
		bit := free & -free
		h.place(r+1, (left|bit)<<1, down|bit, (right|bit)>>1, key|row[bits.TrailingZeros64(bit)])
	}
}

// lastThree places the queens of the last three ranks, where three files
// are left: each free one on rank r, then the last two as lastPair does,
// in one function with no call inside but the append (most of a half's
// nodes are here; a call would spill the masks).
func (h *halfSearch) lastThree(r int, left, down, right, key uint64) {
	h.nodes++
	rest := h.files &^ down
	n := h.n
	block1, block2 := h.blocked[(r+1)&63], h.blocked[(r+2)&63]
	for free := rest &^ (left | right | h.blocked[r&63]); free != 0; free &= free - 1 {
		bit := free & -free
		l1, r1, rest1 := (left|bit)<<1, (right|bit)>>1, rest^bit
		key1 := key | h.keyOf[r*n+bits.TrailingZeros64(bit)]
		h.nodes++
		for free1 := rest1 &^ (l1 | r1 | block1); free1 != 0; free1 &= free1 - 1 {
			bit1 := free1 & -free1
			last := rest1 ^ bit1
			if last&((l1|bit1)<<1|(r1|bit1)>>1|block2) == 0 {
				h.keys = append(h.keys, key1|h.keyOf[(r+1)*n+bits.TrailingZeros64(bit1)]|h.keyOf[(r+2)*n+bits.TrailingZeros64(last)])
			}
		}
	}
}

// lastPair places the queens of the last two ranks (or the one, or none, of
// a half that short): of the two files left, each free one on rank r with
// the other free on rank r+1.
func (h *halfSearch) lastPair(r int, left, down, right, key uint64) {
	switch h.end - r {
	case 0:
		h.keys = append(h.keys, key)
		return
	case 1:
		if free := h.files &^ (left | down | right | h.blocked[r&63]); free != 0 {
			h.keys = append(h.keys, key|h.keyOf[r*h.n+bits.TrailingZeros64(free)])
		}
		return
	}
	h.nodes++
	rest := h.files &^ down
	for free := rest &^ (left | right | h.blocked[r&63]); free != 0; free &= free - 1 {
		bit := free & -free
		other := rest ^ bit
		if other&((left|bit)<<1|(right|bit)>>1|h.blocked[(r+1)&63]) == 0 {
			h.keys = append(h.keys, key|h.keyOf[r*h.n+bits.TrailingZeros64(bit)]|h.keyOf[(r+1)*h.n+bits.TrailingZeros64(other)])
		}
	}
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
