package exact

// The bitwise n-queens counter with the full D4 reduction (after Takaken):
// rows are bit masks of files; a queen's file, left diagonal and right
// diagonal are carried down as three masks shifted one file per rank.
//
// Every solution belongs to a class of 8, 4 or 2 under the eight symmetries
// of the square. The counter only visits boards that can be the least of
// their class:
//   - with a queen in a corner (then it is the only corner queen, the class
//     has 8 members and two of them have that corner queen on a1): the queen
//     of rank 2 must stand further from a1 than the queen of file b does;
//   - otherwise the queen of rank 1 must be the nearest of the four edge
//     queens to a corner, and at the last rank the remaining ties are broken
//     by comparing the board with its rotations, which also tells whether the
//     class has 2, 4 or 8 members.
// So total = 8*count8 + 4*count4 + 2*count2 and classes = their sum.

// queensCount is the result of a count: solutions and classes.
type queensCount struct {
	count8, count4, count2 int64
	count1                 int64 // the single queen of n = 1
	nodes                  int64
}

func (c queensCount) total() int64 { return 8*c.count8 + 4*c.count4 + 2*c.count2 + c.count1 }
func (c queensCount) classes() int64 {
	return c.count8 + c.count4 + c.count2 + c.count1
}

func (c *queensCount) add(o queensCount) {
	c.count8 += o.count8
	c.count4 += o.count4
	c.count2 += o.count2
	c.count1 += o.count1
	c.nodes += o.nodes
}

// A queensTask is a subtree: the first ranks placed and the masks below them.
type queensTask struct {
	corner            bool // a queen on a1
	bound1            int
	rank              int
	left, down, right uint64
	board             [maxSplitRank]uint64 // the queens of the ranks above
}

// maxSplitRank bounds the rank at which the tree is split into tasks.
const maxSplitRank = 4

// maxQueensSide bounds the bitwise counter: a rank is one machine word.
const maxQueensSide = 63

// queensCounter is one worker's state.
type queensCounter struct {
	n                int
	sizeE            int // n - 1
	mask, topBit     uint64
	sideMask         uint64
	lastMask, endBit uint64
	bound1, bound2   int
	board            [64]uint64
	queensCount
	st       *stopper
	halted   bool
	checkRow int // rank at which the stopper is polled

	splitRank int // when > 0, record subtrees at this rank
	tasks     []queensTask
}

func newQueensCounter(n int, st *stopper) *queensCounter {
	return &queensCounter{n: n, sizeE: n - 1, mask: 1<<uint(n) - 1, topBit: 1 << uint(n-1),
		sideMask: 1<<uint(n-1) | 1, st: st, checkRow: min(n-1, 6)}
}

// setBound1 prepares the masks of the non-corner case whose rank-1 queen
// stands bound1 files from the edge.
func (q *queensCounter) setBound1(corner bool, b int) {
	q.bound1 = b
	if corner {
		return
	}
	q.bound2 = q.sizeE - b
	low := uint64(1)<<uint(b) - 1
	q.lastMask = low | low<<uint(q.n-b)
	q.endBit = q.topBit >> uint(b)
}

// roots lists the subtrees below the first ranks, in a fixed order.
func (q *queensCounter) roots(splitRank int) []queensTask {
	q.splitRank = splitRank
	q.tasks = nil
	n := q.n
	q.board[0] = 1
	for b := 2; b < q.sizeE; b++ {
		q.setBound1(true, b)
		bit := uint64(1) << uint(b)
		q.board[1] = bit
		q.corner(2, (2|bit)<<1, 1|bit, bit>>1)
	}
	for b := 1; b < n-1-b; b++ {
		q.setBound1(false, b)
		bit := uint64(1) << uint(b)
		q.board[0] = bit
		q.edge(1, bit<<1, bit, bit>>1)
	}
	q.splitRank = 0
	return q.tasks
}

func (q *queensCounter) record(corner bool, y int, left, down, right uint64) {
	t := queensTask{corner: corner, bound1: q.bound1, rank: y, left: left, down: down, right: right}
	copy(t.board[:y], q.board[:y])
	q.tasks = append(q.tasks, t)
}

// run counts one subtree.
func (q *queensCounter) run(t *queensTask) {
	q.setBound1(t.corner, t.bound1)
	copy(q.board[:t.rank], t.board[:t.rank])
	if t.corner {
		q.cornerLoop(t.rank, t.left, t.down, t.right)
	} else {
		q.edgeLoop(t.rank, t.left, t.down, t.right)
	}
}

// cornerLoop is corner without recursion: the masks of each rank sit
// together in a small array, and the last rank is tested without
// descending to it.
func (q *queensCounter) cornerLoop(start int, left, down, right uint64) {
	type rank struct{ left, down, right, avail uint64 }
	var ranks [64]rank
	mask, last, bound1 := q.mask, q.sizeE-1, q.bound1
	checkRow := q.checkRow
	var nodes, found int64
	y := start
	free := mask &^ (left | down | right)
	if y < bound1 {
		free &^= 2
	}
	ranks[y&63].avail = free
	for {
		r := &ranks[y&63]
		free := r.avail
		if free == 0 {
			if y == start {
				break
			}
			y--
			r = &ranks[y&63]
			left, down, right = r.left, r.down, r.right
			continue
		}
		bit := free & -free
		r.avail = free ^ bit
		nodes++
		nl, nd, nr := (left|bit)<<1, down|bit, (right|bit)>>1
		if y == last {
			if mask&^(nl|nd|nr) != 0 {
				found++
			}
			continue
		}
		r.left, r.down, r.right = left, down, right
		y++
		left, down, right = nl, nd, nr
		free = mask &^ (left | down | right)
		if y < bound1 {
			free &^= 2
		}
		if y == checkRow && q.st.stopped() {
			q.halted = true
			break
		}
		ranks[y&63].avail = free
	}
	q.nodes += nodes
	q.count8 += found
}

