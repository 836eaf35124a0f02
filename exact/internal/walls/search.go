package walls

import (
	"fmt"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
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
	p        *problem.Problem
	kinds    int          // K; a position is square*K + kind
	hard     []bitset.Set // per position: positions that cannot stand with it whatever the walls
	lines    [][2][]int32 // per square, per line direction: squares behind (0) and ahead (1), nearest first
	dirs     []model.Vector
	rideMask []uint32       // per kind: the line directions it rides
	fixedAt  []uint32       // per square: line directions ridden by fixed pieces there (bit 31: a fixed piece stands there)
	segments [][]int32      // per bounding partition: square -> segment (-1 for none)
	segMasks [][]bitset.Set // per bounding partition, per segment: its positions
	segCount []int
	// the line segments of each direction, for finding the piece behind a
	// square without walking: segment and position of each square, the
	// nearest fixed pieces behind and ahead, and the squares of each
	// segment's first i positions
	segOf, posOf            [][]int32
	fixedBehind, fixedAhead [][]int32
	prefix                  [][][]bitset.Set
	cliques                 []bitset.Set // a partition of positions into cliques of hard conflicts
	allowed                 bitset.Set

	// state
	budget    int     // most free walls
	lo, hi    int     // pieces wanted
	chosen    []int32 // positions
	light     []int
	dark      []int
	placedAt  []uint32 // per square: directions ridden by placed pieces there (bit 31: occupied)
	segPlaced [][]int
	alive     []int     // per bounding partition: segments holding a piece
	lastOn    [][]int32 // per direction, per segment: the square of the last piece placed on it
	lastSave  []int32   // lastOn entries overwritten, per depth and direction
	occupants []int32   // per square: pieces placed on it
	gaps      []bitset.Set
	packed    bitset.Set
	packedN   int
	arena     []uint64
	words     int
	nodes     int64
	st        *tasks.Stopper
	halted    bool
	visit     func() // at every accepted piece set (walls not yet chosen)
	scratch   bitset.Set
	packStore []uint64
	gapPool   []bitset.Set

	splitDepth int // when >= 0, record subtrees at this depth instead of searching them
	tasks      []wallTask
	deeper     bool
}

// A wallTask is a subtree of the search, or (setOnly) just the piece set
// on the way to it.
type wallTask struct {
	depth   int
	setOnly bool
	cand    bitset.Set
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
	for depth, pos := range t.chosen {
		k, s := int(pos)%w.kinds, int(pos)/w.kinds
		if r := w.p.RuleOf[k]; w.p.Dark.Has(s) {
			w.dark[r]++
		} else {
			w.light[r]++
		}
		w.addGaps(k, s)
		w.place(depth, k, s, +1)
		w.chosen = append(w.chosen, pos)
	}
	if t.setOnly {
		w.visit()
		return
	}
	w.level(t.depth).CopyFrom(t.cand)
	w.search(t.depth)
}

const occupiedBit = 1 << 31

func newWallSearch(p *problem.Problem, st *tasks.Stopper) (*wallSearch, error) {
	K := len(p.Kinds)
	if K > 31 {
		return nil, fmt.Errorf("exact: more than 31 kinds of piece with free walls: %w", model.ErrUnsupported)
	}
	positions := p.Squares * K
	if positions > graph.MaxVertices {
		return nil, fmt.Errorf("exact: %d (piece, square) pairs are more than the %d the search handles: %w", positions, graph.MaxVertices, model.ErrUnsupported)
	}
	w := &wallSearch{p: p, kinds: K, st: st, splitDepth: -1, words: bitset.WordsFor(positions)}
	w.collectDirections()
	if len(w.dirs) > 31 {
		return nil, fmt.Errorf("exact: more than 31 ride directions with free walls: %w", model.ErrUnsupported)
	}
	w.rideMask = make([]uint32, K)
	for k := range p.Kinds {
		w.rideMask[k] = w.ridesOf(p.Kinds[k].Piece)
	}
	w.traceLines()
	w.fixedAt = make([]uint32, p.Squares)
	for _, f := range p.Fixed {
		w.fixedAt[f.Square] |= occupiedBit | w.ridesOf(f.Geometry.Piece)
	}
	w.allowPositions()
	w.hardConflicts()
	w.cliques = graph.GreedyPartition(w.hard, w.allowed)
	if p.Independent && K > 0 {
		w.boundingSegments()
	}
	w.lineSegments()
	w.makeState()
	return w, nil
}

