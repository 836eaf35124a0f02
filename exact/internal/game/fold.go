package game

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// A symmetry of a game's rules: a permutation of the open squares (perm)
// that maps each side's moves, as lines of squares and leaps, and its goal
// squares onto those of the same side, or, when swap is set, onto the
// other side's. Under it a position maps to one with the same value for
// the side to move: the sides' squares are mapped (and exchanged, with
// the side to move, under a swap). The start squares play no part: the
// tables hold every position, and a start is looked up like any other.
type symmetry struct {
	perm []int32
	swap bool
	name string
}

// maxRepTable bounds the first side's subsets, C(n, k0), for which the
// space keeps a table of orbit representatives (4 bytes each, in the
// memory estimate); past it the space is not folded by the symmetries
// that keep the sides (the colour swap alone still folds it). A variable
// so that the tests can lower it.
var maxRepTable = int64(1) << 28

// rulesSymmetries is the symmetry group of the game's rules, found from
// the model's data: each transform of the board's symmetry group
// (model.BoardSymmetries: walls, holes and wraps kept), with and without
// the exchange of the sides, kept when it maps both sides' move lines,
// leaps and goal squares as a symmetry must (checked square by square on
// the space's own tables), the exchange only when the sides have as many
// pieces. The identity is first. The set kept is checked to be closed
// under composition; were it not, the space is not folded.
func rulesSymmetries(sp *space) []symmetry {
	m := sp.m
	b := m.Board
	num := map[model.Square]int32{}
	for i, q := range sp.squares {
		num[q] = int32(i)
	}
	var out []symmetry
	for _, t := range m.BoardSymmetries() {
		perm := make([]int32, sp.n)
		ok := true
		for i, q := range sp.squares {
			j, found := num[t.Apply(q, b.Rows, b.Cols)]
			if !found {
				ok = false
				break
			}
			perm[i] = j
		}
		if !ok || !isPerm(perm) {
			continue
		}
		for _, swap := range []bool{false, true} {
			if swap && sp.k[0] != sp.k[1] {
				continue
			}
			if sp.maps(perm, swap) {
				name := t.NameOn(b.Rows, b.Cols)
				if swap {
					name += ", sides exchanged"
				}
				out = append(out, symmetry{perm: perm, swap: swap, name: name})
			}
		}
	}
	// The identity first.
	for i, s := range out {
		if !s.swap && isIdentity(s.perm) {
			out[0], out[i] = out[i], out[0]
			break
		}
	}
	if len(out) == 0 || out[0].swap || !isIdentity(out[0].perm) || !closed(out) {
		return []symmetry{{perm: identity(sp.n), name: "identity"}}
	}
	return out
}

func identity(n int) []int32 {
	p := make([]int32, n)
	for i := range p {
		p[i] = int32(i)
	}
	return p
}

func isIdentity(p []int32) bool {
	for i, v := range p {
		if v != int32(i) {
			return false
		}
	}
	return true
}

