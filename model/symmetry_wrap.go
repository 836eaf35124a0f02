package model

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// The symmetry group of a model that is not plain (a wrapped board, or a
// piece whose moves are not closed under D4) is not listed per surface: it
// is found from the geometry. The candidates are the elements of D4 (the
// swap only on a square plain board or torus: swapsSurface), each followed
// by every shift along the glued edges that maps the surface onto itself
// (rankShifts), a group of the surface's permutations; a candidate is a symmetry when it maps the board's cells, square weights
// and fixed pieces onto themselves and, for every piece the model uses and
// every open square s, maps the leaps and the rides (as ordered lines) from
// s onto the leaps and rides from the image of s. Both conditions survive
// composition, so the candidates that pass form a subgroup
// (TestGeometryGroupsClosed). So a torus keeps its translations and a
// left-handed knight loses the mirrors, because the check says so.
//
// The check costs about 8 x (shifts) x (moves of every piece from every
// square); the group is cached per geometry (board, walls, fixed pieces,
// pieces' moves), since canonical forms ask for it often.

var geometryGroups sync.Map // geometry key -> []Transform

func (m *Model) geometrySymmetries() []Transform {
	key := m.geometryKey()
	if g, ok := geometryGroups.Load(key); ok {
		return g.([]Transform)
	}
	b := m.Board
	sig := m.moveSignatures()
	shiftsF := 1
	if b.Wrap.FilesWrap() {
		shiftsF = b.Cols
	}
	shiftsR := rankShifts(b)
	var out []Transform
	for _, d4 := range allTransforms {
		if d4.Swap && !swapsSurface(b) {
			continue
		}
		for a := 0; a < shiftsF; a++ {
			for _, c := range shiftsR {
				t := d4
				if a != 0 || c != 0 {
					t.Shift, t.Wrap = Vector{File: a, Rank: c}, b.Wrap
				}
				if m.mapsCells(t) && m.mapsWeights(t) && m.mapsMoves(t, sig) {
					out = append(out, t)
				}
			}
		}
	}
	geometryGroups.Store(key, out)
	return out
}

// swapsSurface reports whether exchanging files and ranks maps the
// surface onto itself: a square board whose two directions are glued
// alike (plain, or a torus). On a cylinder, a Möbius band or a Klein
// bottle the swap exchanges a glued edge with a plain or an untwisted one,
// so it is no candidate, even when a piece's moves happen to let it pass
// the check: the swap and the shifts along one direction compose into
// shifts along the other, which are not candidates, and a set of
// candidates that is not closed is no group (orbits counted from it
// counted solutions twice: a zebra on a 5x5 cylinder, 24 of 20).
func swapsSurface(b *Board) bool {
	return b.Rows == b.Cols && (b.Wrap == WrapNone || b.Wrap == WrapTorus)
}

// rankShifts are the shifts along the ranks that are candidates: none on
// a board whose ranks are not glued; every one on a torus; on a Klein
// bottle only 0 and half the ranks. There the files' seam mirrors the
// ranks, and a shift by c conjugated by that mirror is a shift by -c, so a
// shift is a map of the surface only when c = -c modulo the ranks.
func rankShifts(b *Board) []int {
	switch {
	case !b.Wrap.RanksWrap():
		return []int{0}
	case b.Wrap.Twisted() && b.Rows%2 == 0:
		return []int{0, b.Rows / 2}
	case b.Wrap.Twisted():
		return []int{0}
	}
	out := make([]int, b.Rows)
	for c := range out {
		out[c] = c
	}
	return out
}

// geometryKey names what the group depends on.
func (m *Model) geometryKey() string {
	b := m.Board
	var sb strings.Builder
	fmt.Fprintf(&sb, "%dx%d/%s/", b.Rows, b.Cols, b.Wrap)
	cells := append(b.Walls(), b.OffSquares()...)
	fmt.Fprint(&sb, b.Walls(), b.OffSquares(), len(cells), m.Fixed)
	fmt.Fprint(&sb, "/", m.Weights) // fmt prints a map's keys sorted
	for _, pc := range m.UsedPieces() {
		fmt.Fprint(&sb, "|", pc.Name, pc.Leaps, pc.Rides)
	}
	return sb.String()
}

