package model

import (
	"cmp"
	"fmt"
	"sort"
	"strings"
)

// A Transform is an element of the dihedral group D4 acting on a board: it
// optionally swaps files and ranks, then mirrors files and/or ranks. On a
// non-square board only the four elements without the swap map the board
// onto itself.
type Transform struct {
	Swap, MirrorFiles, MirrorRanks bool

	// On a wrapped board a transform may also shift the board along its
	// glued edges, after the D4 part: Shift is the displacement, folded
	// onto the board as Wrap glues it (symmetry_wrap.go).
	Shift Vector
	Wrap  Wrap
}

// allTransforms lists D4 with identity first.
var allTransforms = []Transform{
	{}, {MirrorFiles: true, MirrorRanks: true}, {MirrorFiles: true}, {MirrorRanks: true},
	{Swap: true}, {Swap: true, MirrorFiles: true, MirrorRanks: true}, {Swap: true, MirrorFiles: true}, {Swap: true, MirrorRanks: true},
}

// Name describes the transform in words.
func (t Transform) Name() string {
	if t.Shift != (Vector{}) {
		d4 := Transform{Swap: t.Swap, MirrorFiles: t.MirrorFiles, MirrorRanks: t.MirrorRanks}
		return fmt.Sprintf("%s, then shift %d files %d ranks on the %s", d4.Name(), t.Shift.File, t.Shift.Rank, t.Wrap)
	}
	switch t {
	case Transform{}:
		return "identity"
	case Transform{MirrorFiles: true, MirrorRanks: true}:
		return "rotate 180"
	case Transform{MirrorFiles: true}:
		return "mirror left-right"
	case Transform{MirrorRanks: true}:
		return "mirror top-bottom"
	case Transform{Swap: true}:
		return "reflect in a1-h8 diagonal"
	case Transform{Swap: true, MirrorFiles: true, MirrorRanks: true}:
		return "reflect in a8-h1 diagonal"
	case Transform{Swap: true, MirrorFiles: true}:
		return "rotate 90 anticlockwise"
	}
	return "rotate 90 clockwise"
}

// NameOn describes the transform in words on a rows x cols board: the
// diagonals are named by the board's own corners, "reflect in a1-c3
// diagonal" on 3x3 (Name gives the 8x8 names).
func (t Transform) NameOn(rows, cols int) string {
	corner := func(file, rank int) string { return Square{File: file, Rank: rank}.String() }
	last := cols - 1
	switch t {
	case Transform{Swap: true}:
		return "reflect in " + corner(0, 0) + "-" + corner(last, rows-1) + " diagonal"
	case Transform{Swap: true, MirrorFiles: true, MirrorRanks: true}:
		return "reflect in " + corner(0, rows-1) + "-" + corner(last, 0) + " diagonal"
	}
	return t.Name()
}

// Apply maps a square of a rows x cols board. For Swap the board must be
// square.
func (t Transform) Apply(s Square, rows, cols int) Square {
	if t.Swap {
		s.File, s.Rank = s.Rank, s.File
	}
	if t.MirrorFiles {
		s.File = cols - 1 - s.File
	}
	if t.MirrorRanks {
		s.Rank = rows - 1 - s.Rank
	}
	if t.Shift != (Vector{}) {
		s, _ = reduceOn(t.Wrap, s.File+t.Shift.File, s.Rank+t.Shift.Rank, rows, cols)
	}
	return s
}

// SwapsColours reports whether the transform maps light squares to dark ones
// on a rows x cols board.
func (t Transform) SwapsColours(rows, cols int) bool {
	return t.Apply(Square{}, rows, cols).Dark() != Square{}.Dark()
}

