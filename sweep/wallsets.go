package sweep

import (
	"math"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// wallSets enumerates the k-subsets of a model's free squares, one per
// orbit of the model's symmetry group, in lexicographic order of their
// sorted index tuples. A split sweep deals the subsets out to its parts by
// their prefixes (deal.go), so that a part walks only the subsets of its
// own prefixes.
type wallSets struct {
	k       int
	squares []model.Square // the squares a wall may take, in square order
	group   []model.Transform
	perm    [][]int // perm[g][i]: the index of the image of squares[i] under group[g]
	least   []int   // least[i]: the least index in the orbit of squares[i]
	orbit   []int   // orbit[i]: the size of the orbit of squares[i]
	total   int64   // C(len(squares), k), or -1 when too large
	classes int64   // canonical subsets visited so far
	tested  int64   // subsets tested for being canonical so far

	// deal deals the prefixes out to the parts; each visits only the
	// subsets of part only's prefixes, or every part's when only is -1.
	// part is the owner of the subset being visited.
	deal *dealer
	only int
	part int
}

func newWallSets(m *model.Model, k int) *wallSets {
	w := &wallSets{k: k, group: m.Symmetries(), only: -1}
	fixed := map[model.Square]bool{}
	for _, f := range m.Fixed {
		fixed[f.Square] = true
	}
	index := map[model.Square]int{}
	b := m.Board
	for i := 0; i < b.Size(); i++ {
		s := b.Square(i)
		if b.IsOpen(s) && !fixed[s] {
			index[s] = len(w.squares)
			w.squares = append(w.squares, s)
		}
	}
	w.least = make([]int, len(w.squares))
	for i := range w.least {
		w.least[i] = i
	}
	for _, g := range w.group {
		p := make([]int, len(w.squares))
		for i, s := range w.squares {
			// The group maps the board, its walls and fixed pieces onto
			// themselves, so free squares go to free squares.
			p[i] = index[g.Apply(s, b.Rows, b.Cols)]
			w.least[i] = min(w.least[i], p[i])
		}
		w.perm = append(w.perm, p)
	}
	w.orbit = make([]int, len(w.squares))
	for i := range w.orbit {
		w.orbit[w.least[i]]++ // the squares of one orbit share its least
	}
	for i := range w.orbit {
		w.orbit[i] = w.orbit[w.least[i]]
	}
	total := 1.0
	for i := 0; i < k; i++ {
		total = total * float64(len(w.squares)-i) / float64(i+1)
	}
	w.total = int64(math.Round(total))
	if total > 1e10 || k < 0 || k > len(w.squares) {
		w.total = -1
	}
	w.split(1)
	return w
}

func (w *wallSets) squaresOf(set []int) []model.Square {
	out := make([]model.Square, len(set))
	for i, j := range set {
		out[i] = w.squares[j]
	}
	return out
}

// each visits every canonical subset — the least of its orbit, comparing
// sorted index tuples — of the prefixes the split lets it visit, in
// lexicographic order, with the size of its orbit and the fraction of all
// subsets enumerated or passed over so far, until visit returns false.
func (w *wallSets) each(visit func(set []int, orbit int, done float64) bool) {
	n, k := len(w.squares), w.k
	set := make([]int, k)
	image := make([]int, k)
	var seen int64
	w.deal.restart()
	var rec func(pos, from int, dealt bool) bool
	rec = func(pos, from int, dealt bool) bool {
		if !dealt && w.isPrefix(set[:pos]) {
			if !w.enter(set[:pos], image[:pos]) {
				seen += w.under(set[:pos])
				return true
			}
			dealt = true
		}
		if pos == k {
			seen++
			w.tested++
			stabiliser := w.stabiliser(set, image)
			if stabiliser == 0 {
				return true // a smaller image: not the representative
			}
			w.classes++
			return visit(set, len(w.perm)/stabiliser, float64(seen)/float64(w.total))
		}
		for i := from; i <= n-(k-pos); i++ {
			set[pos] = i
			if !w.mayFollow(set[:pos], i) || pos+1 < k && w.stabiliser(set[:pos+1], image[:pos+1]) == 0 {
				seen += w.under(set[:pos+1])
				continue
			}
			if !rec(pos+1, i+1, dealt) {
				return false
			}
		}
		return true
	}
	rec(0, 0, false)
}

// mayFollow reports whether square i may follow prefix in a canonical
// subset. A subset with a square whose orbit reaches below the subset's
// first square has an image that starts lower, so every square of a
// canonical subset has its orbit's least index at or above the first, and
// the first is the least of its own orbit. This cuts only subsets that are
// not canonical: the classes and their order stay those of the full
// enumeration.
func (w *wallSets) mayFollow(prefix []int, i int) bool {
	if len(prefix) == 0 {
		return w.least[i] == i
	}
	return w.least[i] >= prefix[0]
}

// under is the number of k-subsets that start with prefix.
func (w *wallSets) under(prefix []int) int64 {
	if len(prefix) == 0 {
		return w.total
	}
	return choose(len(w.squares)-1-prefix[len(prefix)-1], w.k-len(prefix))
}

// choose is the binomial coefficient C(n, k), exact for those up to the
// number of subsets that newWallSets enumerates at most.
func choose(n, k int) int64 {
	if k < 0 || k > n {
		return 0
	}
	c := int64(1)
	for i := 0; i < min(k, n-k); i++ {
		c = c * int64(n-i) / int64(i+1) // C(n, i+1), exactly
	}
	return c
}

// stabiliser is the number of the group's elements that map set onto
// itself, or 0 when one maps it to a smaller subset: set is then not its
// orbit's representative and, when set is a prefix, no subset that starts
// with it is (the i-th least square of a superset of an image is at most
// the image's i-th). image is scratch space of set's length.
func (w *wallSets) stabiliser(set, image []int) int {
	stabiliser := 0
	for _, p := range w.perm {
		for i, j := range set {
			image[i] = p[j]
		}
		slices.Sort(image)
		switch slices.Compare(image, set) {
		case -1:
			return 0
		case 0:
			stabiliser++
		}
	}
	return stabiliser
}
