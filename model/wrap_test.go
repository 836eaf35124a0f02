package model

import (
	"strings"
	"testing"
)

// TestReduceAgreesWithWalk: the board's fold of plane points (Reduce, used
// by the backends) and the checker's step-by-step walk that turns its
// direction over at a twisted seam (wrapStep) reach the same squares along
// every line, on every surface.
func TestReduceAgreesWithWalk(t *testing.T) {
	dirs := []Vector{{1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 2}, {2, 1}, {-3, -1}, {5, 0}}
	for w := WrapNone; w <= WrapKlein; w++ {
		for _, dims := range [][2]int{{3, 4}, {4, 4}, {5, 3}, {1, 3}} {
			b := NewBoard(dims[0], dims[1])
			b.Wrap = w
			for i := 0; i < b.Size(); i++ {
				from := b.Square(i)
				for _, d := range dirs {
					var byFold, byWalk []Square
					b.Line(from, d, true, func(s Square) bool { byFold = append(byFold, s); return true })
					wrapWalk(b, from, d, true, func(s Square) bool { return !b.IsOpen(s) }, func(s Square) bool {
						byWalk = append(byWalk, s)
						return true
					})
					if w == WrapNone {
						// the checker walks plain boards by lines; compare with the rectangle
						byWalk = nil
						for s := from.Add(d); b.InBounds(s); s = s.Add(d) {
							byWalk = append(byWalk, s)
						}
					}
					if !equalSquares(byFold, byWalk) {
						t.Fatalf("%s %s from %v along %v: fold %v, walk %v", w, b.Dims(), from, d, byFold, byWalk)
					}
				}
			}
		}
	}
}

func equalSquares(a, b []Square) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestWrappedLines pins the semantics by examples: a rook on a 4-file
// cylinder goes once round its rank and stops before its own square; a
// rook on a Möbius band comes back on the mirrored rank; a bishop on the
// torus of side 3 meets its own square after three steps.
func TestWrappedLines(t *testing.T) {
	cases := []struct {
		wrap       Wrap
		rows, cols int
		from       string
		d          Vector
		want       string
	}{
		{WrapCylinder, 3, 4, "b1", Vector{1, 0}, "c1 d1 a1"},
		{WrapCylinder, 3, 4, "b1", Vector{0, 1}, "b2 b3"},
		{WrapMobius, 3, 4, "b1", Vector{1, 0}, "c1 d1 a3 b3 c3 d3 a1"},
		{WrapMobius, 3, 4, "b2", Vector{1, 0}, "c2 d2 a2"},
		{WrapTorus, 3, 3, "a1", Vector{1, 1}, "b2 c3"},
		{WrapKlein, 2, 2, "a1", Vector{0, 1}, "a2"},
		{WrapKlein, 3, 2, "a1", Vector{1, 1}, "b2"}, // (2, 2) folds back onto a1: the half twist
		{WrapKlein, 3, 2, "b1", Vector{1, 1}, "a2"},
	}
	for _, c := range cases {
		b := NewBoard(c.rows, c.cols)
		b.Wrap = c.wrap
		from, err := ParseSquare(c.from)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		b.Line(from, c.d, true, func(s Square) bool { got = append(got, s.String()); return true })
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s %dx%d from %s along %v: %v, want %s", c.wrap, c.rows, c.cols, c.from, c.d, got, c.want)
		}
	}
}

// TestGeometrySymmetries: the group found from the geometry has the order
// the surface and the pieces give it.
func TestGeometrySymmetries(t *testing.T) {
	cases := []struct {
		name, text string
		order      int
	}{
		{"torus 5: D4 and 25 shifts", "board: {size: 5, wrap: torus}\nplace: [5 queen]", 8 * 25},
		{"cylinder 3x4: the mirrors and 4 turns", "board: {size: 3x4, wrap: cylinder}\nplace: [2 rook]", 4 * 4},
		{"square cylinder: no swap", "board: {size: 4, wrap: cylinder}\nplace: [2 rook]", 4 * 4},
		{"Möbius 3x4", "board: {size: 3x4, wrap: mobius}\nplace: [2 rook]", 4 * 4},
		{"wall on a torus: the mirrors through it", "board: {size: 5, wrap: torus, walls: [c3]}\nplace: [2 queen]", 8},
		{"left-handed knight: rotations only", "board: 5\npieces:\n  l: {leap: [-1, 2], images: rotations}\nplace: [2 l]", 4},
		{"forward pawn: one mirror", "board: 5\npieces:\n  p: {leap: [[1, 1], [-1, 1]], images: written}\nplace: [2 p]", 2},
		{"plain", "board: 5\nplace: [2 queen]", 8},
	}
	for _, c := range cases {
		m, err := Parse([]byte(c.text), "t.yaml")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := len(m.Symmetries()); got != c.order {
			t.Errorf("%s: group of order %d, want %d", c.name, got, c.order)
		}
	}
}

// TestOneSidedAttack: a pawn attacks forward only, so two pawns a
// diagonal step apart are not independent (the lower attacks the upper),
// and the checker names the direction.
func TestOneSidedAttack(t *testing.T) {
	m, err := Parse([]byte("board: 3\npieces:\n  p: {leap: [[1, 1], [-1, 1]], images: written}\nplace: [2 p]\nrules: [independent]"), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r := Check(m, &Solution{Pieces: []Placed{{Piece: "p", Square: Square{0, 0}}, {Piece: "p", Square: Square{1, 1}}}})
	if r.Valid || len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "p on a1 attacks p on b2") {
		t.Errorf("checker: %v", r.Problems)
	}
	if !m.Pieces["p"].Directed() || m.Pieces["p"].AllImages() {
		t.Error("a forward pawn is directed and not closed under D4")
	}
}

func TestWrapParseErrors(t *testing.T) {
	for _, text := range []string{
		"board: {size: 4, wrap: sphere}\nplace: [1 queen]",
		"board: 4\npieces:\n  p: {leap: [1, 1], images: sideways}\nplace: [1 p]",
		"board: 4\npieces:\n  p: {leap: [1, 1], images: []}\nplace: [1 p]",
	} {
		_, err := Parse([]byte(text), "bad.yaml")
		if err == nil || !strings.Contains(err.Error(), "bad.yaml:") {
			t.Errorf("%q: %v, want an error naming the file and line", text, err)
		}
	}
}
