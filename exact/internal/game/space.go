package game

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/chessmodel/chessmodel/model"
)

// space is the game's positions, indexed perfectly: the first side's
// squares are a k0-subset of the n open squares, ranked in the
// combinatorial number system (colex); the second side's are a k1-subset
// of the n-k0 squares the first leaves free, numbered in order and ranked
// the same way; the side to move is the highest digit:
//
//	index = (toMove*ranks0 + rank0)*ranks1 + rank1
//
// Every index in [0, total) is a position and every position has one
// index: no hash table, no unused slots.
type space struct {
	m       *model.Model
	n       int            // open squares
	squares []model.Square // by number
	k       [2]int         // pieces a side
	binom   [][]int64      // binom[i][j] = C(i, j) for i <= n, j <= max k
	flat    []int64        // the same, row after row: C(i, j) at i*stride+j
	stride  int
	ranks   [2]int64 // C(n, k0), C(n-k0, k1)
	total   int64    // 2 * ranks0 * ranks1

	// rays[side][s] lists, for each ride of the side's piece, the squares
	// its line from s passes, nearest first (model.Board.Line: it stops at
	// walls, squares off the board, an unglued edge, and before coming
	// back to s); leaps[side][s] the squares its leaps reach.
	rays  [2][][]ray
	leaps [2][][]int32
	// back[side][s] lists, for each ride, the squares of the line from s
	// the other way (the squares a piece that stopped on s came from), and
	// backLeaps the squares a leap onto s starts from.
	back      [2][][]ray
	backLeaps [2][][]int32
	goal      [2][]bool
	// subsets[side] holds, by rank, each subset of that side's squares
	// packed a byte a square (ascending), when there are at most
	// maxSubsets of them and they fit (n <= 256, k <= 8); nil otherwise,
	// and decode computes them.
	subsets [2][]uint64

	// The folding by the rules' symmetry group (fold.go): syms[0] is the
	// identity; keep the symmetries that keep the sides, swapAt one that
	// exchanges them (-1: none). The tables have slots entries: sides (2,
	// or 1 when an exchange maps every position to one with the first
	// side to move) x nrep first-side representatives x ranks1. trivial:
	// the group is the identity alone, a slot is an index.
	syms   []symmetry
	keep   []int
	swapAt int
	sides  int
	nrep   int64
	reps   []int64
	repOf  []int32
	via    []int16
	// keepPerms are keep's permutations; swapPerms the same applied
	// after the exchange swapAt, and swapRank the rank of the exchange's
	// image of each first-side subset (nil without an exchange).
	keepPerms, swapPerms [][]int32
	swapRank             []int32
	slots                int64
	trivial              bool
}

// maxIndex bounds the positions a space indexes: an index and the
// product of the ranks stay below 2^62.
const maxIndex = int64(1) << 62

// newSpace lays out the game's geometry and checks that its positions
// can be indexed in an int64; folded, its tables are laid out over the
// orbits of the rules' symmetry group (fold.go), otherwise over every
// position.
func newSpace(m *model.Model, folded bool) (*space, error) {
	g := m.Game
	b := m.Board
	sp := &space{m: m}
	num := map[model.Square]int32{}
	for i := range b.Size() {
		q := b.Square(i)
		if b.IsOpen(q) {
			num[q] = int32(len(sp.squares))
			sp.squares = append(sp.squares, q)
		}
	}
	sp.n = len(sp.squares)
	for side := range 2 {
		sp.k[side] = len(g.Sides[side].From)
	}
	if sp.k[0]+sp.k[1] > sp.n {
		return nil, fmt.Errorf("exact: %d pieces on %d open squares", sp.k[0]+sp.k[1], sp.n)
	}
	kmax := max(sp.k[0], sp.k[1])
	sp.binom = make([][]int64, sp.n+1)
	for i := range sp.binom {
		sp.binom[i] = make([]int64, kmax+1)
		sp.binom[i][0] = 1
		for j := 1; j <= kmax && j <= i; j++ {
			v, carry := bits.Add64(uint64(sp.binom[i-1][j-1]), uint64(sp.binom[i-1][j]), 0)
			if carry != 0 || v >= uint64(maxIndex) {
				v = uint64(maxIndex) // saturated: only refused below if it is used
			}
			sp.binom[i][j] = int64(v)
		}
	}
	sp.stride = kmax + 1
	for _, row := range sp.binom {
		sp.flat = append(sp.flat, row...)
	}
	sp.ranks[0] = sp.binom[sp.n][sp.k[0]]
	sp.ranks[1] = sp.binom[sp.n-sp.k[0]][sp.k[1]]
	hi, lo := bits.Mul64(uint64(sp.ranks[0]), uint64(sp.ranks[1]))
	if sp.ranks[0] >= maxIndex || sp.ranks[1] >= maxIndex || hi != 0 || lo >= uint64(maxIndex/2) {
		return nil, fmt.Errorf("exact: the game has more than 2^62 positions (C(%d,%d) x C(%d,%d) x 2), more than a position index holds: %w",
			sp.n, sp.k[0], sp.n-sp.k[0], sp.k[1], model.ErrTooLarge)
	}
	sp.total = 2 * int64(lo)
	sp.tabulate()
	for side := range 2 {
		pc := g.Sides[side].Piece
		sp.rays[side] = make([][]ray, sp.n)
		sp.back[side] = make([][]ray, sp.n)
		sp.leaps[side] = make([][]int32, sp.n)
		sp.backLeaps[side] = make([][]int32, sp.n)
		sp.goal[side] = make([]bool, sp.n)
		for _, q := range g.Sides[side].Goal {
			sp.goal[side][num[q]] = true
		}
		line := func(from model.Square, d model.Vector, ride bool) []int32 {
			var out []int32
			b.Line(from, d, ride, func(t model.Square) bool {
				out = append(out, num[t])
				return true
			})
			return out
		}
		rideOf := func(from model.Square, d model.Vector) ray {
			r := ray{sq: line(from, d, true)}
			k := len(r.sq) + 1
			t, ok := b.Reduce(from.File+k*d.File, from.Rank+k*d.Rank)
			r.closed = ok && t == from
			return r
		}
		for s, q := range sp.squares {
			for _, d := range pc.Rides {
				sp.rays[side][s] = append(sp.rays[side][s], rideOf(q, d))
				sp.back[side][s] = append(sp.back[side][s], rideOf(q, model.Vector{File: -d.File, Rank: -d.Rank}))
			}
			for _, v := range pc.Leaps {
				sp.leaps[side][s] = append(sp.leaps[side][s], line(q, v, false)...)
				sp.backLeaps[side][s] = append(sp.backLeaps[side][s], line(q, model.Vector{File: -v.File, Rank: -v.Rank}, false)...)
			}
		}
	}
	if folded {
		sp.fold(rulesSymmetries(sp))
	} else {
		sp.fold([]symmetry{{perm: identity(sp.n), name: "identity"}})
	}
	return sp, nil
}

