package nqueens

import (
	"math/bits"
)

// An even board's group lists its halves in its own bit order, estimated
// before listing.
//
// The pair walk splits first on the bits it prunes most with, which are
// those both halves use most (keyRemap). Counting them takes the lists:
// a pass over both to count, and one to rewrite every key. The estimate
// takes the group's squares instead: a bit's use by a half is taken as
// the number of the half's squares, on its files and off the middle
// queen's lines, whose key has the bit, as if each square were as likely
// as the next to hold a queen. The keys of the squares are renumbered in
// that order before the halves are listed, so the lists come out in it
// and are not rewritten. On every 7th group of 18 queens and every 401st
// of 20 the estimated order made the pair walk's leaves look up 2.1% and
// 4.2% more table entries than the counted one (its trie visits 2.3% and
// 8% more), while the count and rewrite had been a tenth of 18 queens'
// CPU: BenchmarkJoin/18 took 0.89 of the CPU time of the counted order
// (median of 5 pairs, 0.84 to 1.11, load 9.5 to 13) and the 20-queens
// sample 0.93 and 1.10 of it (load 12). An odd board keeps the counted
// order: its top lists are searched once for several groups in the order
// of all groups (joinshare.go), and with the bottom listed in the
// estimated order and the top's keys renumbered by table, 17 queens took
// 1.16, 1.03 and 1.05 of the CPU time (three pairs, load 4.7 to 5.1).

// squareKeys is keyOf (r.base) with its bits renumbered in group g's
// estimated order: descending in the product of the two halves' square
// counts, and the width of its keys. blocked is the files the middle queen
// attacks on each rank. A bit that no square of one half has is a
// diagonal that half never uses, so no pair of the group meets on it: it
// is dropped from the keys, which are that much narrower: on the groups
// of every 401st top, 4.3 of 30 bits on average on 16 queens, 4.0 of 34 on
// 18, 3.7 of 38 on 20 and 3.7 of 42 on 22.
func (r *keyRemap) squareKeys(n int, g joinGroup, blocked *[64]uint64, width int) ([]uint64, int) {
	a := n / 2
	files := joinFiles(n, g)
	r.uses = [2][64]int64{}
	for side, first := range []int{0, n - a} {
		for rank := first; rank < first+a; rank++ {
			for m := files[side] &^ blocked[rank&63]; m != 0; m &= m - 1 {
				for k := r.base[rank*n+bits.TrailingZeros64(m)]; k != 0; k &= k - 1 {
					r.uses[side][bits.TrailingZeros64(k)&63]++
				}
			}
		}
	}
	to := r.bitOrder(width)
	free := 0 // the bits one half never uses: the lowest of the order
	for b := range width {
		if r.uses[0][b]*r.uses[1][b] == 0 {
			free++
			to[b] = 0
		}
	}
	for b := range width {
		to[b] >>= uint(free)
	}
	r.squares = reuse(r.squares, len(r.base))
	for sq, k := range r.base {
		var out uint64
		for m := k; m != 0; m &= m - 1 {
			out |= to[bits.TrailingZeros64(m)&63]
		}
		r.squares[sq] = out
	}
	return r.squares, width - free
}