// mapsCells reports whether t maps the walls, squares off the board and
// fixed pieces onto themselves.
func (m *Model) mapsCells(t Transform) bool {
	b := m.Board
	for s, c := range b.cells {
		if b.Cell(t.Apply(s, b.Rows, b.Cols)) != c {
			return false
		}
	}
	fixed := map[Placed]bool{}
	for _, f := range m.Fixed {
		fixed[f] = true
	}
	for f := range fixed {
		if !fixed[Placed{Piece: f.Piece, Square: t.Apply(f.Square, b.Rows, b.Cols), Group: f.Group}] {
			return false
		}
	}
	return true
}

// moveSignatures gives, per square index, the sorted hashes of the moves
// of every piece from it: a leap as its one square, a ride as its line.
func (m *Model) moveSignatures() [][]uint64 {
	b := m.Board
	pieces := m.UsedPieces()
	out := make([][]uint64, b.Size())
	for i := range out {
		if s := b.Square(i); b.IsOpen(s) {
			out[i] = m.signatureAt(pieces, s, func(s Square) Square { return s })
		}
	}
	return out
}

// signatureAt hashes the moves from s with every square of a line mapped
// by image, sorted.
func (m *Model) signatureAt(pieces []*Piece, s Square, image func(Square) Square) []uint64 {
	b := m.Board
	var out []uint64
	for k, pc := range pieces {
		for _, v := range pc.Leaps {
			b.Line(s, v, false, func(t Square) bool {
				out = append(out, lineStep(lineStart(k, false), image(t)))
				return true
			})
		}
		for _, d := range pc.Rides {
			h, n := lineStart(k, true), 0
			b.Line(s, d, true, func(t Square) bool { h = lineStep(h, image(t)); n++; return true })
			if n > 0 {
				out = append(out, h)
			}
		}
	}
	slices.Sort(out)
	return out
}

// lineStart and lineStep hash a line square by square (FNV-1a over the
// piece, the kind of move and the coordinates).
func lineStart(piece int, ride bool) uint64 {
	h := uint64(14695981039346656037)
	h = (h ^ uint64(piece)) * 1099511628211
	if ride {
		h = (h ^ 1) * 1099511628211
	}
	return h
}

func lineStep(h uint64, s Square) uint64 {
	h = (h ^ uint64(uint32(s.File))) * 1099511628211
	return (h ^ uint64(uint32(s.Rank))<<32) * 1099511628211
}

// mapsMoves reports whether t maps the moves from every square onto the
// moves from its image.
func (m *Model) mapsMoves(t Transform, sig [][]uint64) bool {
	if t == (Transform{}) {
		return true
	}
	b := m.Board
	pieces := m.UsedPieces()
	image := func(s Square) Square { return t.Apply(s, b.Rows, b.Cols) }
	for i := range sig {
		s := b.Square(i)
		if !b.IsOpen(s) {
			continue
		}
		if !slices.Equal(m.signatureAt(pieces, s, image), sig[b.Index(image(s))]) {
			return false
		}
	}
	return true
}

// ShortSymmetryNames shortens a list of symmetry names for people: on a
// wrapped board a group has a transform per shift, so the names of the
// shifted ones are left out and counted ("and 384 more shifted along the
// glued edges").
func ShortSymmetryNames(names []string) []string {
	var out []string
	shifted := 0
	for _, n := range names {
		if strings.Contains(n, ", then shift ") {
			shifted++
			continue
		}
		out = append(out, n)
	}
	if shifted > 0 {
		out = append(out, fmt.Sprintf("each also shifted along the glued edges (%d more)", shifted))
	}
	return out
}
