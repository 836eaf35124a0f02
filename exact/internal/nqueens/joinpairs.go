package nqueens

import (
	"math/bits"
)

// pairCounter counts the pairs (x, y) of two sorted key lists with
// x&y == 0, the join's inner count (join.go). It walks the binary tries of
// the two lists together: split each on a bit and, of the four pairings of
// the sublists without and with it, drop the one where both have it. The
// bits above a trie node's are then known to be disjoint for every pair
// below it, so a small pair of sublists is finished on the bits below
// alone, 64 keys of ys at a time (leaf): the ys are kept bit-sliced, one
// word a key bit for each block of 64 consecutive keys, and a key x is
// checked against a whole block with one OR per bit x has below the node.
//
// The slices and tables take memory beside the lists: budget bounds what
// they may hold, and where a list's would pass it the leaves compare one
// pair at a time (checkPairs) as before the slices.
type pairCounter struct {
	ys     []uint64            // the second list, sorted ascending
	width  int                 // the bits of a key
	budget int64               // the bytes slices and tables may take
	sliced bool                // the ys are sliced
	slices []uint64            // slices[k*width+i] bit j: ys[64k+j] has key bit i
	tables [][tableSize]uint64 // tables[k*chunks+c][v]: the OR of block k's slices on the bits v<<(tableBits*c)
	chunks int                 // chunks of tableBits of a key, when tables are built; else 0
	floor  int                 // the lowest bit both lists are sorted on: no split below it
}

// pairTableFrom is the shortest first list for which the join has load
// build the chunk tables: they cost tableSize ORs a chunk of key a block of
// ys, paid back by the keys x checked against each block. With 6-bit
// tables, 64 took 17 queens in 6.18 and 6.19 s of CPU (two workers), 512
// in 6.49 and 6.68, 2048 (the threshold of the 8-bit tables) in 6.78 and
// 6.79 (load 17).
const pairTableFrom = 64

// pairLeafKeys is the most keys of ys a leaf takes (the words it spans),
// and pairLeafPairs the most pairs: below these a trie split costs more
// than the checks it saves. On a sample of 91 groups of n = 20, 256 keys
// took 2,242 ms CPU with the tables, 128 took 2,318, and the leaf without
// tables 2,586; one pair at a time, 2,801 (load 23).
const (
	pairLeafKeys  = 256
	pairLeafPairs = 4096
)

// tableBits is the bits of a key each table of a block covers, and
// tableSize its entries. With the blocks the leaf's outer loop, a block's
// tables must stay in the first-level cache while every x is checked: on
// a sample of 115 groups of n = 20 (BenchmarkJoinSample), 8-bit tables
// (2 KiB a chunk) took 2,593 and 2,727 ms of CPU, 6-bit ones (512 bytes)
// 2,387 and 2,233, 4-bit ones (more lookups) 2,788 and 2,641; the 8-bit
// tables with the keys x as the outer loop, as before, 2,789 and 2,832
// (load 10 to 12).
const (
	tableBits = 6
	tableSize = 1 << tableBits
)

// pairTableBytes is what one chunk's table of one block of ys takes.
const pairTableBytes = tableSize * 8

// load takes ys, sorted ascending, as the second list, and slices it, with
// the chunk tables when asked, as far as the budget allows (an allocation
// replaced may linger until collected, so each is held to half of it).
func (p *pairCounter) load(ys []uint64, width int, tables bool) {
	p.ys, p.width, p.chunks = ys, width, 0
	blocks := (len(ys) + 63) / 64
	p.sliced = int64(blocks*width)*8 <= p.budget/2
	if !p.sliced {
		return
	}
	p.slices = reuse(p.slices, blocks*width)
	var block [64]uint64
	for k := 0; k < blocks; k++ {
		n := copy(block[:], ys[k*64:])
		clear(block[n:])
		transpose64(&block)
		copy(p.slices[k*width:k*width+width], block[:width])
	}
	chunks := (width + tableBits - 1) / tableBits
	if tables && int64(blocks*width)*8+int64(blocks*chunks)*pairTableBytes <= p.budget/2 {
		p.buildTables(blocks)
	}
}

// transpose64 transposes a 64 x 64 bit matrix in place: bit i of word j
// goes to bit j of word i. It swaps the off-diagonal halves, then the
// quarters of each half, down to single bits (six rounds of 32 swaps),
// which slices a block of keys in about a third of the time of setting
// each key's bits one by one.
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000ffffffff)
	for j := 32; j != 0; j >>= 1 {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>uint(j) ^ a[(k+j)&63]) & m
			a[(k+j)&63] ^= t
			a[k&63] ^= t << uint(j)
		}
		m ^= m << uint(j>>1)
	}
}

