package lines

import (
	"github.com/chessmodel/chessmodel/model"
)

// A spec is a model the line counter takes: one piece riding two
// families of lines, the colour rules of the place list (one class of
// squares per rule, each with its count range), and the objective.
type spec struct {
	board   *model.Board
	piece   *model.Piece
	steps   [2]model.Vector // one step of each family of lines
	classes []class
	sense   model.Optimize // Fixed, or the most or fewest pieces
}

// A class is the squares of one colour rule of the place list and how
// many pieces it asks for there, its entries added up.
type class struct {
	colour model.Colour
	lo, hi int // hi may be model.Unbounded
}

// fit compiles a model the counter takes, or returns nil: a placement on a
// plain (unwrapped) board under the independence rule alone (no coverage,
// attack counts, stacking, groups, free walls or fixed pieces), every entry
// of the place list the same piece, a rider along exactly two families of
// lines (the rook, the bishop, or a rider of longer steps along them) with
// no leap, the entries' colour rules either all one rule or light and dark
// only, and no objective or the most or fewest pieces. Walls and squares
// off the board are taken: they only cut lines.
func fit(m *model.Model) *spec {
	if m.Kind != model.KindPlace || m.FreeWalls != nil || len(m.Fixed) > 0 || m.HasGroups() || m.HasCounts() {
		return nil
	}
	if m.Board == nil || m.Board.Wrapped() || len(m.Place) == 0 {
		return nil
	}
	r := m.Rules
	if !r.Independent || r.Stack || r.Cover != nil {
		return nil
	}
	s := &spec{board: m.Board, sense: m.Objective.Sense}
	if s.sense != model.Fixed && m.Objective.Measure != model.MeasurePieces {
		return nil
	}
	s.piece = m.Place[0].Piece
	steps, ok := twoFamilies(s.piece)
	if !ok {
		return nil
	}
	s.steps = steps
	for _, e := range m.Place {
		if e.Piece == nil || e.Piece.Name != s.piece.Name {
			return nil
		}
		i := 0
		for i < len(s.classes) && s.classes[i].colour != e.Colour {
			i++
		}
		if i == len(s.classes) {
			s.classes = append(s.classes, class{colour: e.Colour})
		}
		c := &s.classes[i]
		c.lo = min(c.lo+e.Count.Min, model.Unbounded)
		c.hi = min(c.hi+e.Count.Max, model.Unbounded)
	}
	if len(s.classes) > 1 {
		for _, c := range s.classes {
			if c.colour == model.AnyColour {
				return nil // an unrestricted entry beside a restricted one shares its squares
			}
		}
	}
	return s
}

// twoFamilies returns a step of each family of lines of a piece that only
// rides, both ways, along exactly two directions that are not parallel.
func twoFamilies(pc *model.Piece) ([2]model.Vector, bool) {
	var steps [2]model.Vector
	if pc == nil || len(pc.Leaps) > 0 || len(pc.Rides) != 4 {
		return steps, false
	}
	has := func(v model.Vector) bool {
		for _, w := range pc.Rides {
			if w == v {
				return true
			}
		}
		return false
	}
	n := 0
	for _, v := range pc.Rides {
		if !has(model.Vector{File: -v.File, Rank: -v.Rank}) {
			return steps, false // one-way: the lines are not symmetric
		}
		if n < 2 && !(n == 1 && parallel(steps[0], v)) {
			steps[n] = v
			n++
		}
	}
	return steps, n == 2
}

// parallel reports whether two steps lie along one line.
func parallel(a, b model.Vector) bool { return a.File*b.Rank == a.Rank*b.File }

// classOf is the class whose colour rule allows s, or -1.
func (s *spec) classOf(sq model.Square) int {
	for i, c := range s.classes {
		if c.colour.Allows(sq) {
			return i
		}
	}
	return -1
}