func isPerm(p []int32) bool {
	seen := make([]bool, len(p))
	for _, v := range p {
		if seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

// closed reports whether the composition of any two symmetries is one of
// them.
func closed(g []symmetry) bool {
	key := func(p []int32, swap bool) string { return fmt.Sprint(swap, p) }
	have := map[string]bool{}
	for _, s := range g {
		have[key(s.perm, s.swap)] = true
	}
	c := make([]int32, len(g[0].perm))
	for _, a := range g {
		for _, b := range g {
			for i := range c {
				c[i] = a.perm[b.perm[i]]
			}
			if !have[key(c, a.swap != b.swap)] {
				return false
			}
		}
	}
	return true
}

// maps reports whether perm (exchanging the sides when swap) maps each
// side's rides, leaps and goals from every square onto the image side's
// from the image square.
func (sp *space) maps(perm []int32, swap bool) bool {
	for side := range 2 {
		img := side
		if swap {
			img = 1 - side
		}
		for s := range sp.n {
			t := perm[s]
			if sp.goal[side][s] != sp.goal[img][t] {
				return false
			}
			if !slices.Equal(rayKeys(sp.rays[side][s], perm), rayKeys(sp.rays[img][t], nil)) {
				return false
			}
			a := mapped(sp.leaps[side][s], perm)
			bb := mapped(sp.leaps[img][t], nil)
			if !slices.Equal(a, bb) {
				return false
			}
		}
	}
	return true
}

// rayKeys writes each ray, its squares mapped by perm (nil: as they are),
// as a string, sorted.
func rayKeys(rays []ray, perm []int32) []string {
	out := make([]string, len(rays))
	for i, r := range rays {
		var b strings.Builder
		fmt.Fprint(&b, r.closed)
		for _, s := range r.sq {
			if perm != nil {
				s = perm[s]
			}
			fmt.Fprintf(&b, " %d", s)
		}
		out[i] = b.String()
	}
	slices.Sort(out)
	return out
}

func mapped(set []int32, perm []int32) []int32 {
	out := slices.Clone(set)
	if perm != nil {
		for i, s := range out {
			out[i] = perm[s]
		}
	}
	slices.Sort(out)
	return out
}

// fold lays out the slots of the folded tables. The symmetries that keep
// the sides (keep) act on the first side's squares: a first side's subset
// is stored only as the least-ranked of its images (its orbit's
// representative; reps lists their ranks, repOf gives each subset's
// representative's number, and via the symmetry in keep that maps it
// there, -1 when several do); when a symmetry exchanges the sides, every position is
// first mapped by one (swapAt) to the first side to move, and the side to
// move leaves the slot. A position's slot is then
//
//	slot = (toMove*nrep + rep)*ranks1 + rank1
//
// with rep the representative of the least first-side image and rank1 the
// least second-side rank among the symmetries that give that image. The
// slots of positions that are not the canonical ones of their orbits are
// never used (near-perfect: the slots exceed the orbits by the positions
// with a first-side subset fixed by some symmetry).
func (sp *space) fold(syms []symmetry) {
	sp.syms = syms
	sp.swapAt = -1
	sp.keep = nil
	for i, s := range syms {
		if s.swap {
			if sp.swapAt < 0 {
				sp.swapAt = i
			}
		} else {
			sp.keep = append(sp.keep, i)
		}
	}
	sp.sides = 2
	if sp.swapAt >= 0 {
		sp.sides = 1
	}
	sp.nrep = sp.ranks[0]
	sp.reps, sp.repOf, sp.via = nil, nil, nil
	sp.keepPerms, sp.swapPerms, sp.swapRank = nil, nil, nil
	if len(sp.keep) > 1 && sp.ranks[0] > maxRepTable {
		// No table of representatives: fold by the exchange of the sides
		// alone (an identity and an exchange that is its own inverse),
		// or not at all.
		var kept []symmetry
		kept = append(kept, syms[0])
		for _, s := range syms {
			if s.swap && isInvolution(s.perm) {
				kept = append(kept, s)
				break
			}
		}
		sp.fold(kept)
		return
	}
	if len(sp.keep) > 1 {
		sp.repOf = make([]int32, sp.ranks[0])
		sp.via = make([]int16, sp.ranks[0])
		set := make([]int32, sp.k[0])
		img := make([]int32, sp.k[0])
		for r := range sp.ranks[0] {
			sp.subset(0, r, set)
			least, via, ties := r, 0, 0
			for j, h := range sp.keep[1:] {
				mapSorted(sp.syms[h].perm, set, img)
				switch ri := sp.rank(img); {
				case ri < least:
					least, via, ties = ri, j+1, 0
				case ri == least:
					ties++
				}
			}
			if least == r {
				sp.reps = append(sp.reps, r)
			}
			sp.repOf[r] = sp.repOf[least] // least <= r: numbered already
			if least == r {
				sp.repOf[r] = int32(len(sp.reps) - 1)
			}
			// Two symmetries with the same image differ by one that fixes
			// the subset: the symmetry to the least image is unique
			// exactly when the subset's stabilizer is trivial.
			sp.via[r] = int16(via)
			if ties > 0 || len(sp.keep) > math.MaxInt16 {
				sp.via[r] = -1
			}
		}
		sp.nrep = int64(len(sp.reps))
		for _, h := range sp.keep {
			sp.keepPerms = append(sp.keepPerms, sp.syms[h].perm)
		}
		if sp.swapAt >= 0 && sp.k[0] == sp.k[1] {
			// An exchange maps the second side's squares onto the first
			// side's: their image's rank by theirs, and each symmetry
			// that keeps the sides composed after the exchange.
			swap := sp.syms[sp.swapAt].perm
			sp.swapRank = make([]int32, sp.ranks[0])
			for r := range sp.ranks[0] {
				sp.subset(0, r, set)
				mapSorted(swap, set, img)
				sp.swapRank[r] = int32(sp.rank(img))
			}
			for _, perm := range sp.keepPerms {
				c := make([]int32, sp.n)
				for i := range c {
					c[i] = perm[swap[i]]
				}
				sp.swapPerms = append(sp.swapPerms, c)
			}
		} else if sp.swapAt >= 0 {
			sp.via = nil // the general path below maps the exchange
		}
	}
	sp.slots = int64(sp.sides) * sp.nrep * sp.ranks[1]
	sp.trivial = len(syms) == 1
}

func isInvolution(p []int32) bool {
	for i, v := range p {
		if p[v] != int32(i) {
			return false
		}
	}
	return true
}

// mapSorted writes the images of set under perm into out, ascending.
func mapSorted(perm, set, out []int32) {
	for i, s := range set {
		v := perm[s]
		j := i
		for ; j > 0 && out[j-1] > v; j-- {
			out[j] = out[j-1]
		}
		out[j] = v
	}
}

// scratch is a goroutine's room for the images of a position's squares.
type scratch struct {
	a, b, c, d, buf []int32
}

func (sp *space) newScratch() *scratch {
	k := max(sp.k[0], sp.k[1])
	return &scratch{a: make([]int32, k), b: make([]int32, k), c: make([]int32, k), d: make([]int32, k), buf: make([]int32, 0, k+1)}
}

// rank1 is the rank of the second side's squares among those the first
// side's leave free.
func (sp *space) rank1(sq0, sq1 []int32) int64 {
	var r1 int64
	w := 0
	for i, s := range sq1 {
		for w < len(sq0) && sq0[w] < s {
			w++
		}
		r1 += sp.flat[int(s-int32(w))*sp.stride+i+1]
	}
	return r1
}

// slot is the table slot of the position with the given squares (each
// ascending) and side to move: that of its orbit's canonical position.
func (sp *space) slot(sq0, sq1 []int32, toMove int, s *scratch) int64 {
	if sp.trivial {
		return sp.encode(sq0, sq1, toMove)
	}
	if sp.via != nil {
		// The first side's squares after the exchange, when there is
		// one, the rank of their image, and the symmetries to apply: fix
		// and halfSlot written out, on the hottest path (a call costs
		// 2.6% of the analysis's instructions).
		a, b, perms, side := sq0, sq1, sp.keepPerms, toMove
		var r int64
		if toMove == 1 && sp.swapAt >= 0 {
			a, b, perms, side = sq1, sq0, sp.swapPerms, 0
			r = int64(sp.swapRank[sp.rank(a)])
		} else {
			r = sp.rank(a)
		}
		if v := sp.via[r]; v >= 0 {
			// The one symmetry to the least image: the second side's
			// rank under it is the slot's.
			c, d := s.c[:len(a)], s.d[:len(b)]
			mapSorted(perms[v], a, c)
			mapSorted(perms[v], b, d)
			return (int64(side)*sp.nrep+int64(sp.repOf[r]))*sp.ranks[1] + sp.rank1(c, d)
		}
	}
	if toMove == 1 && sp.swapAt >= 0 {
		perm := sp.syms[sp.swapAt].perm
		mapSorted(perm, sq1, s.a[:len(sq1)])
		mapSorted(perm, sq0, s.b[:len(sq0)])
		sq0, sq1, toMove = s.a[:len(sq1)], s.b[:len(sq0)], 0
	}
	if sp.repOf == nil {
		return (int64(toMove)*sp.nrep+sp.rank(sq0))*sp.ranks[1] + sp.rank1(sq0, sq1)
	}
	c, d := s.c[:len(sq0)], s.d[:len(sq1)]
	rep := int64(sp.repOf[sp.rank(sq0)])
	best0, best1 := int64(-1), int64(0)
	for _, h := range sp.keep {
		perm := sp.syms[h].perm
		mapSorted(perm, sq0, c)
		r0 := sp.rank(c)
		if best0 >= 0 && r0 > best0 {
			continue
		}
		mapSorted(perm, sq1, d)
		r1 := sp.rank1(c, d)
		if best0 < 0 || r0 < best0 || r1 < best1 {
			best0, best1 = r0, r1
		}
	}
	return (int64(toMove)*sp.nrep+rep)*sp.ranks[1] + best1
}

// canonical reports whether slot i holds a position (the canonical one
// of its orbit), decoding it into p.
func (sp *space) canonical(i int64, p *pos, s *scratch) bool {
	sp.decode(i, p)
	return sp.free(i) || sp.slot(p.sq[0], p.sq[1], p.toMove, s) == i
}

// free reports, without decoding it, that slot i holds a position
// because its first side's squares have a trivial stabilizer: a
// representative whose least image only the identity gives, so that
// every second side's rank with it is its orbit's canonical position.
// False says nothing.
func (sp *space) free(i int64) bool {
	return sp.trivial || sp.via != nil && sp.via[sp.reps[(i/sp.ranks[1])%sp.nrep]] == 0
}

// orbit is the number of positions p stands for: the group's order over
// the symmetries that fix p (an exchange of the sides never does: it
// changes the side to move).
func (sp *space) orbit(p *pos, s *scratch) int64 {
	if sp.trivial {
		return 1
	}
	if sp.via != nil && sp.via[sp.rank(p.sq[0])] >= 0 {
		return int64(len(sp.syms)) // only the identity fixes the first side's squares
	}
	fixed := 0
	c, d := s.c[:len(p.sq[0])], s.d[:len(p.sq[1])]
	for _, h := range sp.keep {
		perm := sp.syms[h].perm
		mapSorted(perm, p.sq[0], c)
		mapSorted(perm, p.sq[1], d)
		if slices.Equal(c, p.sq[0]) && slices.Equal(d, p.sq[1]) {
			fixed++
		}
	}
	return int64(len(sp.syms) / fixed)
}

// foldBytes is what the table of representatives takes.
func (sp *space) foldBytes() int64 {
	if sp.repOf == nil {
		return 0
	}
	return 6*int64(len(sp.repOf)) + 4*int64(len(sp.swapRank)) + 8*int64(len(sp.reps))
}

// A half is a slot half computed: the slot's first side (after the
// exchange, when there is one) a fixed set of squares, as for the
// positions after each move of one side, whose other side stays put, and
// one symmetry, perm, mapping it to its least image (fix): the slot is
// base plus the rank of the other side's image under perm (halfSlot).
type half struct {
	base int64
	perm []int32
	c, d []int32 // the fixed set's image, ascending; room for the other's
}

func (sp *space) newHalf() *half {
	k := max(sp.k[0], sp.k[1])
	return &half{c: make([]int32, k), d: make([]int32, k)}
}

// fix makes h the half of the slots of positions with the given side to
// move in which side stands on set, and reports whether it could:
// only where that side's squares are the slot's first side (side 0, or
// side 1 to move with an exchange) and one symmetry maps them to their
// least image.
func (sp *space) fix(h *half, set []int32, side, toMove int) bool {
	if sp.via == nil {
		return false
	}
	perms, r := sp.keepPerms, int64(0)
	switch {
	case side == 0 && (toMove == 0 || sp.swapAt < 0):
		r = sp.rank(set)
	case side == 1 && toMove == 1 && sp.swapAt >= 0:
		perms, r, toMove = sp.swapPerms, int64(sp.swapRank[sp.rank(set)]), 0
	default:
		return false
	}
	v := sp.via[r]
	if v < 0 {
		return false
	}
	h.perm = perms[v]
	h.base = (int64(toMove)*sp.nrep + int64(sp.repOf[r])) * sp.ranks[1]
	h.c = h.c[:len(set)]
	mapSorted(h.perm, set, h.c)
	return true
}

// slot is the slot of the position of h's fixed set and the other side
// on other (ascending).
func (sp *space) halfSlot(h *half, other []int32) int64 {
	d := h.d[:len(other)]
	mapSorted(h.perm, other, d)
	return h.base + sp.rank1(h.c, d)
}
