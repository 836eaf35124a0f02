package nqueens

import (
	"cmp"
	"slices"
)

// Sharing the top half's list among the middles of an odd board.
//
// On an odd board a group is (m, C): the middle queen's file and the top
// half's files. The top half's placements on C do not depend on m but
// through the two lines of the middle queen, and those are diagonals the
// keys already carry: the middle square (a, m), a = n/2, stands on the
// anti-diagonal a+m and the diagonal m-a, and a top queen on either has
// that key bit (joinKeys; both cross the cut but for m = 0, whose
// anti-diagonal a meets the top half alone, and m = n-1, whose diagonal a
// does). So the top list of C is searched once, with no middle queen, on
// keys that carry those two top-only lines too (two bits above the key's
// width), and each group of C takes the keys that miss its middle's
// lines, the two extra bits cleared. The groups of one C are one task
// (joinRuns); on the least groups of the orbits there are 4.3 (n = 17),
// 4.8 (19) and 5.3 (21) groups to a top.
//
// Memory: the unfiltered list is a third list of at most a! keys; the two
// halves' radix sorts share one buffer (joinGroupCount), so a worker
// holds four buffers as before.

// A topShare is a worker's unfiltered top list of the last top files it
// searched, for an odd board.
type topShare struct {
	raw   halfSearch // keyed by topKeyOf: keyOf and the two top-only lines
	files uint64     // the files raw was listed on
	have  bool       // raw holds the list of files
	lines []uint64   // lines[m]: the key bits of the middle queen on file m's lines
	wide  uint64     // the two extra bits
}

// newTopShare is the share of an odd n-board's join with the given keys;
// nil on an even board.
func newTopShare(n int, keyOf []uint64, width int) *topShare {
	if n%2 == 0 {
		return nil
	}
	a := n / 2
	anti, diag := uint64(1)<<uint(width), uint64(1)<<uint(width+1)
	topKeyOf := slices.Clone(keyOf)
	for r := 0; r < a; r++ {
		if f := a - r; f < n { // the anti-diagonal a: rank+file = a
			topKeyOf[r*n+f] |= anti
		}
		if f := a + r; f < n { // the diagonal a: file-rank = a
			topKeyOf[r*n+f] |= diag
		}
	}
	s := &topShare{raw: halfSearch{n: n, keyOf: topKeyOf, width: width + 2}, wide: anti | diag}
	s.lines = make([]uint64, n)
	for m := range s.lines {
		s.lines[m] = keyOf[a*n+m]
	}
	s.lines[0] |= anti
	s.lines[n-1] |= diag
	return s
}

// list fills top.keys with the top half's placements on files that miss
// the lines of the middle queen on file m, searching the files' list only
// when it is not the one held.
func (s *topShare) list(top *halfSearch, files uint64, m int) {
	if !s.have || s.files != files {
		s.raw.list(0, s.raw.n/2, files)
		s.files, s.have = files, true
	}
	top.keys = top.keys[:0]
	block := s.lines[m]
	for _, k := range s.raw.keys {
		if k&block == 0 {
			top.keys = append(top.keys, k&^s.wide)
		}
	}
}

// joinRuns orders the groups by their top files (stably: by middle within)
// and returns the bounds of each run of one top, the join's tasks: the
// runs start at runs[i] and end at runs[i+1].
func joinRuns(groups []joinGroup) (sorted []joinGroup, runs []int) {
	sorted = slices.Clone(groups)
	slices.SortStableFunc(sorted, func(p, q joinGroup) int { return cmp.Compare(p.top, q.top) })
	for i := range sorted {
		if i == 0 || sorted[i].top != sorted[i-1].top {
			runs = append(runs, i)
		}
	}
	return sorted, append(runs, len(sorted))
}
