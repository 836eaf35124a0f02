package nqueens

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Counting n-queens by start constellations (the idea of the Q27 project and
// NQueensFAF, written here from its description).
//
// Every solution has exactly one queen on each of the four border lines:
// the first and the last rank, the a-file and the last file (a corner queen
// stands on two of them). Where those queens stand is the solution's
// constellation, and the eight symmetries of the square permute the
// constellations as they permute the solutions. So the counter lists the
// constellations, keeps one of each orbit, counts the solutions that
// complete it with the border lines already filled, and weighs the count by
// the orbit's size: total = sum of |orbit| * completions.
//
// A completion places queens on the inner ranks only, in the inner files
// only, so its search is the bitwise counter on the free ranks with what the
// border queens take written into each rank's mask beforehand: no symmetry
// test and no case analysis is left in the loop.
//
// The classes follow from Burnside's lemma: no solution of two or more
// queens is its own mirror image (a mirror in a file or rank line would put
// two queens on one line, a mirror in a diagonal pairs queens on one
// anti-diagonal), so classes = (total + S180 + 2 S90) / 8, where S180 and
// S90 count the solutions a half turn and a quarter turn map to themselves.
// Those are found by a much smaller search that places queens in pairs
// (symmetricQueens).

// constellation is the squares of the border queens: the files of the
// queens on the first and the last rank, the ranks of the queens on the
// a-file and on the last file.
type constellation struct {
	first, last, west, east int
}

// queens lists the distinct squares of the border queens (a corner queen
// once), without allocating: constellations are listed by the million.
func (c constellation) queens(n int) ([4]model.Square, int) {
	all := [4]model.Square{{File: c.first, Rank: 0}, {File: c.last, Rank: n - 1}, {File: 0, Rank: c.west}, {File: n - 1, Rank: c.east}}
	var out [4]model.Square
	k := 0
	for _, s := range all {
		if !slices.Contains(out[:k], s) {
			out[k] = s
			k++
		}
	}
	return out, k
}

// valid tells whether the border queens are consistent (a queen in a corner
// is the queen of both its lines) and attack each other nowhere.
func (c constellation) valid(n int) bool {
	e := n - 1
	corner := func(a, b bool) bool { return a == b }
	if !corner(c.first == 0, c.west == 0) || !corner(c.first == e, c.east == 0) ||
		!corner(c.last == 0, c.west == e) || !corner(c.last == e, c.east == e) {
		return false
	}
	all, k := c.queens(n)
	qs := all[:k]
	for i, a := range qs {
		for _, b := range qs[:i] {
			df, dr := a.File-b.File, a.Rank-b.Rank
			if df == 0 || dr == 0 || df == dr || df == -dr {
				return false
			}
		}
	}
	return true
}

// image is the constellation of the solutions t maps c's solutions to.
func (c constellation) image(t model.Transform, n int) constellation {
	var out constellation
	all, k := c.queens(n)
	for _, s := range all[:k] {
		s = t.Apply(s, n, n)
		switch {
		case s.Rank == 0:
			out.first = s.File
		case s.Rank == n-1:
			out.last = s.File
		}
		switch {
		case s.File == 0:
			out.west = s.Rank
		case s.File == n-1:
			out.east = s.Rank
		}
	}
	return out
}

func (c constellation) key(n int) int {
	return ((c.first*n+c.last)*n+c.west)*n + c.east
}

// orbit tells whether c is the least constellation of its orbit and how
// many constellations the orbit has.
func (c constellation) orbit(n int) (least bool, size int) {
	own := c.key(n)
	var keys [len(allSquareTransforms)]int
	for i, t := range allSquareTransforms {
		k := c.image(t, n).key(n)
		if k < own {
			return false, 0
		}
		keys[i] = k
	}
	slices.Sort(keys[:])
	return true, len(slices.Compact(keys[:]))
}

// A completionPlan is the search of one constellation's completions: the
// free ranks (those without a border queen) from the second rank up, and
// for each the files the border queens take or attack there (and the bits
// beyond the board's files, so that a search needs no mask) and how many
// ranks up the next free rank is.
type completionPlan struct {
	weight int64   // the size of the constellation's orbit
	cost   float64 // the estimate of the search's size
	orbit  int     // the key of the orbit's least constellation
	levels int     // free ranks
	ranks  [64]planRank
}

// planRank is what a completion search needs of a free rank.
type planRank struct {
	block uint64 // the files taken, attacked or off the board
	shift uint64 // the ranks up to the next free rank
}

// plan prepares the completions of c.
func (c constellation) plan(n int, weight int) completionPlan {
	p := completionPlan{weight: int64(weight)}
	all, k := c.queens(n)
	qs := all[:k]
	var files uint64
	for _, q := range qs {
		files |= 1 << uint(q.File)
	}
	prev := -1
	for y := 1; y < n-1; y++ {
		if y == c.west || y == c.east {
			continue
		}
		block := files | ^(uint64(1)<<uint(n) - 1) // files off the board are taken
		for _, q := range qs {
			d := y - q.Rank
			if f := q.File + d; f >= 0 && f < n {
				block |= 1 << uint(f)
			}
			if f := q.File - d; f >= 0 && f < n {
				block |= 1 << uint(f)
			}
		}
		if prev >= 0 {
			p.ranks[p.levels-1].shift = uint64(y - prev)
		}
		p.ranks[p.levels].block = block
		p.levels++
		prev = y
	}
	return p
}

// constellationPlans lists one constellation of each orbit for n >= 6,
// largest searches first so that the workers finish together (or what it
// has when st stops).
func constellationPlans(n int, st *tasks.Stopper) []completionPlan {
	plans := orbitPlans(n, st, nil)
	slices.SortStableFunc(plans, func(a, b completionPlan) int { return cmp.Compare(b.cost, a.cost) })
	return plans
}

// orbitPlans lists the plans of the orbits in the order of their least
// constellation, those whose index in that order keep accepts (all when
// keep is nil): a shard plans only its own orbits.
//
// All constellations of an orbit have the same number of completions (a
// symmetry maps the completions of one onto those of the other), so each
// orbit is searched from the member whose search looks smallest.
func orbitPlans(n int, st *tasks.Stopper, keep func(orbit int) bool) []completionPlan {
	var plans []completionPlan
	orbit := 0
	// the mirror in the files takes the first rank's queen from file f to
	// n-1-f, so the least of an orbit has f <= n-1-f: half the loop
	for first := 0; 2*first <= n-1 && !st.Stopped(); first++ {
		for last := 0; last < n; last++ {
			for west := 0; west < n; west++ {
				for east := 0; east < n; east++ {
					c := constellation{first: first, last: last, west: west, east: east}
					if !c.valid(n) {
						continue
					}
					least, size := c.orbit(n)
					if !least {
						continue
					}
					orbit++
					if keep == nil || keep(orbit-1) {
						plans = append(plans, c.cheapestPlan(n, size))
					}
				}
			}
		}
	}
	return plans
}

// cheapestPlan is the plan of the orientation of c whose search looks
// smallest.
func (c constellation) cheapestPlan(n, size int) completionPlan {
	best, bestCost := completionPlan{}, -1.0
	for _, t := range allSquareTransforms {
		p := c.image(t, n).plan(n, size)
		if p.cost = p.estimate(); bestCost < 0 || p.cost < bestCost {
			best, bestCost = p, p.cost
		}
	}
	best.orbit = c.key(n)
	return best
}

// estimate guesses the size of a completion search from the files each
// free rank has after the border queens: the sum over the ranks of the
// products of the files left open down to them, each rank losing on
// average a little more than one file to every queen above it (1.2 chose
// the cheaper orientation best among the simple rules tried on n = 15:
// 10% more nodes than the best choice, against 75% for no choice).
func (p *completionPlan) estimate() float64 {
	width, sum := 1.0, 0.0
	for i := 0; i < p.levels; i++ {
		width *= max(1, float64(bits.OnesCount64(^p.ranks[i].block))-1.2*float64(i))
		sum += width
	}
	return sum
}

// pollDepth is how many free ranks above the last a completion search
// polls its stopper when it enters a rank: the subtree below is small
// enough to answer at once on any board, the polls too few to cost.
const pollDepth = 10

// countCompletions counts the completions of one constellation.
func countCompletions(p *completionPlan, st *tasks.Stopper) (found, nodes int64, halted bool) {
	// the search enters every other rank: the poll's rank is even
	s := completionSearch{ranks: &p.ranks, penult: p.levels - 2, poll: max(2, p.levels-pollDepth) &^ 1, st: st}
	if free := ^p.ranks[0].block; free != 0 {
		s.rank(0, 0, 0, 0, free)
	}
	return s.found, s.nodes, s.halted
}

// completionSearch is the state of countCompletions.
type completionSearch struct {
	ranks        *[64]planRank
	penult, poll int
	found, nodes int64
	st           *tasks.Stopper
	halted       bool
}

// rank places queens on free ranks i and i+1, on each of the files free
// leaves on rank i and then on each the next rank has left, and goes on
// two ranks up.
//
// This is the hot path of every n-queens count. A recursive call measured
// faster than an explicit stack (Go keeps the four masks in registers
// across a call but spills them in a loop), and a call for every other
// rank rather than every rank saves half the calls. A child is entered only
// when it has a file free; the last three or four free ranks (as the
// plan's parity falls) are counted by lastThree, a leaf function, and the
// last two without descending or branching (lastTwo, inlined there).
func (s *completionSearch) rank(i int, left, down, right, free uint64) {
	if i == s.poll {
		if s.halted || s.st.Stopped() {
			s.halted = true
			return
		}
	}
	var nodes, found int64
	switch i {
	case s.penult: // only when the plan has two free ranks
		nodes, found = int64(bits.OnesCount64(free)), int64(lastTwo(left, right, free, s.ranks[i&63].shift&63, down|s.ranks[(i+1)&63].block))
	case s.penult - 1:
		nodes, found = lastThree(left, down, right, free, &s.ranks[i&63], &s.ranks[(i+1)&63], s.ranks[(i+2)&63].block)
	case s.penult - 2:
		nodes, found = lastFour(left, down, right, free, &s.ranks[i&63], &s.ranks[(i+1)&63], &s.ranks[(i+2)&63], s.ranks[(i+3)&63].block)
	default:
		shift := s.ranks[i&63].shift & 63
		block := s.ranks[(i+1)&63].block
		shift2 := s.ranks[(i+1)&63].shift & 63
		block2 := s.ranks[(i+2)&63].block
		for free != 0 {
			bit := free & -free
			free ^= bit
			nodes++
			nl, nd, nr := (left|bit)<<shift, down|bit, (right|bit)>>shift
			next := ^(nl | nd | nr | block)
			for next != 0 {
				bit2 := next & -next
				next ^= bit2
				nodes++
				nl2, nd2, nr2 := (nl|bit2)<<shift2, nd|bit2, (nr|bit2)>>shift2
				if next2 := ^(nl2 | nd2 | nr2 | block2); next2 != 0 {
					s.rank(i+2, nl2, nd2, nr2, next2)
				}
			}
		}
	}
	s.nodes += nodes
	s.found += found
}

// lastFour counts the completions of the last four free ranks, a, b, c and
// the last, whose block is given: a queen on each file free leaves on a,
// and the three ranks above by lastThree.
func lastFour(left, down, right, free uint64, a, b, c *planRank, block4 uint64) (nodes, found int64) {
	shift, block := a.shift&63, b.block
	for free != 0 {
		bit := free & -free
		free ^= bit
		nodes++
		nl, nd, nr := (left|bit)<<shift, down|bit, (right|bit)>>shift
		if next := ^(nl | nd | nr | block); next != 0 {
			n, f := lastThree(nl, nd, nr, next, b, c, block4)
			nodes += n
			found += f
		}
	}
	return nodes, found
}

// lastThree counts the completions of the last three free ranks, a, b and
// the last, whose block is given: a queen on each file free leaves on a,
// and the last two by lastTwo. Most nodes of a count lie here; a function
// of its own with no call inside (lastTwo is inlined) keeps its masks in
// registers, where a call would spill them all.
func lastThree(left, down, right, free uint64, a, b *planRank, block3 uint64) (nodes, found int64) {
	shift, block := a.shift&63, b.block
	shift2 := b.shift & 63
	for free != 0 {
		bit := free & -free
		free ^= bit
		nodes++
		nl, nd, nr := (left|bit)<<shift, down|bit, (right|bit)>>shift
		if next := ^(nl | nd | nr | block); next != 0 {
			nodes += int64(bits.OnesCount64(next))
			found += int64(lastTwo(nl, nr, next, shift2, nd|block3))
		}
	}
	return nodes, found
}

// lastTwo counts the completions of the last two free ranks. The first
// has at most the two files no queen has taken left (free): one placement
// or two. Each leaves the last rank one file, the other of the two, which
// counts when nothing attacks it there (x1, x2; the file of b1 is the one
// left after b2, and a missing b2 counts nothing). shift is the ranks
// between the two, closed the last rank's files taken by the queens so far
// (down) or closed by its block. Its nodes are the bits of free. Small
// enough for Go to inline it at every call.
func lastTwo(left, right, free, shift, closed uint64) (found int) {
	taken := left<<shift | right>>shift | closed
	b1 := free & -free
	b2 := free ^ b1
	x1 := ^(taken | b1<<shift | b1 | b1>>shift)
	x2 := ^(taken | b2<<shift | b2 | b2>>shift) & b1 & uint64(int64(b2|-b2)>>63)
	return bits.OnesCount64(x1) + bits.OnesCount64(x2)
}

// symmetricQueens counts the n-queens solutions a half turn maps to
// themselves and, among them, those a quarter turn does, by placing the
// queens in pairs: a queen on the lower half and its image under the half
// turn (the centre queen of an odd board is its own image).
func symmetricQueens(n int, st *tasks.Stopper, each func(files []int, quarterTurn bool)) (halfTurn, quarterTurn int64) {
	s := pairSearch{n: n, mask: 1<<uint(n) - 1, files: make([]int, n), st: st, each: each}
	if n%2 == 1 {
		c := n / 2
		s.files[c] = c
		s.cols = 1 << uint(c)
		s.anti.flip(2 * c)
		s.diag.flip(n - 1)
	}
	s.place(0)
	return s.halfTurn, s.quarterTurn
}

// pairSearch is the state of symmetricQueens: the files, anti-diagonals
// (rank+file) and diagonals (file-rank+n-1) taken. All three sets are
// symmetric under the half turn, so a square is free for a pair exactly
// when it is free itself and is not its partner's line (file = rank on the
// diagonal, rank+file = n-1 on the anti-diagonal).
type pairSearch struct {
	n                     int
	mask                  uint64
	files                 []int
	cols                  uint64
	anti, diag            bits128
	halfTurn, quarterTurn int64
	nodes                 int64
	st                    *tasks.Stopper
	halted                bool
	// each, when set, is called with every solution found and whether a
	// quarter turn maps it to itself too (a shard's classes need them by
	// orbit).
	each func(files []int, quarterTurn bool)
}

// bits128 is a set of diagonals of a board up to 63 files.
type bits128 [2]uint64

func (b *bits128) flip(i int) { b[i>>6] ^= 1 << uint(i&63) }

// window is the 64 members from i up, as a mask.
func (b *bits128) window(i int) uint64 {
	if i == 0 {
		return b[0]
	}
	return b[0]>>uint(i) | b[1]<<uint(64-i)
}

// toggle places (or takes away) the queen on (r, f) and its partner.
func (s *pairSearch) toggle(r, f int) {
	n := s.n
	s.cols ^= 1<<uint(f) | 1<<uint(n-1-f)
	s.anti.flip(r + f)
	s.anti.flip(2*n - 2 - r - f)
	s.diag.flip(f - r + n - 1)
	s.diag.flip(r - f + n - 1)
	s.files[r], s.files[n-1-r] = f, n-1-f
}

// quarterSymmetric tells whether a quarter turn maps the placed solution
// to itself.
func (s *pairSearch) quarterSymmetric() bool {
	for y, f := range s.files { // a quarter turn takes (y, f) to (f, n-1-y)
		if s.files[f] != s.n-1-y {
			return false
		}
	}
	return true
}

func (s *pairSearch) place(r int) {
	n := s.n
	if r == n/2 {
		s.halfTurn++
		quarter := s.quarterSymmetric()
		if quarter {
			s.quarterTurn++
		}
		if s.each != nil {
			s.each(s.files, quarter)
		}
		return
	}
	s.nodes++
	if s.nodes&1023 == 0 && s.st.Stopped() {
		s.halted = true
	}
	free := s.mask &^ (s.cols | s.anti.window(r) | s.diag.window(n-1-r) | 1<<uint(r) | 1<<uint(n-1-r))
	for ; free != 0 && !s.halted; free &= free - 1 {
		f := bits.TrailingZeros64(free)
		s.toggle(r, f)
		s.place(r + 1)
		s.toggle(r, f)
	}
}