// edgeLoop is edge without recursion. The board of the ranks placed is
// kept in a local array and handed to check only at the leaves; the masks
// of a rank sit together in one cache line.
func (q *queensCounter) edgeLoop(start int, left, down, right uint64) {
	type rank struct{ left, down, right, avail uint64 }
	var ranks [64]rank
	var board [64]uint64
	copy(board[:], q.board[:])
	mask, last := q.mask, q.sizeE-1
	bound1, bound2, side := q.bound1, q.bound2, q.sideMask
	lastMask, checkRow := q.lastMask, q.checkRow
	// the files each rank may not use: the side files above bound1
	var banned [64]uint64
	for y := 0; y < bound1 && y < 64; y++ {
		banned[y] = side
	}
	var nodes int64
	filter := func(y int, down uint64, free uint64) uint64 {
		free &^= banned[y&63]
		if y == bound2 {
			switch down & side {
			case 0:
				return 0
			case side:
			default:
				free &= side
			}
		}
		return free
	}
	y := start
	ranks[y&63].avail = filter(y, down, mask&^(left|down|right))
	for {
		r := &ranks[y&63]
		free := r.avail
		if free == 0 {
			if y == start {
				break
			}
			y--
			r = &ranks[y&63]
			left, down, right = r.left, r.down, r.right
			continue
		}
		bit := free & -free
		r.avail = free ^ bit
		nodes++
		board[y&63] = bit
		nl, nd, nr := (left|bit)<<1, down|bit, (right|bit)>>1
		if y == last {
			if b := mask &^ (nl | nd | nr); b != 0 && b&lastMask == 0 {
				q.board = board
				q.board[(y+1)&63] = b
				q.check(b)
			}
			continue
		}
		r.left, r.down, r.right = left, down, right
		y++
		left, down, right = nl, nd, nr
		if y == checkRow && q.st.stopped() {
			q.halted = true
			break
		}
		ranks[y&63].avail = filter(y, down, mask&^(left|down|right))
	}
	q.nodes += nodes
}

// corner searches boards with a queen on a1.
func (q *queensCounter) corner(y int, left, down, right uint64) {
	if y == q.splitRank {
		q.record(true, y, left, down, right)
		return
	}
	q.nodes++
	bitmap := q.mask &^ (left | down | right)
	if y == q.sizeE {
		if bitmap != 0 {
			q.count8++
		}
		return
	}
	if y == q.checkRow && q.st.stopped() {
		q.halted = true
	}
	if q.halted {
		return
	}
	if y < q.bound1 {
		bitmap &^= 2
	}
	for bitmap != 0 {
		bit := bitmap & -bitmap
		bitmap ^= bit
		q.corner(y+1, (left|bit)<<1, down|bit, (right|bit)>>1)
	}
}

// edge searches boards without a corner queen.
func (q *queensCounter) edge(y int, left, down, right uint64) {
	if y == q.splitRank {
		q.record(false, y, left, down, right)
		return
	}
	q.nodes++
	bitmap := q.mask &^ (left | down | right)
	if y == q.sizeE {
		if bitmap != 0 && bitmap&q.lastMask == 0 {
			q.board[y] = bitmap
			q.check(bitmap)
		}
		return
	}
	if y == q.checkRow && q.st.stopped() {
		q.halted = true
	}
	if q.halted {
		return
	}
	if y < q.bound1 {
		bitmap &^= q.sideMask
	} else if y == q.bound2 {
		if down&q.sideMask == 0 {
			return
		}
		if down&q.sideMask != q.sideMask {
			bitmap &= q.sideMask
		}
	}
	for bitmap != 0 {
		bit := bitmap & -bitmap
		bitmap ^= bit
		q.board[y] = bit
		q.edge(y+1, (left|bit)<<1, down|bit, (right|bit)>>1)
	}
}

// check compares a complete board with its rotations by 90, 180 and 270
// degrees, counts it if it is the least of its class and records the class
// size.
func (q *queensCounter) check(last uint64) {
	b := &q.board
	e := q.sizeE
	if b[q.bound2] == 1 { // rotation by 90 degrees
		own := 1
		for ptn := uint64(2); own <= e; own, ptn = own+1, ptn<<1 {
			bit := uint64(1)
			for you := e; b[you] != ptn && b[own] >= bit; you-- {
				bit <<= 1
			}
			if b[own] > bit {
				return
			}
			if b[own] < bit {
				break
			}
		}
		if own > e {
			q.count2++
			return
		}
	}
	if last == q.endBit { // rotation by 180 degrees
		own := 1
		for you := e - 1; own <= e; own, you = own+1, you-1 {
			bit := uint64(1)
			for ptn := q.topBit; ptn != b[you] && b[own] >= bit; ptn >>= 1 {
				bit <<= 1
			}
			if b[own] > bit {
				return
			}
			if b[own] < bit {
				break
			}
		}
		if own > e {
			q.count4++
			return
		}
	}
	if b[q.bound1] == q.topBit { // rotation by 270 degrees
		own := 1
		for ptn := q.topBit >> 1; own <= e; own, ptn = own+1, ptn>>1 {
			bit := uint64(1)
			for you := 0; b[you] != ptn && b[own] >= bit; you++ {
				bit <<= 1
			}
			if b[own] > bit {
				return
			}
			if b[own] < bit {
				break
			}
		}
	}
	q.count8++
}