// geometryError refuses what the tables do not model: a twisted board,
// where a line turns over at the seam, and a one-sided piece, whose moves
// cannot be walked backwards from the other side of a move.
func geometryError(m *model.Model) error {
	if m.Board.Wrap.Twisted() {
		return fmt.Errorf("exact: games on a %s board (a line turns over at the seam) are not modelled: %w", m.Board.Wrap, model.ErrUnsupported)
	}
	for _, s := range m.Game.Sides {
		if s.Piece.Directed() {
			return fmt.Errorf("exact: games with the one-sided %s (moves without their reverse) are not modelled: the retrograde analysis walks moves backwards: %w", s.Piece.Name, model.ErrUnsupported)
		}
	}
	return nil
}

// pos is a decoded position: each side's square numbers, ascending, and
// who stands where (-1 empty, else the side).
type pos struct {
	sq     [2][]int32
	owner  []int8
	toMove int
}

func (sp *space) newPos() *pos {
	p := &pos{owner: make([]int8, sp.n)}
	for side := range 2 {
		p.sq[side] = make([]int32, sp.k[side])
	}
	for i := range p.owner {
		p.owner[i] = -1
	}
	return p
}

// rank is the colex rank of an ascending k-subset.
func (sp *space) rank(set []int32) int64 {
	var r int64
	for i, s := range set {
		r += sp.flat[int(s)*sp.stride+i+1]
	}
	return r
}

// unrank writes the ascending k-subset of [0, n) of colex rank r.
func (sp *space) unrank(r int64, n int, out []int32) {
	x := n
	for i := len(out) - 1; i >= 0; i-- {
		x--
		for sp.binom[x][i+1] > r {
			x--
		}
		out[i] = int32(x)
		r -= sp.binom[x][i+1]
	}
}

// maxSubsets bounds each side's table of subsets by rank (32 MiB); a
// variable only so that the package's tests can walk past it.
var maxSubsets int64 = 1 << 22

// tabulate lists each side's subsets by rank where the table is small.
func (sp *space) tabulate() {
	universe := [2]int{sp.n, sp.n - sp.k[0]}
	for side := range 2 {
		sp.subsets[side] = nil
		if sp.ranks[side] > maxSubsets || universe[side] > 256 || sp.k[side] > 8 {
			continue
		}
		tab := make([]uint64, sp.ranks[side])
		set := make([]int32, sp.k[side])
		for r := range tab {
			sp.unrank(int64(r), universe[side], set)
			var v uint64
			for i, s := range set {
				v |= uint64(s) << (8 * i)
			}
			tab[r] = v
		}
		sp.subsets[side] = tab
	}
}