// BoardSymmetries is the subgroup of D4 (D2 when the board is not square)
// that maps the board, its walls, its fixed pieces and its square weights
// onto themselves.
func (m *Model) BoardSymmetries() []Transform {
	if !m.Plain() {
		return m.geometrySymmetries()
	}
	var out []Transform
	b := m.Board
	fixed := map[Placed]bool{}
	for _, f := range m.Fixed {
		fixed[f] = true
	}
next:
	for _, t := range allTransforms {
		if t.Swap && b.Rows != b.Cols {
			continue
		}
		for s, c := range b.cells {
			if b.Cell(t.Apply(s, b.Rows, b.Cols)) != c {
				continue next
			}
		}
		for f := range fixed {
			if !fixed[Placed{Piece: f.Piece, Square: t.Apply(f.Square, b.Rows, b.Cols), Group: f.Group}] {
				continue next
			}
		}
		if !m.mapsWeights(t) {
			continue next
		}
		out = append(out, t)
	}
	return out
}

// mapsWeights reports whether t maps the square weights onto
// themselves.
func (m *Model) mapsWeights(t Transform) bool {
	b := m.Board
	for s, w := range m.Weights {
		if m.Weights[t.Apply(s, b.Rows, b.Cols)] != w {
			return false
		}
	}
	return true
}

