package ilp

import (
	"github.com/chessmodel/chessmodel/model"
)

// Symmetry breaking, for a program that is to give one (optimal) solution:
// every solution has an image under the model's symmetry group with the
// chosen pieces on the least squares of their orbits, so the others need
// not be searched. Counting and enumeration need every solution and never
// get these rows (formulation.breakSymmetry).
//
//   - An anchor: a kind of exactly one piece, allowed on either colour (its
//     squares are then mapped onto themselves by every symmetry). It stands
//     only on the least square of each orbit: an upper bound of 0 on the
//     rest.
//   - On a square r that some symmetries fix (the stabiliser of r: the
//     diagonal of a square board, its centre), a second kind of one piece
//     stands on the least square of its orbit under them: the anchor on r
//     and the second piece on any other square sum to at most 1.
//
// A model with no kind of one piece keeps its symmetric program.

// breakSymmetry writes the bounds and rows above.
func (pc *placement) breakSymmetry() {
	group := pc.m.Symmetries()
	if len(group) <= 1 {
		return
	}
	singles := pc.singleKinds()
	if len(singles) == 0 {
		return
	}
	anchor := singles[0]
	var anchorColumns []int
	for _, pr := range pc.kindPresences(anchor) {
		r := pc.leastImage(group, pr.square)
		if r != pr.square {
			pc.fixUpper("sym_off_"+pc.p.Variables[pr.v].Name, pr.v, 0)
			continue
		}
		anchorColumns = append(anchorColumns, pr.v)
		if len(singles) < 2 {
			continue
		}
		stabiliser := pc.stabiliser(group, r)
		if len(stabiliser) <= 1 {
			continue
		}
		var l linear
		l.plus(pr.v, 1)
		for _, other := range pc.kindPresences(singles[1]) {
			if pc.leastImage(stabiliser, other.square) != other.square {
				l.plus(other.v, 1)
			}
		}
		if len(l.terms) > 1 {
			pc.addRow("sym_"+anchor.prefix+"_"+r.String(), l, LessEqual, 1)
		}
	}
	pc.p.lone = [][]int{anchorColumns}
	if len(singles) > 1 {
		var second []int
		for _, pr := range pc.kindPresences(singles[1]) {
			second = append(second, pr.v)
		}
		pc.p.lone = append(pc.p.lone, second)
	}
}

// singleKinds are the kinds of exactly one piece whose entries all allow
// either colour, in the order of the kinds.
func (pc *placement) singleKinds() []*kind {
	var out []*kind
next:
	for _, k := range pc.kinds {
		min, max := 0, 0
		for _, e := range k.entries {
			if e.Colour != model.AnyColour || e.Count.Max == model.Unbounded {
				continue next
			}
			min += e.Count.Min
			max += e.Count.Max
		}
		if min == 1 && max == 1 {
			out = append(out, k)
		}
	}
	return out
}

// squarePresence is a level-1 variable of a kind with its square.
type squarePresence struct {
	square model.Square
	v      int
}

// kindPresences lists the level-1 variables of k in square order.
func (pc *placement) kindPresences(k *kind) []squarePresence {
	var out []squarePresence
	for _, s := range pc.open {
		for _, pr := range pc.presences[s] {
			if pr.kind == k {
				out = append(out, squarePresence{s, pr.v})
			}
		}
	}
	return out
}

// leastImage is the image of s under the transforms with the least index.
func (pc *placement) leastImage(group []model.Transform, s model.Square) model.Square {
	rows, cols := pc.board.Rows, pc.board.Cols
	best := s
	for _, t := range group {
		if img := t.Apply(s, rows, cols); pc.board.Index(img) < pc.board.Index(best) {
			best = img
		}
	}
	return best
}

// stabiliser is the subgroup of group fixing s.
func (pc *placement) stabiliser(group []model.Transform, s model.Square) []model.Transform {
	var out []model.Transform
	for _, t := range group {
		if t.Apply(s, pc.board.Rows, pc.board.Cols) == s {
			out = append(out, t)
		}
	}
	return out
}
