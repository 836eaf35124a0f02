package model

import (
	"fmt"
	"slices"
)

// One-sided pieces. A piece definition may say which images of its
// vectors it takes (the images key: all by default, written, rotations or
// a list); the moves are then as given, and attack may be directed: a
// white pawn's capture (1,1) and (-1,1) attacks forward only.

// imagesOf maps each vector by each transform (acting on displacements,
// as on a 1 x 1 board, where mirroring negates a coordinate).
func imagesOf(vs []Vector, images []Transform) []Vector {
	var out []Vector
	for _, v := range vs {
		for _, t := range images {
			out = append(out, Vector(t.Apply(Square(v), 1, 1)))
		}
	}
	return out
}

// expandBy sorts the vectors and drops repeats, taking no further images.
func expandBy(vs []Vector) []Vector {
	seen := map[Vector]bool{}
	var out []Vector
	for _, v := range vs {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	sortVectors(out)
	return out
}

// closedUnder reports whether every image of every vector under the
// transforms is itself among the vectors. It allocates nothing: a piece
// has a few dozen vectors at most, and a scan of them beat a map. Plain,
// which dispatch asks on every solve, reads the answer a piece
// remembered when it was made (seal) instead.
func closedUnder(vs []Vector, images []Transform) bool {
	for _, v := range vs {
		for _, t := range images {
			if !slices.Contains(vs, t.linear(v)) {
				return false
			}
		}
	}
	return true
}

// linear is the D4 part of t acting on a displacement.
func (t Transform) linear(v Vector) Vector {
	if t.Swap {
		v.File, v.Rank = v.Rank, v.File
	}
	if t.MirrorFiles {
		v.File = -v.File
	}
	if t.MirrorRanks {
		v.Rank = -v.Rank
	}
	return v
}

// d4Generators generate D4: the swap of files and ranks and the mirror of
// the files are two reflections whose axes meet at 45 degrees, and a set
// closed under both is closed under every product of them, the whole
// group (a quarter of the checks of all eight images).
var d4Generators = []Transform{{Swap: true}, {MirrorFiles: true}}

// negation maps a displacement to its opposite.
var negation = []Transform{{MirrorFiles: true, MirrorRanks: true}}

// Directed reports whether the piece's attack may be one way: some move
// whose opposite it lacks, so that a attacking b does not imply b
// attacking a.
func (p *Piece) Directed() bool {
	return !closedUnder(p.Leaps, negation) || !closedUnder(p.Rides, negation)
}

// AllImages reports whether the piece's moves are closed under the 8
// images of D4, as every built-in piece's are: the pieces that every
// technique of the backends handles.
func (p *Piece) AllImages() bool {
	if p.images != 0 {
		return p.images == sealedAll // seal's answer
	}
	return p.closedUnderD4()
}

// closedUnderD4 is AllImages worked out.
func (p *Piece) closedUnderD4() bool {
	return closedUnder(p.Leaps, d4Generators) && closedUnder(p.Rides, d4Generators)
}

// Plain reports whether the model uses only the plain geometry that every
// technique of the backends handles: a board without wrap, and pieces
// whose moves are closed under D4. Techniques that rely on that (the
// n-queens counter, the transfer matrix, folding, free walls, the tour
// theorems, the slide tables) refuse other models with ErrUnsupported and
// dispatch picks a general one.
func (m *Model) Plain() bool {
	if m.Board != nil && m.Board.Wrapped() {
		return false
	}
	return m.everyUsedPiece((*Piece).AllImages)
}

// PlainOnly ends a backend's refusal of a model that is not Plain (NotPlain
// says why it is not) with what works instead.
const PlainOnly = "; they are supported on a plain board (no wrap) whose pieces all move alike under every turn and mirror, and --backend brute answers such a model on a small board"

// NotPlain says, for a message, what makes the model not Plain: "on a
// torus board" or "with the one-sided lefthanded"; "" when it is Plain.
func (m *Model) NotPlain() string {
	if m.Board != nil && m.Board.Wrapped() {
		return fmt.Sprintf("on a %s board", m.Board.Wrap)
	}
	var oneSided *Piece
	m.everyUsedPiece(func(p *Piece) bool {
		if !p.AllImages() {
			oneSided = p
		}
		return oneSided == nil
	})
	if oneSided == nil {
		return ""
	}
	return "with the one-sided " + oneSided.Name
}

// UsedPieces lists the pieces the model places, fixes, tours or slides,
// each once, in order of first mention.
func (m *Model) UsedPieces() []*Piece {
	var out []*Piece
	m.everyUsedPiece(func(pc *Piece) bool {
		if !slices.ContainsFunc(out, func(q *Piece) bool { return q.Name == pc.Name }) {
			out = append(out, pc)
		}
		return true
	})
	return out
}

// everyUsedPiece reports whether ok holds for every piece the model
// places, fixes, tours or slides, asked in order of mention (a piece named
// twice is asked twice) until one fails. It allocates nothing: dispatch
// asks Plain on every solve.
func (m *Model) everyUsedPiece(ok func(*Piece) bool) bool {
	for _, e := range m.Place {
		if e.Piece != nil && !ok(e.Piece) {
			return false
		}
	}
	for _, f := range m.Fixed {
		if pc := m.Pieces[f.Piece]; pc != nil && !ok(pc) {
			return false
		}
	}
	if m.Tour != nil && m.Tour.Piece != nil && !ok(m.Tour.Piece) {
		return false
	}
	return m.Slide == nil || m.Slide.Piece == nil || ok(m.Slide.Piece)
}
