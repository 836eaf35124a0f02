package bitset

import "math/bits"

// A Set is a set of small non-negative integers (squares or vertices),
// one bit each, in words of 64. All bitsets combined in one operation have
// the same length.
type Set []uint64

func WordsFor(n int) int { return (n + 63) / 64 }

// Rows is a table of bitsets of one length in one array. Unlike a
// []bitset it holds no pointers: making one is a single allocation that
// the collector does not scan (a sweep makes one per board).
type Rows struct {
	Words int
	Store []uint64
}

// NewRows returns rows empty sets of n members at most.
func NewRows(rows, n int) Rows {
	w := WordsFor(n)
	return Rows{Words: w, Store: make([]uint64, rows*w)}
}

// Row is the i-th set, sharing the table's memory.
func (r Rows) Row(i int) Set {
	return Set(r.Store[i*r.Words : (i+1)*r.Words : (i+1)*r.Words])
}

func New(n int) Set { return make(Set, WordsFor(n)) }

func (b Set) Set(i int)      { b[i>>6] |= 1 << uint(i&63) }
func (b Set) Clear(i int)    { b[i>>6] &^= 1 << uint(i&63) }
func (b Set) Has(i int) bool { return b[i>>6]&(1<<uint(i&63)) != 0 }
func (b Set) CopyFrom(o Set) { copy(b, o) }

func (b Set) Count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

func (b Set) Empty() bool {
	for _, w := range b {
		if w != 0 {
			return false
		}
	}
	return true
}

// First returns the least member, or -1 when the set is empty.
func (b Set) First() int {
	for i, w := range b {
		if w != 0 {
			return i<<6 | bits.TrailingZeros64(w)
		}
	}
	return -1
}

// Next returns the least member >= i, or -1.
func (b Set) Next(i int) int {
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

func (b Set) Intersects(o Set) bool {
	for i, w := range b {
		if w&o[i] != 0 {
			return true
		}
	}
	return false
}

func (b Set) CountAnd(o Set) int {
	n := 0
	for i, w := range b {
		n += bits.OnesCount64(w & o[i])
	}
	return n
}

func (b Set) Or(o Set) {
	for i := range b {
		b[i] |= o[i]
	}
}

func (b Set) And(o Set) {
	for i := range b {
		b[i] &= o[i]
	}
}

// AndAny intersects b with o and reports whether anything is left.
func (b Set) AndAny(o Set) bool {
	var any uint64
	for i := range b {
		b[i] &= o[i]
		any |= b[i]
	}
	return any != 0
}

func (b Set) AndNot(o Set) {
	for i := range b {
		b[i] &^= o[i]
	}
}

func (b Set) Equal(o Set) bool {
	for i, w := range b {
		if w != o[i] {
			return false
		}
	}
	return true
}

// Key is a string form of the set, for maps.
func (b Set) Key() string {
	buf := make([]byte, 8*len(b))
	for i, w := range b {
		for j := 0; j < 8; j++ {
			buf[8*i+j] = byte(w >> (8 * j))
		}
	}
	return string(buf)
}