// subset writes the side's subset of rank r (of the free squares, for
// the second side) into out.
func (sp *space) subset(side int, r int64, out []int32) {
	if tab := sp.subsets[side]; tab != nil {
		v := tab[r]
		for i := range out {
			out[i] = int32(uint8(v >> (8 * i)))
		}
		return
	}
	n := sp.n
	if side == 1 {
		n -= sp.k[0]
	}
	sp.unrank(r, n, out)
}

// subsetBytes is what the tables of subsets take.
func (sp *space) subsetBytes() int64 {
	return 8 * int64(len(sp.subsets[0])+len(sp.subsets[1]))
}

// decode fills p with the position of slot idx (unfolded, its index).
func (sp *space) decode(idx int64, p *pos) {
	for side := range 2 {
		for _, s := range p.sq[side] {
			p.owner[s] = -1
		}
	}
	r1 := idx % sp.ranks[1]
	idx /= sp.ranks[1]
	r0 := idx % sp.nrep
	p.toMove = int(idx / sp.nrep)
	if sp.reps != nil {
		r0 = sp.reps[r0]
	}
	sp.subset(0, r0, p.sq[0])
	sp.subset(1, r1, p.sq[1])
	// The second side's numbers count the free squares only: the j-th
	// free square is j plus the first side's squares at or below it.
	w := 0
	for i, c := range p.sq[1] {
		s := c + int32(w)
		for w < len(p.sq[0]) && p.sq[0][w] <= s {
			w++
			s++
		}
		p.sq[1][i] = s
	}
	for side := range 2 {
		for _, s := range p.sq[side] {
			p.owner[s] = int8(side)
		}
	}
}

// encode is the index of the position with the given squares (each
// ascending) and side to move.
func (sp *space) encode(sq0, sq1 []int32, toMove int) int64 {
	return (int64(toMove)*sp.ranks[0]+sp.rank(sq0))*sp.ranks[1] + sp.rank1(sq0, sq1)
}

// over reports whether the game has ended at p: the side that moved last
// stands on its goal (the side to move has lost).
func (sp *space) over(p *pos) bool {
	y := 1 - p.toMove
	for _, s := range p.sq[y] {
		if sp.goal[y][s] {
			return true
		}
	}
	return false
}

// onGoal reports whether side stands on its goal at p.
func (sp *space) onGoal(p *pos, side int) bool {
	for _, s := range p.sq[side] {
		if sp.goal[side][s] {
			return true
		}
	}
	return false
}

// A ray is the squares a ride passes from a square, nearest first;
// closed when the line then comes back to that square (round a cylinder
// or a torus) rather than ending at a wall, a square off the board or an
// edge.
type ray struct {
	sq     []int32
	closed bool
}

// slideEnd is where a ride along r ends at p: the last free square
// before the first occupied one; -1 when the first is occupied, the ray
// is empty, or the ray is closed and free all round (the piece would come
// back to its square: no move, as the checker has it).
func slideEnd(r ray, owner []int8) int32 {
	end := int32(-1)
	for _, t := range r.sq {
		if owner[t] >= 0 {
			return end
		}
		end = t
	}
	if r.closed {
		return -1
	}
	return end
}

// moves calls visit with each move (from, to) of the side to move at p,
// in a fixed order, until visit returns false; it reports whether the
// side has any move. It does not look at whether the game is over.
func (sp *space) moves(p *pos, visit func(i int, to int32) bool) bool {
	side := p.toMove
	any := false
	for i, s := range p.sq[side] {
		for _, ray := range sp.rays[side][s] {
			if t := slideEnd(ray, p.owner); t >= 0 {
				any = true
				if !visit(i, t) {
					return true
				}
			}
		}
		for _, t := range sp.leaps[side][s] {
			if p.owner[t] < 0 {
				any = true
				if !visit(i, t) {
					return true
				}
			}
		}
	}
	return any
}

// child is the slot of the position after the side to move at p moves
// its i-th piece to t.
func (sp *space) child(p *pos, i int, t int32, s *scratch) int64 {
	side := p.toMove
	moved := replace(p.sq[side], i, t, s.buf)
	if side == 0 {
		return sp.slot(moved, p.sq[1], 1, s)
	}
	return sp.slot(p.sq[0], moved, 0, s)
}

// replace writes set with its i-th element replaced by t, kept
// ascending, into buf.
func replace(set []int32, i int, t int32, buf []int32) []int32 {
	buf = buf[:0]
	placed := false
	for j, s := range set {
		if j == i {
			continue
		}
		if !placed && t < s {
			buf = append(buf, t)
			placed = true
		}
		buf = append(buf, s)
	}
	if !placed {
		buf = append(buf, t)
	}
	return buf
}

// estimate is the bytes a solution of total slots takes: 2 bits of
// value and 1 of frontier a slot, and a byte of plies when asked.
func estimate(total int64, plies bool) int64 {
	words := (total + 63) / 64
	b := words*8 /* the frontier's bitmap */ + (total+15)/16*4 /* values */
	if plies {
		b += total
	}
	if b < 0 {
		return math.MaxInt64
	}
	return b
}
