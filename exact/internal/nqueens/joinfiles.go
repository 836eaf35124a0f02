package nqueens

import "math/bits"

// Listing a half board file by file.
//
// A half's placements put one queen on each of its a ranks and on each of
// its a files, so they can be listed rank by rank (a file for each rank)
// or file by file (a rank for each file). File by file the search takes
// fewer nodes: on every 16th group of 18 queens, searched plainly, 6.49
// nodes a placement against 8.62 rank by rank; the files of a half lie
// apart, with gaps, and a queen's diagonals leave the half's ranks
// sooner across a gap. With the last three files placed at once, as the
// search by ranks placed its last three ranks, the lists of every 8th
// group of 18 queens took 36.0 and 37.6 ns of CPU a key against 53.3 and
// 52.9 by ranks (alternated, load 11). The search keeps, as masks of the half's ranks
// for the next file, the ranks taken and those the anti-diagonals and the
// diagonals of the queens placed reach; going on to a file g files
// further shifts the anti-diagonals down g ranks and the diagonals up.

// byFiles is a half search's tables for one list: the half's files in
// order, the gap to the next, each file's ranks blocked by the middle
// queen, and each file's keys by rank.
type byFiles struct {
	gap     [64]uint
	blocked [64]uint64 // by file index, the half's ranks the middle queen attacks
	colKeys []uint64   // colKeys[j*a+i]: the key of a queen on the j-th file, the i-th rank of the half
	all     uint64     // the half's ranks
}

// list fills h.keys with the placements of the a ranks from first on the
// given files, placed file by file.
func (h *halfSearch) list(first, a int, files uint64) {
	t := &h.byFiles
	h.keys, h.end = h.keys[:0], a
	t.all = uint64(1)<<uint(a) - 1
	t.colKeys = reuse(t.colKeys, a*a)
	j := 0
	for m := files; m != 0; m &= m - 1 {
		f := bits.TrailingZeros64(m)
		if rest := m & (m - 1); rest != 0 {
			t.gap[j&63] = uint(bits.TrailingZeros64(rest) - f)
		}
		t.blocked[j&63] = 0
		for i := 0; i < a; i++ {
			t.colKeys[j*a+i] = h.keyOf[(first+i)*h.n+f]
			if h.blocked[(first+i)&63]&(1<<uint(f)) != 0 {
				t.blocked[j&63] |= 1 << uint(i)
			}
		}
		j++
	}
	h.placeFile(0, 0, 0, 0, 0)
}

// placeFile puts the queen of the j-th file on each rank left free, and
// goes on to the next file; the last four files are placed at once
// (lastFourFiles).
func (h *halfSearch) placeFile(j int, used, anti, diag, key uint64) {
	t := &h.byFiles
	switch j {
	case h.end - 4:
		h.lastFourFiles(j, used, anti, diag, key)
		return
	case h.end - 3: // a half of three ranks
		h.lastThreeFiles(j, used, anti, diag, key)
		return
	case h.end:
		h.keys = append(h.keys, key)
		return
	}
	h.nodes++
	a := h.end
	g := t.gap[j&63]
	col := t.colKeys[j*a : j*a+a]
	for free := t.all &^ (used | anti | diag | t.blocked[j&63]); free != 0; free &= free - 1 {
		bit := free & -free
		h.placeFile(j+1, used|bit, (anti|bit)>>g, (diag|bit)<<g, key|col[bits.TrailingZeros64(bit)])
	}
}

// lastThreeFiles places the queens of the last three files, where three
// ranks are left: each free one for file j, then the last two, in one
// function with no call inside but the append.
func (h *halfSearch) lastThreeFiles(j int, used, anti, diag, key uint64) {
	t := &h.byFiles
	h.nodes++
	a := h.end
	rest := t.all &^ used
	g0, g1 := t.gap[j&63], t.gap[(j+1)&63]
	block1, block2 := t.blocked[(j+1)&63], t.blocked[(j+2)&63]
	col0, col1, col2 := t.colKeys[j*a:j*a+a], t.colKeys[(j+1)*a:(j+1)*a+a], t.colKeys[(j+2)*a:(j+2)*a+a]
	for free := rest &^ (anti | diag | t.blocked[j&63]); free != 0; free &= free - 1 {
		bit := free & -free
		a1, d1, rest1 := (anti|bit)>>g0, (diag|bit)<<g0, rest^bit
		key1 := key | col0[bits.TrailingZeros64(bit)]
		h.nodes++
		for free1 := rest1 &^ (a1 | d1 | block1); free1 != 0; free1 &= free1 - 1 {
			bit1 := free1 & -free1
			last := rest1 ^ bit1
			if last&((a1|bit1)>>g1|(d1|bit1)<<g1|block2) == 0 {
				h.keys = append(h.keys, key1|col1[bits.TrailingZeros64(bit1)]|col2[bits.TrailingZeros64(last)])
			}
		}
	}
}

// lastFourFiles places the queens of the last four files, as
// lastThreeFiles does those of three, in one function with no call
// inside but the append: on every 8th group of 18 queens the lists took
// 31.1 to 32.5 ns of CPU a key against 33.1 to 35.3 with the last three
// alone (three pairs alternated, load 14).
func (h *halfSearch) lastFourFiles(j int, used, anti, diag, key uint64) {
	t := &h.byFiles
	a := h.end
	rest := t.all &^ used
	gz, g0, g1 := t.gap[j&63], t.gap[(j+1)&63], t.gap[(j+2)&63]
	block0, block1, block2 := t.blocked[(j+1)&63], t.blocked[(j+2)&63], t.blocked[(j+3)&63]
	colz := t.colKeys[j*a : j*a+a]
	col0, col1, col2 := t.colKeys[(j+1)*a:(j+1)*a+a], t.colKeys[(j+2)*a:(j+2)*a+a], t.colKeys[(j+3)*a:(j+3)*a+a]
	keys, nodes := h.keys, int64(1) // in registers, not through h
	for freez := rest &^ (anti | diag | t.blocked[j&63]); freez != 0; freez &= freez - 1 {
		bitz := freez & -freez
		a0, d0, rest0 := (anti|bitz)>>gz, (diag|bitz)<<gz, rest^bitz
		key0 := key | colz[bits.TrailingZeros64(bitz)]
		nodes++
		for free := rest0 &^ (a0 | d0 | block0); free != 0; free &= free - 1 {
			bit := free & -free
			a1, d1, rest1 := (a0|bit)>>g0, (d0|bit)<<g0, rest0^bit
			key1 := key0 | col0[bits.TrailingZeros64(bit)]
			nodes++
			for free1 := rest1 &^ (a1 | d1 | block1); free1 != 0; free1 &= free1 - 1 {
				bit1 := free1 & -free1
				last := rest1 ^ bit1
				if last&((a1|bit1)>>g1|(d1|bit1)<<g1|block2) == 0 {
					keys = append(keys, key1|col1[bits.TrailingZeros64(bit1)]|col2[bits.TrailingZeros64(last)])
				}
			}
		}
	}
	h.keys, h.nodes = keys, h.nodes+nodes
}