// Symmetries is the model's own symmetry group: the board symmetries that
// also map its colour rules (a transform that swaps colours must swap the
// light and dark entries of the place list), its tour start and its slide
// squares onto themselves. A solution mapped by one of them is a solution.
func (m *Model) Symmetries() []Transform {
	var out []Transform
	rows, cols := m.Board.Rows, m.Board.Cols
	for _, t := range m.BoardSymmetries() {
		switch m.Kind {
		case KindPlace:
			if !m.keepsColourRules(t) {
				continue
			}
		case KindTour:
			if s := m.Tour.Start; s != nil && t.Apply(*s, rows, cols) != *s {
				continue
			}
		case KindSlide:
			if !mapsSlideOnto(t, m.Slide, rows, cols) {
				continue
			}
		case KindGame:
			if !mapsGameOnto(t, m.Game, rows, cols) {
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// keepsColourRules reports whether t maps the place list's colour rules
// onto themselves: it keeps every colour, or swaps them all and the list
// reads the same with light and dark exchanged. On a plain board a
// transform acts on colours as it acts on a1; a shift of a wrapped board
// with an odd side may mix them, which only a list without colour rules
// allows.
func (m *Model) keepsColourRules(t Transform) bool {
	if !hasColourRule(m.Place) { // the list reads the same with the colours exchanged
		return true
	}
	rows, cols := m.Board.Rows, m.Board.Cols
	plain := placeSignature(m.Place, false)
	if t.Shift != (Vector{}) {
		swaps, keeps := false, false
		for i := 0; i < m.Board.Size(); i++ {
			s := m.Board.Square(i)
			if t.Apply(s, rows, cols).Dark() != s.Dark() {
				swaps = true
			} else {
				keeps = true
			}
		}
		switch {
		case swaps && keeps:
			return plain == placeSignature(m.Place, true) && !hasColourRule(m.Place)
		case keeps:
			return true
		}
		return placeSignature(m.Place, true) == plain
	}
	return !t.SwapsColours(rows, cols) || placeSignature(m.Place, true) == plain
}

func hasColourRule(entries []PlaceEntry) bool {
	for _, e := range entries {
		if e.Colour != AnyColour {
			return true
		}
	}
	return false
}

func placeSignature(entries []PlaceEntry, swap bool) string {
	var s []string
	for _, e := range entries {
		c := e.Colour
		if swap && c != AnyColour {
			c = 3 - c
		}
		s = append(s, fmt.Sprintf("%s/%d/%d/%d/%d/%s", e.Piece.Name, e.Count.Min, e.Count.Max, e.Opt, c, e.Group))
	}
	sort.Strings(s)
	return strings.Join(s, ",")
}

func mapsOnto(t Transform, squares []Square, rows, cols int) bool {
	set := map[Square]bool{}
	for _, s := range squares {
		set[s] = true
	}
	for _, s := range squares {
		if !set[t.Apply(s, rows, cols)] {
			return false
		}
	}
	return true
}

// TransformSolution maps a placement, tour or slide solution.
func (m *Model) TransformSolution(t Transform, s Solution) Solution {
	rows, cols := m.Board.Rows, m.Board.Cols
	var out Solution
	for _, p := range s.Pieces {
		out.Pieces = append(out.Pieces, Placed{Piece: p.Piece, Square: t.Apply(p.Square, rows, cols), Group: p.Group})
	}
	for _, w := range s.Walls {
		out.Walls = append(out.Walls, t.Apply(w, rows, cols))
	}
	for _, q := range s.Squares {
		out.Squares = append(out.Squares, t.Apply(q, rows, cols))
	}
	for _, mv := range s.Moves {
		out.Moves = append(out.Moves, Move{t.Apply(mv.From, rows, cols), t.Apply(mv.To, rows, cols)})
	}
	out.Normalize()
	return out
}

// Images returns the distinct images of s under group, s first when the
// identity comes first; with walls set, one per distinct wall set (a
// solution whose pieces are those of the image that first gave it).
func (m *Model) Images(group []Transform, s Solution, walls bool) []Solution {
	return distinctImages(len(group), func(i int) Solution { return m.TransformSolution(group[i], s) }, walls)
}

// distinctImages returns the distinct images image(0), ..., image(n-1) of
// a solution, in that order; with walls set, one per distinct wall set.
// Images and SymmetryImages walk their groups with it.
func distinctImages(n int, image func(i int) Solution, walls bool) []Solution {
	seen := map[string]bool{}
	var out []Solution
	for i := range n {
		img := image(i)
		key := img.Key()
		if walls {
			key = Solution{Walls: img.Walls}.Key()
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, img)
		}
	}
	return out
}

// Canonical returns the least image of a placement under the model's
// symmetry group (comparing pieces, then walls, square by square), so that
// two placements are equivalent exactly when their canonical forms are equal.
func (m *Model) Canonical(s Solution) Solution {
	if m.HasGroups() {
		return m.canonicalFull(m.FullSymmetries(), s)
	}
	return m.canonical(m.Symmetries(), s)
}

func (m *Model) canonical(group []Transform, s Solution) Solution {
	return leastImage(m.TransformSolution(Transform{}, s), len(group), func(i int) Solution { return m.TransformSolution(group[i], s) })
}

// leastImage returns the least of first (the identity's image) and the
// images image(1), ..., image(n-1), comparing placements; canonical and
// canonicalFull walk their groups with it.
func leastImage(first Solution, n int, image func(i int) Solution) Solution {
	best := first
	for i := 1; i < n; i++ {
		if img := image(i); comparePlacements(img, best) < 0 {
			best = img
		}
	}
	return best
}

// CanonicalFunc returns Canonical with the group computed once, for callers
// that canonicalise many placements.
func (m *Model) CanonicalFunc() func(Solution) Solution {
	if m.HasGroups() {
		full := m.FullSymmetries()
		return func(s Solution) Solution { return m.canonicalFull(full, s) }
	}
	group := m.Symmetries()
	return func(s Solution) Solution { return m.canonical(group, s) }
}

func comparePlacements(a, b Solution) int {
	for i := 0; i < len(a.Pieces) && i < len(b.Pieces); i++ {
		pa, pb := a.Pieces[i], b.Pieces[i]
		if pa.Square != pb.Square {
			if pa.Square.Less(pb.Square) {
				return -1
			}
			return 1
		}
		if c := cmp.Or(strings.Compare(pa.Piece, pb.Piece), strings.Compare(pa.Group, pb.Group)); c != 0 {
			return c
		}
	}
	if len(a.Pieces) != len(b.Pieces) {
		return len(a.Pieces) - len(b.Pieces)
	}
	for i := 0; i < len(a.Walls) && i < len(b.Walls); i++ {
		if a.Walls[i] != b.Walls[i] {
			if a.Walls[i].Less(b.Walls[i]) {
				return -1
			}
			return 1
		}
	}
	return len(a.Walls) - len(b.Walls)
}
