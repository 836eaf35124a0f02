package sweep

import (
	"math"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// wallSets enumerates the k-subsets of a model's free squares, one per
// orbit of the model's symmetry group.
type wallSets struct {
	k       int
	squares []model.Square // the squares a wall may take, in square order
	group   []model.Transform
	perm    [][]int // perm[g][i]: the index of the image of squares[i] under group[g]
	total   int64   // C(len(squares), k), or -1 when too large
	classes int64   // orbits visited so far (those the shard owns)
	// shard, when active, visits only the orbits whose index in the
	// order of each it owns; orbits counts every orbit met.
	shard  model.Shard
	orbits int
}

func newWallSets(m *model.Model, k int) *wallSets {
	w := &wallSets{k: k, group: m.Symmetries()}
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
	for _, g := range w.group {
		p := make([]int, len(w.squares))
		for i, s := range w.squares {
			// The group maps the board, its walls and fixed pieces onto
			// themselves, so free squares go to free squares.
			p[i] = index[g.Apply(s, b.Rows, b.Cols)]
		}
		w.perm = append(w.perm, p)
	}
	total := 1.0
	for i := 0; i < k; i++ {
		total = total * float64(len(w.squares)-i) / float64(i+1)
	}
	w.total = int64(math.Round(total))
	if total > 1e10 || k < 0 || k > len(w.squares) {
		w.total = -1
	}
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
// sorted index tuples — that the shard owns, with the size of its orbit and the fraction of all
// subsets enumerated so far, until visit returns false.
func (w *wallSets) each(visit func(set []int, orbit int, done float64) bool) {
	n, k := len(w.squares), w.k
	set := make([]int, k)
	image := make([]int, k)
	var seen int64
	var rec func(pos, from int) bool
	rec = func(pos, from int) bool {
		if pos == k {
			seen++
			stabiliser := 0
			for _, p := range w.perm {
				for i, j := range set {
					image[i] = p[j]
				}
				slices.Sort(image)
				switch slices.Compare(image, set) {
				case -1:
					return true // a smaller image: not the representative
				case 0:
					stabiliser++
				}
			}
			owned := w.shard.Owns(w.orbits)
			w.orbits++
			if !owned {
				return true
			}
			w.classes++
			return visit(set, len(w.perm)/stabiliser, float64(seen)/float64(w.total))
		}
		for i := from; i <= n-(k-pos); i++ {
			set[pos] = i
			if !rec(pos+1, i+1) {
				return false
			}
		}
		return true
	}
	rec(0, 0)
}
