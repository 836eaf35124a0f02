package fold

import (
	"math"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
)

// A foldTree is one axis of the folding search: a binary tree whose leaves
// are the squares a piece may stand on and whose inner nodes are the sets
// of squares below them, each with the union of their weak attacks. Leaves
// are numbered left to right; a node holds the leaves lo..hi-1, so that
// identical pieces can be ordered by leaf number.
type foldTree struct {
	words   int
	att     []uint64 // per node, words each: the union of the weak attacks of its squares
	left    []int32  // per node: its first child, -1 for a leaf
	right   []int32
	lo, hi  []int32   // per node: its leaves
	log2    []float64 // per node: log2 of its number of leaves
	square  []int32   // per node: the square of a leaf, -1 for an inner node
	leafOf  []int32   // per square: its leaf node, -1 when the piece may not stand there
	leaves  []int32   // per leaf number: its node
	members []uint64  // per node, words each: its squares
	reach   []uint64  // per square x, words each: the squares from which the piece weakly covers x
	squares int
}

func (t *foldTree) membersOf(n int32) bitset.Set {
	return bitset.Set(t.members[int(n)*t.words : int(n+1)*t.words : int(n+1)*t.words])
}

func (t *foldTree) reachOf(x int) bitset.Set {
	return bitset.Set(t.reach[x*t.words : (x+1)*t.words : (x+1)*t.words])
}

func (t *foldTree) attack(n int32) bitset.Set {
	return bitset.Set(t.att[int(n)*t.words : int(n+1)*t.words : int(n+1)*t.words])
}

func (t *foldTree) isLeaf(n int32) bool { return t.left[n] < 0 }

// leafAt is the leaf numbered pos.
func (t *foldTree) leafAt(pos int32) int32 { return t.leaves[pos] }

// splitKeys are the ways a set of squares may be cut in two: by file, by
// rank, by either diagonal, by colour. Each sorts the squares by the key
// and cuts at the middle.
var splitKeys = []func(file, rank int) int{
	func(f, r int) int { return f },
	func(f, r int) int { return r },
	func(f, r int) int { return f + r },
	func(f, r int) int { return f - r },
	func(f, r int) int { return (f + r) & 1 },
}

// splitKeysOf is each split key's value on every square of a board with
// cols files.
func splitKeysOf(squares, cols int) [][]int32 {
	keys := make([][]int32, len(splitKeys))
	for k, key := range splitKeys {
		keys[k] = make([]int32, squares)
		for s := range keys[k] {
			keys[k][s] = int32(key(s%cols, s/cols))
		}
	}
	return keys
}

// buildTree builds the axis tree of a piece over the given squares. Each
// set is cut the way (of splitKeys) that leaves the two halves attacking
// the fewest squares between them: the paper's geometric unfolding (halves
// of the board for kings, colours first for knights) found by measuring
// rather than by knowing the piece.
func (f *Plan) buildTree(geo *problem.PieceGeometry, squares []int32) *foldTree {
	p := f.Problem
	t := &foldTree{words: bitset.WordsFor(p.Squares), squares: p.Squares, leafOf: make([]int32, p.Squares)}
	for i := range t.leafOf {
		t.leafOf[i] = -1
	}
	// addWeak adds to dst what a piece on s weakly covers (and, for
	// domination, s itself), without a copy per square
	addWeak := func(dst bitset.Set, s int32) {
		dst.Or(geo.Weak.Row(int(s)))
		if f.Dominate {
			dst.Set(int(s))
		}
	}
	scratch := bitset.New(p.Squares)
	unionCount := func(set []int32) int {
		clear(scratch)
		for _, s := range set {
			addWeak(scratch, s)
		}
		return scratch.CountAnd(f.Open)
	}
	keys := splitKeysOf(p.Squares, p.Cols)
	nodes := max(2*len(squares)-1, 0) // a full binary tree over the squares
	t.left, t.right, t.square = make([]int32, 0, nodes), make([]int32, 0, nodes), make([]int32, 0, nodes)
	t.lo, t.hi, t.log2 = make([]int32, 0, nodes), make([]int32, 0, nodes), make([]float64, 0, nodes)
	t.att, t.members = make([]uint64, 0, nodes*t.words), make([]uint64, 0, nodes*t.words)
	var build func(set []int32) int32
	build = func(set []int32) int32 {
		n := int32(len(t.left))
		t.left = append(t.left, -1)
		t.right = append(t.right, -1)
		t.square = append(t.square, -1)
		t.lo = append(t.lo, 0)
		t.hi = append(t.hi, 0)
		t.log2 = append(t.log2, math.Log2(float64(len(set))))
		t.att = append(t.att, make([]uint64, t.words)...)
		t.members = append(t.members, make([]uint64, t.words)...)
		for _, s := range set {
			addWeak(t.attack(n), s)
			t.membersOf(n).Set(int(s))
		}
		if len(set) == 1 {
			t.square[n] = set[0]
			t.leafOf[set[0]] = n
			return n
		}
		best, bestCost := []int32(nil), math.MaxInt
		for _, key := range keys {
			cut := slices.Clone(set)
			slices.SortStableFunc(cut, func(a, b int32) int { return int(key[a] - key[b]) })
			half := len(cut) / 2
			if cost := unionCount(cut[:half]) + unionCount(cut[half:]); cost < bestCost {
				best, bestCost = cut, cost
			}
		}
		half := len(best) / 2
		l := build(best[:half])
		r := build(best[half:])
		t.left[n], t.right[n] = l, r
		return n
	}
	if len(squares) > 0 {
		build(squares)
		t.number(0, 0)
	}
	t.reach = make([]uint64, p.Squares*t.words)
	for _, s := range squares {
		w := geo.Weak.Row(int(s))
		for x := w.First(); x >= 0; x = w.Next(x + 1) {
			t.reachOf(x).Set(int(s))
		}
		if f.Dominate {
			t.reachOf(int(s)).Set(int(s))
		}
	}
	return t
}

// number gives the leaves below n the numbers from next on, in order, and
// returns the next free number.
func (t *foldTree) number(n, next int32) int32 {
	t.lo[n] = next
	if t.isLeaf(n) {
		t.leaves = append(t.leaves, n)
		t.hi[n] = next + 1
		return next + 1
	}
	next = t.number(t.left[n], next)
	next = t.number(t.right[n], next)
	t.hi[n] = next
	return next
}

// empty reports whether the axis has no square at all.
func (t *foldTree) empty() bool { return len(t.left) == 0 }