// reuse is s with length n, reallocated (to n exactly) only when its
// capacity is short.
func reuse[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// buildTables fills p.tables from p.slices: for each block and chunk of
// tableBits bits of the key, the ORs of the slices on every subset of the
// chunk's bits, doubling the entries a bit at a time (no branch or
// trailing-zero count an entry).
func (p *pairCounter) buildTables(blocks int) {
	w := p.width
	p.chunks = (w + tableBits - 1) / tableBits
	p.tables = reuse(p.tables, blocks*p.chunks)
	for k := 0; k < blocks; k++ {
		row := p.slices[k*w : k*w+w]
		for c := 0; c < p.chunks; c++ {
			t := p.tables[k*p.chunks+c][:]
			t[0] = 0
			for b := 0; b < tableBits; b++ { // the entries with bit b: those without it, ORed with its slice
				var s uint64
				if i := c*tableBits + b; i < w {
					s = row[i]
				}
				without, with := t[:1<<b], t[1<<b:2<<b]
				for v, m := range without {
					with[v] = m | s
				}
			}
		}
	}
}

// count counts the disjoint pairs of xs, sorted ascending, and the loaded
// ys[lo:hi]. Within each, every key agrees on the bits above bit (bit < 0:
// no bits are left), and those bits are disjoint between the two. The
// lists need be sorted on the bits from p.floor up only: below it the
// pairs go to a leaf, whatever their number. visits
// is the trie-node pairs visited.
func (p *pairCounter) count(xs []uint64, lo, hi, bit int) (pairs, visits int64) {
	if len(xs) == 0 || lo >= hi {
		return 0, 0
	}
	if bit < 0 {
		return int64(len(xs)) * int64(hi-lo), 1
	}
	if hi-lo <= pairLeafKeys || len(xs)*(hi-lo) <= pairLeafPairs || bit < p.floor {
		switch {
		case p.chunks > 0:
			return p.leafTables(xs, lo, hi, bit), 1
		case p.sliced:
			return p.leaf(xs, lo, hi, bit), 1
		}
		return checkPairs(xs, p.ys[lo:hi]), 1
	}
	m := uint64(1) << uint(bit)
	x0, x1 := splitOnBit(xs, m)
	mid := lo + len(splitOnBitLow(p.ys[lo:hi], m))
	p00, v00 := p.count(x0, lo, mid, bit-1)
	p01, v01 := p.count(x0, mid, hi, bit-1)
	p10, v10 := p.count(x1, lo, mid, bit-1)
	return p00 + p01 + p10, 1 + v00 + v01 + v10
}

// leaf counts the disjoint pairs of xs and ys[lo:hi] on the bits up to bit
// (those above are disjoint already), a block of 64 ys at a time: a block's
// ys that meet x are the OR of its slices on x's bits.
func (p *pairCounter) leaf(xs []uint64, lo, hi, bit int) int64 {
	low := uint64(2)<<uint(bit) - 1
	first, last := lo>>6, (hi-1)>>6
	w := p.width
	var free int64
	for k := first; k <= last; k++ {
		row := p.slices[k*w : k*w+w]
		keep := blockMask(k, first, last, lo, hi)
		for _, x := range xs {
			var meet uint64
			for m := x & low; m != 0; m &= m - 1 {
				meet |= row[bits.TrailingZeros64(m)&63]
			}
			free += int64(bits.OnesCount64(^meet & keep))
		}
	}
	return free
}

// blockMask is the ys of block k, of the blocks first..last that
// ys[lo:hi] spans, that lie in it.
func blockMask(k, first, last, lo, hi int) uint64 {
	keep := ^uint64(0)
	if k == first {
		keep &= ^uint64(0) << uint(lo&63)
	}
	if k == last {
		keep &= ^uint64(0) >> uint(63-(hi-1)&63)
	}
	return keep
}

// leafTables is leaf with the chunk tables: one lookup a chunk of x's bits
// up to bit, for each block. The blocks are the outer loop, so that a
// block's tables stay in the first-level cache for every x.
func (p *pairCounter) leafTables(xs []uint64, lo, hi, bit int) int64 {
	low := uint64(2)<<uint(bit) - 1
	first, last := lo>>6, (hi-1)>>6
	used := bit/tableBits + 1 // the chunks with bits up to bit
	var free int64
	for k := first; k <= last; k++ {
		keep := blockMask(k, first, last, lo, hi)
		t := p.tables[k*p.chunks : k*p.chunks+used]
		free += int64(leafBlock(t, xs, low>>uint((used-1)*tableBits)&(tableSize-1), keep))
	}
	return free
}

// leafBlock is the pairs of the keys xs and the ys of one block, among
// keep, that are disjoint on the chunks of t: the OR of the block's tables
// on each x's chunks, lastMask taking the bits of the last chunk that
// count. Four keys go at once, four independent chains, their ORs in a
// function of their own (orFour): inside leafTables' loop the compiler
// had kept the four ORs on the stack, a store and a load on every chain's
// step, and copied each x to the stack to shift it. On every 401st top of
// 20 queens (BenchmarkJoinSample/20, one worker) this took 0.83, 0.70 and
// 0.68 of the CPU time of the loop inlined (alternated, load 27).
//
//go:noinline
func leafBlock(t [][tableSize]uint64, xs []uint64, lastMask, keep uint64) int {
	if len(t) == 0 {
		return len(xs) * bits.OnesCount64(keep)
	}
	last := &t[len(t)-1]
	t = t[:len(t)-1]
	s := uint(len(t)*tableBits) & 63 // the last chunk's shift
	free := 0
	i := 0
	for ; i+3 < len(xs); i += 4 {
		q := xs[i : i+4 : i+4]
		m0, m1, m2, m3 := orFour(t, q[0], q[1], q[2], q[3])
		m0 |= last[q[0]>>s&lastMask&(tableSize-1)]
		m1 |= last[q[1]>>s&lastMask&(tableSize-1)]
		m2 |= last[q[2]>>s&lastMask&(tableSize-1)]
		m3 |= last[q[3]>>s&lastMask&(tableSize-1)]
		free += bits.OnesCount64(^m0&keep) + bits.OnesCount64(^m1&keep) +
			bits.OnesCount64(^m2&keep) + bits.OnesCount64(^m3&keep)
	}
	for ; i < len(xs); i++ {
		x := xs[i]
		meet := last[x>>s&lastMask&(tableSize-1)]
		for c := range t {
			meet |= t[c][x>>(uint(c*tableBits)&63)&(tableSize-1)]
		}
		free += bits.OnesCount64(^meet & keep)
	}
	return free
}

// orFour is the OR of the tables t, chunk by chunk, on each of four keys:
// each lookup shifts its key afresh, so that no key is shifted in place.
//
//go:noinline
func orFour(t [][tableSize]uint64, x0, x1, x2, x3 uint64) (m0, m1, m2, m3 uint64) {
	for c := range t {
		tc, s := &t[c], uint(c*tableBits)&63
		m0 |= tc[x0>>s&(tableSize-1)]
		m1 |= tc[x1>>s&(tableSize-1)]
		m2 |= tc[x2>>s&(tableSize-1)]
		m3 |= tc[x3>>s&(tableSize-1)]
	}
	return m0, m1, m2, m3
}

// checkPairs counts the disjoint pairs of two short lists one pair at a
// time, the leaf where the ys are not sliced. The test is branchless:
// x&y-1 has its top bit set only when x&y is 0, because keys use fewer
// than 64 bits. Four keys of ys a step, each into its own sum, keep the
// loop's additions independent.
func checkPairs(xs, ys []uint64) int64 {
	var s0, s1, s2, s3 uint64
	tail := ys[len(ys)&^3:]
	for _, x := range xs {
		for j := 0; j+3 < len(ys); j += 4 {
			s0 += (x&ys[j] - 1) >> 63
			s1 += (x&ys[j+1] - 1) >> 63
			s2 += (x&ys[j+2] - 1) >> 63
			s3 += (x&ys[j+3] - 1) >> 63
		}
		for _, y := range tail {
			s0 += (x&y - 1) >> 63
		}
	}
	return int64(s0 + s1 + s2 + s3)
}

// splitOnBit splits a sorted list whose keys agree above m's bit into the
// keys without it and those with it.
func splitOnBit(keys []uint64, m uint64) (without, with []uint64) {
	without = splitOnBitLow(keys, m)
	return without, keys[len(without):]
}

// splitOnBitLow is the keys of a sorted list, agreeing above m's bit, that
// lack it: a prefix of the list.
func splitOnBitLow(keys []uint64, m uint64) []uint64 {
	lo, hi := 0, len(keys) // the first key with the bit is in [lo, hi]
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if keys[mid]&m == 0 {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return keys[:lo]
}
