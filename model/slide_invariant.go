package model

import (
	"fmt"
	"strings"
)

// SlideObstruction returns the argument that a slide has no solution
// whatever the moves, or "" when it finds none: an invariant every move
// keeps, which the start and the goal do not share.
//
// Every move of a piece — a leap, a step of a ride, a slide as far as it
// goes — changes its square by a sum of its move vectors, so the piece
// never leaves the class of its square modulo the lattice those vectors
// generate (on a cylinder or torus, with the board's sides, which the
// glued edges add). The pieces of one group are alike, so each class
// must hold as many of the group's start squares as of its goal squares.
// A bishop's or camel's lattice has two classes, the colours; a dabbaba's
// (0,2) four, by the parity of file and rank; a rook's, knight's or
// king's one, and they are never stopped by it. Walls and the board's
// edges only take moves away, so the argument holds on every board; a
// board glued with a half twist (mobius, klein) mirrors the rank, which
// no lattice describes, and is not argued about.
func SlideObstruction(m *Model) string {
	if m.Kind != KindSlide || m.Slide == nil || m.Board == nil || m.Board.Wrap.Twisted() {
		return ""
	}
	for _, g := range m.Slide.SlideGroups() {
		if g.Piece == nil {
			continue
		}
		vectors := append(append([]Vector(nil), g.Piece.Leaps...), g.Piece.Rides...)
		if m.Board.Wrap.FilesWrap() {
			vectors = append(vectors, Vector{File: m.Board.Cols})
		}
		if m.Board.Wrap.RanksWrap() {
			vectors = append(vectors, Vector{Rank: m.Board.Rows})
		}
		l := latticeOf(vectors)
		if l.index() == 1 {
			continue
		}
		from, to := map[Square]int{}, map[Square]int{}
		var classes []Square // in order of first appearance: start squares, then goals
		for _, s := range g.From {
			k := l.class(s)
			if from[k] == 0 && to[k] == 0 {
				classes = append(classes, k)
			}
			from[k]++
		}
		for _, s := range g.To {
			k := l.class(s)
			if from[k] == 0 && to[k] == 0 {
				classes = append(classes, k)
			}
			to[k]++
		}
		for _, k := range classes {
			if from[k] != to[k] {
				return l.argue(g, from, to, k)
			}
		}
	}
	return ""
}

// A lattice of Z² in Hermite normal form: the vectors i·(d1, e) + j·(0, d2),
// with 0 <= e < d2 when d2 > 0. d1 = 0 when no vector moves along the
// files, d2 = 0 when those that do not are none.
type lattice struct{ d1, e, d2 int }

// latticeOf is the lattice the vectors generate.
func latticeOf(vs []Vector) lattice {
	var pivot Vector // the one vector left with a file component
	rest := 0        // the gcd of the rank components with no file component
	for _, v := range vs {
		// Euclid on the file components of pivot and v
		for v.File != 0 {
			q := pivot.File / v.File
			pivot, v = v, Vector{File: pivot.File - q*v.File, Rank: pivot.Rank - q*v.Rank}
		}
		rest = gcd(rest, v.Rank)
	}
	if pivot.File < 0 {
		pivot = Vector{File: -pivot.File, Rank: -pivot.Rank}
	}
	l := lattice{d1: pivot.File, e: pivot.Rank, d2: rest}
	if l.d2 > 0 {
		l.e = mod(l.e, l.d2)
	}
	return l
}

// index is the number of classes, 0 when they are infinitely many.
func (l lattice) index() int { return l.d1 * l.d2 }

// class names the class of s by a point that all of its squares share.
func (l lattice) class(s Square) Square {
	x, y := s.File, s.Rank
	if l.d1 > 0 {
		k := floorDiv(x, l.d1)
		x, y = x-k*l.d1, y-k*l.e
	}
	if l.d2 > 0 {
		y = mod(y, l.d2)
	}
	return Square{File: x, Rank: y}
}

// colours reports whether the classes are the two colours: the lattice of
// the vectors with an even sum of file and rank.
func (l lattice) colours() bool { return l.d1 == 1 && l.e == 1 && l.d2 == 2 }

// parities reports whether the classes are the four of file and rank odd
// or even.
func (l lattice) parities() bool { return l.d1 == 2 && l.e == 0 && l.d2 == 2 }

// argue says why group g cannot reach its goal: class k holds a different
// number of its start squares (from) and goal squares (to).
func (l lattice) argue(g SlideGroup, from, to map[Square]int, k Square) string {
	piece := g.Piece.Name
	pieces := piece + "s"
	if g.Label != "" && g.Label != piece {
		pieces = fmt.Sprintf("%s (%s)", pieces, g.Label)
	}
	if l.colours() {
		count := func(squares []Square, dark bool) int {
			n := 0
			for _, s := range squares {
				if s.Dark() == dark {
					n++
				}
			}
			return n
		}
		return fmt.Sprintf("colour: no move of a %s changes the colour of its square; the %s' start squares are %d dark, %d light, their goal squares %d dark, %d light",
			piece, pieces, count(g.From, true), count(g.From, false), count(g.To, true), count(g.To, false))
	}
	var at Square // a square of class k, to name it by
	for _, s := range append(append([]Square(nil), g.From...), g.To...) {
		if l.class(s) == k {
			at = s
			break
		}
	}
	var where string
	switch {
	case l.parities():
		files, ranks := "a, c, e", "1, 3, 5"
		if k.File == 1 {
			files = "b, d, f"
		}
		if k.Rank == 1 {
			ranks = "2, 4, 6"
		}
		where = fmt.Sprintf("squares on files %s, ... and ranks %s, ... (those of %s)", files, ranks, at)
	default:
		var moves []string
		for _, v := range append(append([]Vector(nil), g.Piece.Leaps...), g.Piece.Rides...) {
			if v.File >= 0 && v.Rank >= 0 {
				moves = append(moves, fmt.Sprintf("(%d,%d)", v.File, v.Rank))
			}
		}
		classes := "infinitely many classes"
		if n := l.index(); n > 0 {
			classes = fmt.Sprintf("%d classes", n)
		}
		where = fmt.Sprintf("squares of the class of %s, one of the %s that sums of its moves %s split the squares into", at, classes, strings.Join(moves, " "))
	}
	return fmt.Sprintf("parity: every move of a %s keeps it among the %s; the %s' start squares have %d there, their goal squares %d",
		piece, where, pieces, from[k], to[k])
}

func gcd(a, b int) int {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
