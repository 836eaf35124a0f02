package exact

import (
	"fmt"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// Free walls. The search adds pieces in square order (a1, b1, ..., then the
// next rank), so a new piece is always the last one on every line through
// it: it only opens gaps towards the nearest piece behind it on each line,
// and towards fixed pieces ahead of it. A piece set is priced by a minimum
// hitting set of its gaps; the walls budget rises from zero until a set fits
// (for "minimize walls") or is the model's maximum.

// A wallSearch is the search of piece sets on a board with free walls.
type wallSearch struct {
	p        *problem
	kinds    int          // K; a position is square*K + kind
	hard     []bitset     // per position: positions that cannot stand with it whatever the walls
	lines    [][2][]int32 // per square, per line direction: squares behind (0) and ahead (1), nearest first
	dirs     []model.Vector
	rideMask []uint32  // per kind: the line directions it rides
	fixedAt  []uint32  // per square: line directions ridden by fixed pieces there (bit 31: a fixed piece stands there)
	segments [][]int32 // per bounding partition: square -> segment (-1 for none)
	segCount []int
	cliques  []bitset // a partition of positions into cliques of hard conflicts
	allowed  bitset

	// state
	budget    int     // most free walls
	lo, hi    int     // pieces wanted
	chosen    []int32 // positions
	light     []int
	dark      []int
	placedAt  []uint32 // per square: directions ridden by placed pieces there (bit 31: occupied)
	segPlaced [][]int
	gaps      []bitset
	packed    bitset
	packedN   int
	arena     []uint64
	words     int
	nodes     int64
	st        *stopper
	halted    bool
	visit     func() // at every accepted piece set (walls not yet chosen)
	scratch   bitset
	packStore []uint64
	gapPool   []bitset

	splitDepth int // when >= 0, record subtrees at this depth instead of searching them
	tasks      []wallTask
	deeper     bool
}

// A wallTask is a subtree of the search, or (setOnly) just the piece set
// on the way to it.
type wallTask struct {
	depth   int
	setOnly bool
	cand    bitset
	chosen  []int32
}

func (w *wallSearch) record(depth int, setOnly bool) {
	t := wallTask{depth: depth, setOnly: setOnly, chosen: slices.Clone(w.chosen)}
	if !setOnly {
		t.cand = slices.Clone(w.level(depth))
	}
	w.tasks = append(w.tasks, t)
}

// resume replays the pieces of a task, which rebuilds its gaps, then
// searches its subtree or visits its set.
func (w *wallSearch) resume(t wallTask) {
	w.reset()
	for _, pos := range t.chosen {
		k, s := int(pos)%w.kinds, int(pos)/w.kinds
		if w.p.dark.has(s) {
			w.dark[k]++
		} else {
			w.light[k]++
		}
		w.addGaps(k, s)
		w.place(k, s, +1)
		w.chosen = append(w.chosen, pos)
	}
	if t.setOnly {
		w.visit()
		return
	}
	w.level(t.depth).copyFrom(t.cand)
	w.search(t.depth)
}

const occupiedBit = 1 << 31

func newWallSearch(p *problem, st *stopper) (*wallSearch, error) {
	K := len(p.kinds)
	if K > 31 {
		return nil, fmt.Errorf("exact: more than 31 kinds of piece with free walls: %w", model.ErrUnsupported)
	}
	n := p.squares
	w := &wallSearch{p: p, kinds: K, st: st, splitDepth: -1}
	positions := n * K
	if positions > maxGraphVertices {
		return nil, fmt.Errorf("exact: %d (piece, square) pairs are more than the %d the search handles: %w", positions, maxGraphVertices, model.ErrUnsupported)
	}
	w.words = wordsFor(positions)
	b := p.m.Board

	// line directions: every ride of every piece involved, one of each opposite pair
	seen := map[model.Vector]bool{}
	addDirs := func(pc *model.Piece) {
		for _, d := range pc.Rides {
			if d.Rank < 0 || (d.Rank == 0 && d.File < 0) {
				d = model.Vector{File: -d.File, Rank: -d.Rank}
			}
			if !seen[d] {
				seen[d] = true
				w.dirs = append(w.dirs, d)
			}
		}
	}
	for _, e := range p.m.Place {
		addDirs(e.Piece)
	}
	for _, f := range p.m.Fixed {
		addDirs(p.m.Pieces[f.Piece])
	}
	if len(w.dirs) > 31 {
		return nil, fmt.Errorf("exact: more than 31 ride directions with free walls: %w", model.ErrUnsupported)
	}
	mask := func(pc *model.Piece) uint32 {
		var m uint32
		for _, d := range pc.Rides {
			for j, e := range w.dirs {
				if d == e || (d.File == -e.File && d.Rank == -e.Rank) {
					m |= 1 << j
				}
			}
		}
		return m
	}
	w.rideMask = make([]uint32, K)
	for k := range p.kinds {
		w.rideMask[k] = mask(p.m.Pieces[p.kinds[k].name])
	}
	w.lines = make([][2][]int32, n*len(w.dirs))
	for i := 0; i < n; i++ {
		s := b.Square(i)
		if !b.IsOpen(s) {
			continue
		}
		for j, d := range w.dirs {
			for t := s.Add(model.Vector{File: -d.File, Rank: -d.Rank}); b.IsOpen(t); t = t.Add(model.Vector{File: -d.File, Rank: -d.Rank}) {
				w.lines[i*len(w.dirs)+j][0] = append(w.lines[i*len(w.dirs)+j][0], int32(b.Index(t)))
			}
			for t := s.Add(d); b.IsOpen(t); t = t.Add(d) {
				w.lines[i*len(w.dirs)+j][1] = append(w.lines[i*len(w.dirs)+j][1], int32(b.Index(t)))
			}
		}
	}
	w.fixedAt = make([]uint32, n)
	for _, f := range p.m.Fixed {
		w.fixedAt[b.Index(f.Square)] |= occupiedBit | mask(p.m.Pieces[f.Piece])
	}

	// allowed positions and hard conflicts: leaps, neighbours on a line with
	// no square between, pieces sharing a square without stack
	w.allowed = newBitset(positions)
	independent := p.m.Rules.Independent
	for k := 0; k < K; k++ {
		for s := 0; s < n; s++ {
			if !p.open.has(s) || (p.fixedSquares.has(s) && !p.m.Rules.Stack) {
				continue
			}
			if p.dark.has(s) && !p.rules[k].allowsDark() || !p.dark.has(s) && !p.rules[k].allowsLight() {
				continue
			}
			if independent && w.hardWithFixed(k, s) {
				continue
			}
			w.allowed.set(s*K + k)
		}
	}
	store := make([]uint64, w.words*positions)
	w.hard = make([]bitset, positions)
	for pos := 0; pos < positions; pos++ {
		w.hard[pos] = bitset(store[pos*w.words : (pos+1)*w.words : (pos+1)*w.words])
	}
	for pos := w.allowed.first(); pos >= 0; pos = w.allowed.next(pos + 1) {
		s, k := pos/K, pos%K
		geo := p.kinds[k]
		for k2 := 0; k2 < K; k2++ {
			if !p.m.Rules.Stack && k2 != k && w.allowed.has(s*K+k2) {
				w.hard[pos].set(s*K + k2)
			}
			if !independent {
				continue
			}
			geo2 := p.kinds[k2]
			touch := func(t int) {
				if t2 := t*K + k2; w.allowed.has(t2) {
					w.hard[pos].set(t2)
					w.hard[t2].set(pos)
				}
			}
			for _, t := range geo.leaps[s] {
				touch(int(t))
			}
			for _, t := range geo2.leaps[s] {
				touch(int(t))
			}
			for j := range w.dirs {
				if (w.rideMask[k]|w.rideMask[k2])&(1<<j) == 0 {
					continue
				}
				for side := 0; side < 2; side++ {
					if line := w.lines[s*len(w.dirs)+j][side]; len(line) > 0 {
						touch(int(line[0]))
					}
				}
			}
		}
	}
	w.cliques = greedyPartition(w.hard, w.allowed)

	// line segments of directions every kind rides bound the pieces: a
	// segment with r pieces needs r-1 walls inside it
	if independent && K > 0 {
		common := ^uint32(0)
		for k := range p.kinds {
			common &= w.rideMask[k]
		}
		for j := range w.dirs {
			if common&(1<<j) == 0 || len(w.segments) == 2 {
				continue
			}
			seg := make([]int32, n)
			count := 0
			for s := 0; s < n; s++ {
				seg[s] = -1
				if !p.open.has(s) {
					continue
				}
				if behind := w.lines[s*len(w.dirs)+j][0]; len(behind) > 0 {
					seg[s] = seg[behind[0]]
				} else {
					seg[s] = int32(count)
					count++
				}
			}
			w.segments = append(w.segments, seg)
			w.segCount = append(w.segCount, count)
		}
	}
	w.light, w.dark = make([]int, K), make([]int, K)
	w.placedAt = make([]uint32, n)
	for _, c := range w.segCount {
		w.segPlaced = append(w.segPlaced, make([]int, c))
	}
	w.packed = newBitset(n)
	w.scratch = newBitset(n)
	return w, nil
}

// hardWithFixed reports whether a piece of kind k on s conflicts with a
// fixed piece in a way no wall can mend.
func (w *wallSearch) hardWithFixed(k, s int) bool {
	p := w.p
	for _, f := range p.fixed {
		if f.square == s {
			continue
		}
		for _, t := range p.kinds[k].leaps[s] {
			if int(t) == f.square {
				return true
			}
		}
		for _, t := range f.geo.leaps[f.square] {
			if int(t) == s {
				return true
			}
		}
	}
	fixedHere := func(t int32) bool { return w.fixedAt[t]&occupiedBit != 0 }
	for j := range w.dirs {
		for side := 0; side < 2; side++ {
			line := w.lines[s*len(w.dirs)+j][side]
			if len(line) > 0 && fixedHere(line[0]) && (w.rideMask[k]|w.fixedAt[line[0]])&(1<<j) != 0 {
				return true
			}
		}
	}
	return false
}

// greedyPartition covers vertices with cliques of adj, each grown from the
// least vertex left by adding the least vertex adjacent to all so far.
func greedyPartition(adj []bitset, vertices bitset) []bitset {
	left := slices.Clone(vertices)
	common := newBitset(len(vertices) * 64)
	var out []bitset
	for v := left.first(); v >= 0; v = left.first() {
		c := newBitset(len(vertices) * 64)
		c.set(v)
		left.clear(v)
		common.copyFrom(adj[v])
		common.and(left)
		for u := common.first(); u >= 0; u = common.first() {
			c.set(u)
			left.clear(u)
			common.and(adj[u])
		}
		out = append(out, c)
	}
	return out
}

func (w *wallSearch) level(depth int) bitset {
	return bitset(w.arena[depth*w.words : (depth+1)*w.words : (depth+1)*w.words])
}

func (w *wallSearch) need() int {
	n := 0
	for k, r := range w.p.rules {
		n += r.need(w.light[k], w.dark[k])
	}
	return n
}

// start searches every piece set whose gaps may be hit by budget walls.
func (w *wallSearch) start() {
	w.reset()
	w.level(0).copyFrom(w.allowed)
	w.search(0)
}

// reset sizes the search and clears its state.
func (w *wallSearch) reset() {
	// one level per piece placed: sized once, as slices into them are live
	// across the recursion
	depth := min(w.hi, w.allowed.count()) + 2
	if len(w.arena) < depth*w.words {
		w.arena = make([]uint64, depth*w.words)
		w.packStore = make([]uint64, depth*len(w.packed))
	}
	w.chosen = w.chosen[:0]
	w.gaps = w.gaps[:0]
	clear(w.packed)
	w.packedN = 0
	clear(w.light)
	clear(w.dark)
	clear(w.placedAt)
	for _, sp := range w.segPlaced {
		clear(sp)
	}
}

func (w *wallSearch) search(depth int) {
	w.nodes++
	if w.nodes&1023 == 0 && w.st.stopped() {
		w.halted = true
	}
	if w.halted {
		return
	}
	placed := len(w.chosen)
	need := w.need()
	if placed+need > w.hi || w.packedN > w.budget {
		return
	}
	cand := w.level(depth)
	if w.splitDepth >= 0 {
		// recording subtrees: a set met on the way is a task of its own
		if placed >= w.lo && need == 0 {
			w.record(depth, true)
		}
		if depth == w.splitDepth {
			w.deeper = true
			w.record(depth, false)
			return
		}
	} else if placed >= w.lo && need == 0 {
		w.visit()
		if w.halted {
			return
		}
	}
	if placed >= w.hi || cand.empty() {
		return
	}
	// bounds on the pieces still to come
	if want := max(w.lo-placed, need); want > 0 {
		if openCliques(w.cliques, cand, want) < want {
			return
		}
		for i, seg := range w.segments {
			alive := 0
			for c := range w.segPlaced[i] {
				if w.segPlaced[i][c] > 0 {
					alive++
				}
			}
			// segments with a candidate and no piece yet
			seen := w.scratch
			clear(seen)
			fresh := 0
			for pos := cand.first(); pos >= 0; pos = cand.next(pos + 1) {
				sg := int(seg[pos/w.kinds])
				if w.segPlaced[i][sg] == 0 && !seen.has(sg) {
					seen.set(sg)
					fresh++
				}
			}
			if alive+fresh+w.budget < w.lo {
				return
			}
		}
	}
	next := w.level(depth + 1)
	for pos := cand.first(); pos >= 0; pos = cand.next(pos + 1) {
		k, s := pos%w.kinds, pos/w.kinds
		dark := w.p.dark.has(s)
		if dark {
			w.dark[k]++
		} else {
			w.light[k]++
		}
		if !w.p.rules[k].over(w.light[k], w.dark[k]) {
			gaps, packedN := len(w.gaps), w.packedN
			savedPacked := w.savePacked(depth)
			if w.addGaps(k, s) {
				copy(next, cand)
				clearBelow(next, pos+1)
				next.andNot(w.hard[pos])
				w.place(k, s, +1)
				w.chosen = append(w.chosen, int32(pos))
				w.search(depth + 1)
				w.chosen = w.chosen[:len(w.chosen)-1]
				w.place(k, s, -1)
			}
			w.gaps = w.gaps[:gaps]
			w.packedN = packedN
			copy(w.packed, savedPacked)
		}
		if dark {
			w.dark[k]--
		} else {
			w.light[k]--
		}
		if w.halted {
			return
		}
	}
}

// savePacked keeps the packing of the level, to restore after a branch.
func (w *wallSearch) savePacked(depth int) bitset {
	saved := bitset(w.packStore[depth*len(w.packed) : (depth+1)*len(w.packed)])
	copy(saved, w.packed)
	return saved
}

// gapStore returns the i-th gap bitset of the pool, cleared.
func (w *wallSearch) gapStore(i int) bitset {
	for len(w.gapPool) <= i {
		w.gapPool = append(w.gapPool, newBitset(w.p.squares))
	}
	g := w.gapPool[i]
	clear(g)
	return g
}

func clearBelow(b bitset, n int) {
	for i := 0; i < n>>6; i++ {
		b[i] = 0
	}
	if n&63 != 0 {
		b[n>>6] &^= 1<<uint(n&63) - 1
	}
}

func (w *wallSearch) place(k, s, delta int) {
	if delta > 0 {
		w.placedAt[s] |= occupiedBit | w.rideMask[k]
	} else {
		// recompute: other kinds may share the square
		w.placedAt[s] = 0
		for _, pos := range w.chosen {
			if int(pos)/w.kinds == s {
				w.placedAt[s] |= occupiedBit | w.rideMask[int(pos)%w.kinds]
			}
		}
	}
	for i, seg := range w.segments {
		w.segPlaced[i][seg[s]] += delta
	}
}

// addGaps records the gaps a piece of kind k on s opens: towards the nearest
// piece behind it on each line, and towards a fixed piece ahead of it. It
// reports false when a gap is empty (which the hard conflicts already
// exclude, except through pieces that share a square).
func (w *wallSearch) addGaps(k, s int) bool {
	nd := len(w.dirs)
	for j := 0; j < nd; j++ {
		for side := 0; side < 2; side++ {
			line := w.lines[s*nd+j][side]
			for i, t := range line {
				at := w.fixedAt[t]
				if side == 0 {
					at |= w.placedAt[t]
				}
				if at&occupiedBit == 0 {
					continue
				}
				if (w.rideMask[k]|at)&(1<<j) != 0 {
					if i == 0 {
						return false
					}
					g := w.gapStore(len(w.gaps))
					for _, u := range line[:i] {
						g.set(int(u))
					}
					w.gaps = append(w.gaps, g)
					if !g.intersects(w.packed) {
						w.packed.or(g)
						w.packedN++
					}
				}
				break
			}
		}
	}
	return true
}
