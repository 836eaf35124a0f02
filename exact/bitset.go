package exact

import "math/bits"

// A bitset is a set of small non-negative integers (squares or vertices),
// one bit each, in words of 64. All bitsets combined in one operation have
// the same length.
type bitset []uint64

func wordsFor(n int) int { return (n + 63) / 64 }

// bitRows is a table of bitsets of one length in one array. Unlike a
// []bitset it holds no pointers: making one is a single allocation that
// the collector does not scan (a sweep makes one per board).
type bitRows struct {
	words int
	store []uint64
}

// newBitRows returns rows empty sets of n members at most.
func newBitRows(rows, n int) bitRows {
	w := wordsFor(n)
	return bitRows{words: w, store: make([]uint64, rows*w)}
}

// row is the i-th set, sharing the table's memory.
func (r bitRows) row(i int) bitset {
	return bitset(r.store[i*r.words : (i+1)*r.words : (i+1)*r.words])
}

func newBitset(n int) bitset { return make(bitset, wordsFor(n)) }

func (b bitset) set(i int)         { b[i>>6] |= 1 << uint(i&63) }
func (b bitset) clear(i int)       { b[i>>6] &^= 1 << uint(i&63) }
func (b bitset) has(i int) bool    { return b[i>>6]&(1<<uint(i&63)) != 0 }
func (b bitset) copyFrom(o bitset) { copy(b, o) }

func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

func (b bitset) empty() bool {
	for _, w := range b {
		if w != 0 {
			return false
		}
	}
	return true
}

// first returns the least member, or -1 when the set is empty.
func (b bitset) first() int {
	for i, w := range b {
		if w != 0 {
			return i<<6 | bits.TrailingZeros64(w)
		}
	}
	return -1
}

// next returns the least member >= i, or -1.
func (b bitset) next(i int) int {
	wi := i >> 6
	if wi >= len(b) {
		return -1
	}
	w := b[wi] &^ (1<<uint(i&63) - 1)
	for {
		if w != 0 {
			return wi<<6 | bits.TrailingZeros64(w)
		}
		wi++
		if wi == len(b) {
			return -1
		}
		w = b[wi]
	}
}

func (b bitset) intersects(o bitset) bool {
	for i, w := range b {
		if w&o[i] != 0 {
			return true
		}
	}
	return false
}

func (b bitset) countAnd(o bitset) int {
	n := 0
	for i, w := range b {
		n += bits.OnesCount64(w & o[i])
	}
	return n
}

func (b bitset) or(o bitset) {
	for i := range b {
		b[i] |= o[i]
	}
}

func (b bitset) and(o bitset) {
	for i := range b {
		b[i] &= o[i]
	}
}

// andAny intersects b with o and reports whether anything is left.
func (b bitset) andAny(o bitset) bool {
	var any uint64
	for i := range b {
		b[i] &= o[i]
		any |= b[i]
	}
	return any != 0
}

func (b bitset) andNot(o bitset) {
	for i := range b {
		b[i] &^= o[i]
	}
}

func (b bitset) equal(o bitset) bool {
	for i, w := range b {
		if w != o[i] {
			return false
		}
	}
	return true
}

// key is a string form of the set, for maps.
func (b bitset) key() string {
	buf := make([]byte, 8*len(b))
	for i, w := range b {
		for j := 0; j < 8; j++ {
			buf[8*i+j] = byte(w >> (8 * j))
		}
	}
	return string(buf)
}
