package model

import "fmt"

// Wrap says which edges of the board are glued together, so that lines and
// leaps that leave the rectangle come back on the far side (docs/model.md,
// "Wrapped boards"). Coordinates are those of the rectangle; a square is
// reached by taking the displacement in the plane and folding the point
// back onto the rectangle (Board.Reduce).
type Wrap uint8

const (
	WrapNone     Wrap = iota // a plain rectangle
	WrapCylinder             // the left and right edges glued: file a follows the last file
	WrapTorus                // left-right and top-bottom glued
	WrapMobius               // left-right glued with a half twist: crossing mirrors the rank
	WrapKlein                // left-right with a half twist, top-bottom plain
)

// wrapNames are the names the board's wrap key takes, by Wrap.
var wrapNames = [...]string{"none", "cylinder", "torus", "mobius", "klein"}

func (w Wrap) String() string {
	if int(w) < len(wrapNames) {
		return wrapNames[w]
	}
	return fmt.Sprintf("wrap(%d)", int(w))
}

// FilesWrap reports whether a line leaving the left or right edge comes back.
func (w Wrap) FilesWrap() bool { return w != WrapNone }

// RanksWrap reports whether a line leaving the top or bottom edge comes back.
func (w Wrap) RanksWrap() bool { return w == WrapTorus || w == WrapKlein }

// Twisted reports whether crossing the left-right edge mirrors the rank.
func (w Wrap) Twisted() bool { return w == WrapMobius || w == WrapKlein }

// reduceOn folds the plane point (file, rank) onto a rows x cols rectangle
// glued as w says: the files first (each crossing of a twisted edge
// mirrors the rank), then the ranks. ok is false when the point lies
// beyond an edge that is not glued.
func reduceOn(w Wrap, file, rank, rows, cols int) (s Square, ok bool) {
	if w.FilesWrap() {
		k := floorDiv(file, cols)
		file -= k * cols
		if w.Twisted() && k%2 != 0 {
			rank = rows - 1 - rank
		}
	}
	if w.RanksWrap() {
		rank = mod(rank, rows)
	}
	s = Square{File: file, Rank: rank}
	return s, file >= 0 && file < cols && rank >= 0 && rank < rows
}

// Reduce maps the plane point (file, rank) to the square of the board it
// stands for, folding it across glued edges; ok is false when it lies off
// the rectangle beyond an edge that is not glued. On a plain board it is
// the point itself when it is inside.
func (b *Board) Reduce(file, rank int) (Square, bool) {
	return reduceOn(b.Wrap, file, rank, b.Rows, b.Cols)
}

// Wrapped reports whether some edge of the board is glued.
func (b *Board) Wrapped() bool { return b.Wrap != WrapNone }

// Line visits the squares a leap (ride false) or a ride (ride true) of
// vector d from square from reaches on the board with its walls, nearest
// first: the points from + k*d of the plane for k = 1, 2, ..., each folded
// onto the board. It stops before a wall, a square off the board or an
// unglued edge, and before the line comes back to from (a piece never
// reaches its own square; on a torus a ride with nothing in its way goes
// once round). On a twisted board a line may cross itself and visit a
// square twice. visit returns false to stop early (at an occupied square
// under strong attack).
func (b *Board) Line(from Square, d Vector, ride bool, visit func(Square) bool) {
	limit := 2*b.Size() + 1 // a line of a finite surface repeats within this
	for k := 1; k <= limit; k++ {
		t, ok := b.Reduce(from.File+k*d.File, from.Rank+k*d.Rank)
		if !ok || t == from || !b.IsOpen(t) || !visit(t) || !ride {
			return
		}
	}
}

// Reach lists the squares piece pc reaches from s on the board with its
// walls (leaps and rides, weak attack), each once, in no particular order.
func (b *Board) Reach(pc *Piece, s Square) []Square {
	seen := map[Square]bool{}
	var out []Square
	add := func(t Square) bool {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
		return true
	}
	for _, v := range pc.Leaps {
		b.Line(s, v, false, add)
	}
	for _, d := range pc.Rides {
		b.Line(s, d, true, add)
	}
	return out
}

// SlideGeometryError is the error wrapping ErrUnsupported that both
// backends give a slide they do not model: on a twisted board (Möbius
// band, Klein bottle) a line turns over at the seam, so a piece's next
// square depends on the way it came, which the slide tables and the
// no-detour rows do not carry; a one-sided piece cannot be searched
// backwards. nil for every other slide.
func (m *Model) SlideGeometryError() error {
	if m.Slide == nil {
		return nil
	}
	if m.Board.Wrap.Twisted() {
		return fmt.Errorf("slides on a %s board (a line turns over at the seam) are not modelled: %w", m.Board.Wrap, ErrUnsupported)
	}
	if pc := m.Slide.Piece; pc != nil && pc.Directed() {
		return fmt.Errorf("slides of the one-sided %s (moves without their reverse) are not modelled: %w", pc.Name, ErrUnsupported)
	}
	for _, g := range m.Slide.Groups { // a slide with different pieces (slide_groups.go)
		if g.Piece.Directed() {
			return fmt.Errorf("slides of the one-sided %s (moves without their reverse) are not modelled: %w", g.Piece.Name, ErrUnsupported)
		}
	}
	return nil
}
