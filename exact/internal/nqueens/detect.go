package nqueens

import (
	"cmp"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// riderFamily names the square-board rider problems that have fast paths.
type riderFamily int

const (
	familyQueens riderFamily = iota + 1 // rides along ranks, files and diagonals
	familyRooks                         // rides along ranks and files
)

// A SquareRiders describes a model that is, whatever it is called, "n
// identical queens (or rooks) on an empty n x n board, no two attacking".
type SquareRiders struct {
	n      int
	family riderFamily
	piece  string
}

// Detect recognises the n-queens and n-rooks structure from the
// model's data: an empty square board (no walls, no squares off it, no fixed
// pieces, no free walls), independence and nothing else, one piece of any
// colour that only rides the queen's (or the rook's) directions, and either
// exactly n of it or as many as possible when that is provably n.
func Detect(m *model.Model) (SquareRiders, bool) {
	b := m.Board
	var none SquareRiders
	if b.Rows != b.Cols || b.OpenCount() != b.Size() || len(m.Fixed) > 0 || m.FreeWalls != nil {
		return none, false
	}
	r := m.Rules
	if !r.Independent || r.Stack || r.Cover != nil || len(m.Place) != 1 {
		return none, false
	}
	e := m.Place[0]
	if e.Colour != model.AnyColour || len(e.Piece.Leaps) > 0 {
		return none, false
	}
	n := b.Rows
	sq := SquareRiders{n: n, piece: e.Piece.Name}
	switch {
	case sameVectors(e.Piece.Rides, queenRides):
		sq.family = familyQueens
	case sameVectors(e.Piece.Rides, rookRides):
		sq.family = familyRooks
	default:
		return none, false
	}
	obj := m.Objective
	if obj.Sense != model.Fixed && obj.Measure != model.MeasurePieces {
		return none, false
	}
	switch {
	case e.Count == model.Range{Min: n, Max: n}:
		// exactly n: any objective on pieces is met by every solution
	case e.Opt == model.Maximize && e.Count.Max >= n && e.Count.Min <= n:
		// one piece per rank at most, so n is the maximum whenever n pieces
		// fit: always for rooks, from n = 4 for queens
		if sq.family == familyQueens && n < 4 {
			return none, false
		}
	default:
		return none, false
	}
	return sq, true
}

// The rides of the queen and the rook, as model pieces store them.
var (
	queenRides = ridesOf(model.Vector{File: 1}, model.Vector{File: 1, Rank: 1})
	rookRides  = ridesOf(model.Vector{File: 1})
)

// ridesOf lists the images of base directions, as model pieces store them:
// each once, sorted by rank, then file.
func ridesOf(base ...model.Vector) []model.Vector {
	seen := map[model.Vector]bool{}
	var out []model.Vector
	for _, v := range base {
		for _, w := range []model.Vector{
			{File: v.File, Rank: v.Rank}, {File: -v.File, Rank: v.Rank}, {File: v.File, Rank: -v.Rank}, {File: -v.File, Rank: -v.Rank},
			{File: v.Rank, Rank: v.File}, {File: -v.Rank, Rank: v.File}, {File: v.Rank, Rank: -v.File}, {File: -v.Rank, Rank: -v.File},
		} {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	slices.SortFunc(out, func(v, w model.Vector) int {
		if c := cmp.Compare(v.Rank, w.Rank); c != 0 {
			return c
		}
		return cmp.Compare(v.File, w.File)
	})
	return out
}

// sameVectors reports whether a and b hold the same vectors, each once
// (as a piece's moves are stored): Detect asks it on every solve, so it
// allocates nothing, and it compares in order first: a piece stores its
// moves sorted (rank, then file), as ridesOf lists them.
func sameVectors(a, b []model.Vector) bool {
	if len(a) != len(b) {
		return false
	}
	if slices.Equal(a, b) {
		return true
	}
	for i, v := range a {
		if !slices.Contains(b, v) || slices.Contains(a[:i], v) {
			return false
		}
	}
	return true
}