// collectDirections lists the line directions: every ride of every piece
// placed or fixed, one of each opposite pair, in the order first met.
func (w *wallSearch) collectDirections() {
	seen := map[model.Vector]bool{}
	add := func(pc *model.Piece) {
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
	for _, k := range w.p.Kinds { // the place list's pieces in order of first mention
		add(k.Piece)
	}
	for _, f := range w.p.Fixed {
		add(f.Geometry.Piece)
	}
}

// ridesOf is the mask of line directions a piece rides, either way.
func (w *wallSearch) ridesOf(pc *model.Piece) uint32 {
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

// traceLines lists, for every open square and line direction, the open
// squares behind and ahead of it, nearest first.
func (w *wallSearch) traceLines() {
	p := w.p
	nd := len(w.dirs)
	w.lines = make([][2][]int32, p.Squares*nd)
	for i := 0; i < p.Squares; i++ {
		if !p.Open.Has(i) {
			continue
		}
		f0, r0 := i%p.Cols, i/p.Cols
		for j, d := range w.dirs {
			line := &w.lines[i*nd+j]
			for f, r := f0-d.File, r0-d.Rank; p.OpenAt(f, r); f, r = f-d.File, r-d.Rank {
				line[0] = append(line[0], int32(r*p.Cols+f))
			}
			for f, r := f0+d.File, r0+d.Rank; p.OpenAt(f, r); f, r = f+d.File, r+d.Rank {
				line[1] = append(line[1], int32(r*p.Cols+f))
			}
		}
	}
}

// allowPositions marks the positions a piece may take: an open square, not
// under a fixed piece unless pieces stack, of a colour its rule allows, and
// (under independence) not in a conflict with a fixed piece no wall mends.
func (w *wallSearch) allowPositions() {
	p := w.p
	w.allowed = bitset.New(p.Squares * w.kinds)
	for k := 0; k < w.kinds; k++ {
		r := p.Rules[p.RuleOf[k]]
		for s := 0; s < p.Squares; s++ {
			if !p.Open.Has(s) || (p.FixedSquares.Has(s) && !p.Stack) {
				continue
			}
			if p.Dark.Has(s) && !r.AllowsDark() || !p.Dark.Has(s) && !r.AllowsLight() {
				continue
			}
			if p.Independent && w.hardWithFixed(k, s) {
				continue
			}
			w.allowed.Set(s*w.kinds + k)
		}
	}
}

// hardConflicts marks the pairs of allowed positions no wall can separate:
// two kinds on one square without stack and, under independence, a leap
// or a ride with no square between.
func (w *wallSearch) hardConflicts() {
	K, positions := w.kinds, w.p.Squares*w.kinds
	store := make([]uint64, w.words*positions)
	w.hard = make([]bitset.Set, positions)
	for pos := 0; pos < positions; pos++ {
		w.hard[pos] = bitset.Set(store[pos*w.words : (pos+1)*w.words : (pos+1)*w.words])
	}
	for pos := w.allowed.First(); pos >= 0; pos = w.allowed.Next(pos + 1) {
		s, k := pos/K, pos%K
		for k2 := 0; k2 < K; k2++ {
			if !w.p.Stack && k2 != k && w.allowed.Has(s*K+k2) {
				w.hard[pos].Set(s*K + k2)
			}
			if w.p.Independent {
				w.hardNeighbours(pos, k2)
			}
		}
	}
}

// hardNeighbours marks, both ways, the allowed positions of kind k2 next
// to pos: a leap of either piece, or the nearest square on a line either
// rides.
func (w *wallSearch) hardNeighbours(pos, k2 int) {
	s, k := pos/w.kinds, pos%w.kinds
	touch := func(t int) {
		if t2 := t*w.kinds + k2; w.allowed.Has(t2) {
			w.hard[pos].Set(t2)
			w.hard[t2].Set(pos)
		}
	}
	for _, t := range w.p.Kinds[k].LeapsAt(s) {
		touch(int(t))
	}
	for _, t := range w.p.Kinds[k2].LeapsAt(s) {
		touch(int(t))
	}
	rides := w.rideMask[k] | w.rideMask[k2]
	for j := range w.dirs {
		if rides&(1<<j) == 0 {
			continue
		}
		for side := 0; side < 2; side++ {
			if line := w.lines[s*len(w.dirs)+j][side]; len(line) > 0 {
				touch(int(line[0]))
			}
		}
	}
}

// boundingSegments cuts the board along (at most two of) the directions
// every kind rides: a segment with r pieces needs r-1 walls inside it, so
// the segments bound the pieces the budget allows.
func (w *wallSearch) boundingSegments() {
	common := ^uint32(0)
	for k := range w.p.Kinds {
		common &= w.rideMask[k]
	}
	for j := range w.dirs {
		if common&(1<<j) == 0 || len(w.segments) == 2 {
			continue
		}
		seg, count := w.segmentsAlong(j)
		w.segments = append(w.segments, seg)
		w.segCount = append(w.segCount, count)
		masks := make([]bitset.Set, count)
		for c := range masks {
			masks[c] = bitset.New(w.p.Squares * w.kinds)
		}
		for pos := w.allowed.First(); pos >= 0; pos = w.allowed.Next(pos + 1) {
			masks[seg[pos/w.kinds]].Set(pos)
		}
		w.segMasks = append(w.segMasks, masks)
	}
}

// segmentsAlong numbers the segments of direction j: square -> segment
// (-1 off the board), and how many.
func (w *wallSearch) segmentsAlong(j int) ([]int32, int) {
	seg := make([]int32, w.p.Squares)
	count := 0
	for s := range seg {
		seg[s] = -1
		if !w.p.Open.Has(s) {
			continue
		}
		if behind := w.lines[s*len(w.dirs)+j][0]; len(behind) > 0 {
			seg[s] = seg[behind[0]]
		} else {
			seg[s] = int32(count)
			count++
		}
	}
	return seg, count
}

// makeState allocates the search's per-square and per-segment state.
func (w *wallSearch) makeState() {
	n := w.p.Squares
	w.light, w.dark = make([]int, len(w.p.Rules)), make([]int, len(w.p.Rules))
	w.placedAt = make([]uint32, n)
	w.occupants = make([]int32, n)
	w.alive = make([]int, len(w.segCount))
	for _, c := range w.segCount {
		w.segPlaced = append(w.segPlaced, make([]int, c))
	}
	w.packed = bitset.New(n)
	w.scratch = bitset.New(n)
}

// hardWithFixed reports whether a piece of kind k on s conflicts with a
// fixed piece in a way no wall can mend.
func (w *wallSearch) hardWithFixed(k, s int) bool {
	p := w.p
	for _, f := range p.Fixed {
		if f.Square == s {
			continue
		}
		for _, t := range p.Kinds[k].LeapsAt(s) {
			if int(t) == f.Square {
				return true
			}
		}
		for _, t := range f.Geometry.LeapsAt(f.Square) {
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

func (w *wallSearch) level(depth int) bitset.Set {
	return bitset.Set(w.arena[depth*w.words : (depth+1)*w.words : (depth+1)*w.words])
}

func (w *wallSearch) need() int {
	n := 0
	for k, r := range w.p.Rules {
		n += r.Need(w.light[k], w.dark[k])
	}
	return n
}

// start searches every piece set whose gaps may be hit by budget walls.
func (w *wallSearch) start() {
	w.reset()
	w.level(0).CopyFrom(w.allowed)
	w.search(0)
}

// reset sizes the search and clears its state.
func (w *wallSearch) reset() {
	// one level per piece placed: sized once, as slices into them are live
	// across the recursion
	depth := min(w.hi, w.allowed.Count()) + 2
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
	clear(w.occupants)
	clear(w.alive)
	for _, sp := range w.segPlaced {
		clear(sp)
	}
	for _, last := range w.lastOn {
		for i := range last {
			last[i] = -1
		}
	}
	if need := depth * len(w.dirs); len(w.lastSave) < need {
		w.lastSave = make([]int32, need)
	}
}

func (w *wallSearch) search(depth int) {
	w.nodes++
	if w.nodes&1023 == 0 && w.st.Stopped() {
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
	if !w.acceptSet(depth, placed, need) || placed >= w.hi || cand.Empty() {
		return
	}
	if want := max(w.lo-placed, need); want > 0 && w.cannotReach(cand, want) {
		return
	}
	next := w.level(depth + 1)
	for pos := cand.First(); pos >= 0; pos = cand.Next(pos + 1) {
		w.branch(depth, pos, cand, next)
		if w.halted {
			return
		}
	}
}

// acceptSet visits the piece set chosen so far when it is one the model
// wants, or records it (and the subtree at the split depth) as a task. It
// reports whether the search goes on below.
func (w *wallSearch) acceptSet(depth, placed, need int) bool {
	wanted := placed >= w.lo && need == 0
	if w.splitDepth >= 0 {
		// recording subtrees: a subtree at the split depth visits its own
		// root set when resumed; a set met above it is a task of its own
		if depth == w.splitDepth {
			w.deeper = true
			w.record(depth, false)
			return false
		}
		if wanted && w.copiesInOrder() {
			w.record(depth, true)
		}
		return true
	}
	if wanted && w.copiesInOrder() {
		w.visit()
	}
	return !w.halted
}

// cannotReach bounds the pieces still to come: the candidates must hold
// want pieces by the clique partition, and each bounding partition's
// segments (with a piece, or a candidate, plus one per wall) the least.
func (w *wallSearch) cannotReach(cand bitset.Set, want int) bool {
	if graph.OpenCliques(w.cliques, cand, want) < want {
		return true
	}
	for i, masks := range w.segMasks {
		// segments with a candidate and no piece yet
		fresh := 0
		for c, m := range masks {
			if w.segPlaced[i][c] == 0 && m.Intersects(cand) {
				fresh++
			}
		}
		if w.alive[i]+fresh+w.budget < w.lo {
			return true
		}
	}
	return false
}

// branch places a piece at pos, when its colour rule and the gaps it opens
// allow, searches the candidates after it, and takes it away again.
func (w *wallSearch) branch(depth, pos int, cand, next bitset.Set) {
	k, s := pos%w.kinds, pos/w.kinds
	r := w.p.RuleOf[k]
	dark := w.p.Dark.Has(s)
	if dark {
		w.dark[r]++
	} else {
		w.light[r]++
	}
	if !w.p.Rules[r].Over(w.light[r], w.dark[r]) {
		gaps, packedN := len(w.gaps), w.packedN
		savedPacked := w.savePacked(depth)
		if w.addGaps(k, s) {
			copy(next, cand)
			clearBelow(next, pos+1)
			next.AndNot(w.hard[pos])
			w.place(depth, k, s, +1)
			w.chosen = append(w.chosen, int32(pos))
			w.search(depth + 1)
			w.chosen = w.chosen[:len(w.chosen)-1]
			w.place(depth, k, s, -1)
		}
		w.gaps = w.gaps[:gaps]
		w.packedN = packedN
		copy(w.packed, savedPacked)
	}
	if dark {
		w.dark[r]--
	} else {
		w.light[r]--
	}
}

// savePacked keeps the packing of the level, to restore after a branch.
func (w *wallSearch) savePacked(depth int) bitset.Set {
	saved := bitset.Set(w.packStore[depth*len(w.packed) : (depth+1)*len(w.packed)])
	copy(saved, w.packed)
	return saved
}

// copiesInOrder is problem.copiesInOrder for positions (square*K + slot).
func (w *wallSearch) copiesInOrder() bool {
	if !w.p.StackCopies {
		return true
	}
	for _, pos := range w.chosen {
		if w.p.CopyOf[int(pos)%w.kinds] > 0 && !slices.Contains(w.chosen, pos-1) {
			return false
		}
	}
	return true
}

// gapStore returns the i-th gap bitset of the pool, cleared.
func (w *wallSearch) gapStore(i int) bitset.Set {
	for len(w.gapPool) <= i {
		w.gapPool = append(w.gapPool, bitset.New(w.p.Squares))
	}
	g := w.gapPool[i]
	clear(g)
	return g
}

func clearBelow(b bitset.Set, n int) {
	for i := 0; i < n>>6; i++ {
		b[i] = 0
	}
	if n&63 != 0 {
		b[n>>6] &^= 1<<uint(n&63) - 1
	}
}

// lineSegments cuts every line direction into segments between walls.
func (w *wallSearch) lineSegments() {
	p := w.p
	n, nd := p.Squares, len(w.dirs)
	w.segOf, w.posOf = make([][]int32, nd), make([][]int32, nd)
	w.fixedBehind, w.fixedAhead = make([][]int32, nd), make([][]int32, nd)
	w.prefix, w.lastOn = make([][][]bitset.Set, nd), make([][]int32, nd)
	for j := 0; j < nd; j++ {
		segOf, posOf := make([]int32, n), make([]int32, n)
		behindF, aheadF := make([]int32, n), make([]int32, n)
		var prefix [][]bitset.Set
		for s := 0; s < n; s++ {
			segOf[s], posOf[s], behindF[s], aheadF[s] = -1, -1, -1, -1
			if !p.Open.Has(s) {
				continue
			}
			line := w.lines[s*nd+j]
			if len(line[0]) > 0 {
				segOf[s] = segOf[line[0][0]]
				posOf[s] = posOf[line[0][0]] + 1
			} else {
				// s starts a segment: its squares in order and their prefixes
				segOf[s], posOf[s] = int32(len(prefix)), 0
				squares := append([]int32{int32(s)}, line[1]...)
				pre := make([]bitset.Set, len(squares)+1)
				pre[0] = bitset.New(n)
				for i, t := range squares {
					pre[i+1] = slices.Clone(pre[i])
					pre[i+1].Set(int(t))
				}
				prefix = append(prefix, pre)
			}
			for side, nearest := range []*int32{&behindF[s], &aheadF[s]} {
				for _, t := range line[side] {
					if w.fixedAt[t]&occupiedBit != 0 {
						*nearest = t
						break
					}
				}
			}
		}
		w.segOf[j], w.posOf[j], w.fixedBehind[j], w.fixedAhead[j], w.prefix[j] = segOf, posOf, behindF, aheadF, prefix
		w.lastOn[j] = make([]int32, len(prefix))
	}
}

// place puts a piece of kind k on s at the given depth of the search (its
// line bookkeeping is saved there), or takes it away again.
func (w *wallSearch) place(depth, k, s, delta int) {
	nd := len(w.dirs)
	if delta > 0 {
		w.occupants[s]++
		w.placedAt[s] |= occupiedBit | w.rideMask[k]
		for j := 0; j < nd; j++ {
			if seg := w.segOf[j][s]; seg >= 0 {
				w.lastSave[depth*nd+j] = w.lastOn[j][seg]
				w.lastOn[j][seg] = int32(s)
			}
		}
	} else {
		w.occupants[s]--
		w.placedAt[s] = 0
		if w.occupants[s] > 0 { // pieces stacked on s: recompute their rides
			for _, pos := range w.chosen {
				if int(pos)/w.kinds == s {
					w.placedAt[s] |= occupiedBit | w.rideMask[int(pos)%w.kinds]
				}
			}
		}
		for j := 0; j < nd; j++ {
			if seg := w.segOf[j][s]; seg >= 0 {
				w.lastOn[j][seg] = w.lastSave[depth*nd+j]
			}
		}
	}
	for i, seg := range w.segments {
		c := seg[s]
		if delta > 0 && w.segPlaced[i][c] == 0 {
			w.alive[i]++
		}
		w.segPlaced[i][c] += delta
		if delta < 0 && w.segPlaced[i][c] == 0 {
			w.alive[i]--
		}
	}
}

// addGaps records the gaps a piece of kind k on s opens under independence: towards the nearest
// piece behind it on each line (the last placed on the segment, or a fixed
// piece nearer), and towards a fixed piece ahead of it. It reports false
// when a gap is empty (no wall can separate the two) or the disjoint gaps
// already need more walls than the budget.
func (w *wallSearch) addGaps(k, s int) bool {
	if !w.p.Independent {
		// pieces may attack one another: walls need separate nothing, they
		// only take squares
		return true
	}
	for j := range w.dirs {
		seg := w.segOf[j][s]
		if seg < 0 {
			continue
		}
		pos := w.posOf[j]
		b := pos[s]
		t := w.lastOn[j][seg]
		if t == int32(s) {
			t = w.placedBehind(j, s) // a piece stacked on s: look past it
		}
		if f := w.fixedBehind[j][s]; f >= 0 && (t < 0 || pos[f] > pos[t]) {
			t = f
		}
		if t >= 0 && (w.rideMask[k]|w.fixedAt[t]|w.placedAt[t])&(1<<j) != 0 {
			if !w.openGap(j, seg, pos[t], b) {
				return false
			}
		}
		if f := w.fixedAhead[j][s]; f >= 0 && (w.rideMask[k]|w.fixedAt[f])&(1<<j) != 0 {
			if !w.openGap(j, seg, b, pos[f]) {
				return false
			}
		}
	}
	return true
}

// placedBehind walks the line behind s to the nearest placed piece.
func (w *wallSearch) placedBehind(j, s int) int32 {
	for _, t := range w.lines[s*len(w.dirs)+j][0] {
		if w.placedAt[t]&occupiedBit != 0 {
			return t
		}
	}
	return -1
}

// openGap records the squares strictly between positions a < b of a
// segment, and packs the gap if it is disjoint from those packed.
func (w *wallSearch) openGap(j int, seg, a, b int32) bool {
	if b-a <= 1 {
		return false
	}
	pre := w.prefix[j][seg]
	g := w.gapStore(len(w.gaps))
	g.CopyFrom(pre[b])
	g.AndNot(pre[a+1])
	w.gaps = append(w.gaps, g)
	if !g.Intersects(w.packed) {
		w.packed.Or(g)
		w.packedN++
	}
	return w.packedN <= w.budget // beyond the budget: no need to go on
}
