package model

import (
	"fmt"
	"sort"
)

// A Piece moves and attacks by leaps (a single jump to a fixed displacement,
// over anything) and rides (repeated steps of one displacement, stopped by the
// edge, a wall, a square not on the board and, under strong attack, by the
// first occupied square, which it attacks).
type Piece struct {
	Name   string
	Symbol rune     // upper-case letter used in diagrams
	Leaps  []Vector // every image, sorted
	Rides  []Vector // every direction, sorted

	// images is AllImages remembered by seal for the pieces this package
	// makes, whose moves are final once made (dispatch asks on every
	// solve): 0 not known (a Piece written elsewhere, asked each time),
	// sealedAll or sealedSome.
	images uint8
}

const (
	sealedAll  = 1 + iota // the moves are closed under D4
	sealedSome            // they are not
)

// seal remembers AllImages of a piece whose moves are final.
func seal(p *Piece) *Piece {
	p.images = sealedSome
	if p.closedUnderD4() {
		p.images = sealedAll
	}
	return p
}

// Builtin pieces. Pawns exist only as walls.
var builtinPieces = []struct {
	name   string
	symbol rune
	leaps  []Vector
	rides  []Vector
}{
	{"king", 'K', []Vector{{1, 0}, {1, 1}}, nil},
	{"queen", 'Q', nil, []Vector{{1, 0}, {1, 1}}},
	{"rook", 'R', nil, []Vector{{1, 0}}},
	{"bishop", 'B', nil, []Vector{{1, 1}}},
	{"knight", 'N', []Vector{{1, 2}}, nil},
}

// BuiltinPieces returns fresh definitions of king, queen, rook, bishop and knight.
func BuiltinPieces() map[string]*Piece {
	out := map[string]*Piece{}
	for _, b := range builtinPieces {
		out[b.name] = newPiece(b.name, b.symbol, b.leaps, b.rides)
	}
	return out
}

func newPiece(name string, symbol rune, leaps, rides []Vector) *Piece {
	p := &Piece{Name: name, Symbol: symbol}
	p.Leaps = expand(leaps)
	p.Rides = expand(rides)
	return seal(p)
}

// expand turns base displacements into the sorted set of all their images.
func expand(base []Vector) []Vector {
	seen := map[Vector]bool{}
	var out []Vector
	for _, v := range base {
		for _, w := range v.images() {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	sortVectors(out)
	return out
}

func sortVectors(v []Vector) {
	sort.Slice(v, func(i, j int) bool {
		if v[i].Rank != v[j].Rank {
			return v[i].Rank < v[j].Rank
		}
		return v[i].File < v[j].File
	})
}

// compound merges the moves of several pieces (an amazon is queen + knight).
func compound(name string, symbol rune, parts []*Piece) *Piece {
	var leaps, rides []Vector
	for _, p := range parts {
		leaps = append(leaps, p.Leaps...)
		rides = append(rides, p.Rides...)
	}
	// the parts' moves are already their images: a one-sided part stays one-sided
	return &Piece{Name: name, Symbol: symbol, Leaps: expandBy(leaps), Rides: expandBy(rides)}
}

// IsRider reports whether the piece has at least one ride.
func (p *Piece) IsRider() bool { return len(p.Rides) > 0 }

// Describe gives a short account of the moves, as "leaps (1,2); rides (1,0) (1,1)".
func (p *Piece) Describe() string {
	if !p.AllImages() {
		return p.describeWritten()
	}
	s := ""
	if len(p.Leaps) > 0 {
		s += "leaps" + baseVectors(p.Leaps)
	}
	if len(p.Rides) > 0 {
		if s != "" {
			s += "; "
		}
		s += "rides" + baseVectors(p.Rides)
	}
	return s
}

// baseVectors lists one representative (0 <= File <= Rank... normalised) per
// family of images.
func baseVectors(vs []Vector) string {
	seen := map[Vector]bool{}
	var reps []Vector
	for _, v := range vs {
		a, b := abs(v.File), abs(v.Rank)
		if a > b {
			a, b = b, a
		}
		r := Vector{a, b}
		if !seen[r] {
			seen[r] = true
			reps = append(reps, r)
		}
	}
	sortVectors(reps)
	s := ""
	for _, r := range reps {
		s += fmt.Sprintf(" (%d,%d)", r.File, r.Rank)
	}
	return s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// describeWritten lists every move of a one-sided piece, as
// "leaps (1,2) (-2,1); rides (0,1)".
func (p *Piece) describeWritten() string {
	list := func(vs []Vector) string {
		s := ""
		for _, v := range vs {
			s += fmt.Sprintf(" (%d,%d)", v.File, v.Rank)
		}
		return s
	}
	s := ""
	if len(p.Leaps) > 0 {
		s += "leaps" + list(p.Leaps)
	}
	if len(p.Rides) > 0 {
		if s != "" {
			s += "; "
		}
		s += "rides" + list(p.Rides)
	}
	return s + " (one-sided)"
}
