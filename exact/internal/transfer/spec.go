package transfer

import (
	"github.com/chessmodel/chessmodel/model"
)

// maxKinds bounds the kinds of piece: a conflict between two vertices is a
// kinds x kinds bit matrix in one machine word.
const maxKinds = 8

// A spec is a placement model the transfer takes, compiled: its kinds of
// piece, how many of each it asks for, and where each may stand.
type spec struct {
	m          *model.Model
	rows, cols int
	kinds      []kind
	maximize   bool           // the objective is the most pieces
	leaps      []model.Vector // every displacement some kind leaps by
}

// A kind is one piece of the place list with its count range (all its
// entries added up) and the squares it may stand on.
type kind struct {
	piece   *model.Piece
	lo, hi  int    // hi is model.Unbounded when the list sets no upper count
	allowed []bool // per square (model.Board.Index)
}

// fit compiles a model the transfer takes: a placement under the
// independence rule, no coverage, no free walls, no stacking, leapers only
// (any compound of leaps), each piece's entries on one colour rule, at most
// maxKinds kinds, and no objective or the most pieces. It returns nil for
// any other model, which the general search answers.
func fit(m *model.Model) *spec {
	if m.Kind != model.KindPlace || m.FreeWalls != nil || !m.Rules.Independent || m.Rules.Stack || m.Rules.Cover != nil {
		return nil
	}
	switch o := m.Objective; {
	case o.Sense == model.Fixed:
	case o.Sense == model.Maximize && o.Measure == model.MeasurePieces:
	default:
		return nil
	}
	s := &spec{m: m, rows: m.Board.Rows, cols: m.Board.Cols, maximize: m.Objective.Sense == model.Maximize}
	colour := map[string]model.Colour{}
	index := map[string]int{}
	for _, e := range m.Place {
		if e.Piece.IsRider() {
			return nil
		}
		i, seen := index[e.Piece.Name]
		if !seen {
			i = len(s.kinds)
			index[e.Piece.Name] = i
			colour[e.Piece.Name] = e.Colour
			s.kinds = append(s.kinds, kind{piece: e.Piece})
		}
		if colour[e.Piece.Name] != e.Colour {
			return nil // light and dark entries of one piece share their counts out
		}
		k := &s.kinds[i]
		k.lo = min(k.lo+e.Count.Min, model.Unbounded)
		k.hi = min(k.hi+e.Count.Max, model.Unbounded)
	}
	if len(s.kinds) > maxKinds || len(s.kinds) == 0 {
		return nil
	}
	s.leaps = unionLeaps(s.kinds)
	for i := range s.kinds {
		s.kinds[i].allowed = s.allowedSquares(s.kinds[i].piece, colour[s.kinds[i].piece.Name])
	}
	return s
}

// unionLeaps lists every displacement some kind leaps by, once.
func unionLeaps(kinds []kind) []model.Vector {
	seen := map[model.Vector]bool{}
	var out []model.Vector
	for _, k := range kinds {
		for _, v := range k.piece.Leaps {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return out
}

// allowedSquares marks the open squares of the right colour that hold no
// fixed piece and where pc neither attacks a fixed piece nor is attacked by
// one. A fixed rider's lines are cut by walls only: a placed piece beyond
// another on its line would be attacked by the nearer one, so that is
// exact under either attack mode.
func (s *spec) allowedSquares(pc *model.Piece, c model.Colour) []bool {
	b := s.m.Board
	allowed := make([]bool, b.Size())
	for i := range allowed {
		sq := b.Square(i)
		allowed[i] = b.IsOpen(sq) && c.Allows(sq)
	}
	for _, f := range s.m.Fixed {
		allowed[b.Index(f.Square)] = false
		for _, v := range pc.Leaps { // pc attacks the fixed piece
			if t := f.Square.Add(v); b.InBounds(t) {
				allowed[b.Index(t)] = false
			}
		}
		fp := s.m.Pieces[f.Piece]
		if fp == nil {
			continue
		}
		for _, v := range fp.Leaps {
			if t := f.Square.Add(v); b.InBounds(t) {
				allowed[b.Index(t)] = false
			}
		}
		for _, d := range fp.Rides {
			for t := f.Square.Add(d); b.IsOpen(t); t = t.Add(d) {
				allowed[b.Index(t)] = false
			}
		}
	}
	return allowed
}

// fixedConflict reports whether two fixed pieces attack each other (lines
// cut by walls only), which leaves no placement at all.
func fixedConflict(m *model.Model) bool {
	b := m.Board
	at := map[model.Square]bool{}
	for _, f := range m.Fixed {
		at[f.Square] = true
	}
	for _, f := range m.Fixed {
		fp := m.Pieces[f.Piece]
		if fp == nil {
			continue
		}
		for _, v := range fp.Leaps {
			if at[f.Square.Add(v)] {
				return true
			}
		}
		for _, d := range fp.Rides {
			for t := f.Square.Add(d); b.IsOpen(t); t = t.Add(d) {
				if at[t] {
					return true
				}
			}
		}
	}
	return false
}

// conflict is the kinds x kinds matrix (bit a*maxKinds+b) of the pairs
// that may not stand a displacement v apart: kind a on a square and kind b
// on the square v from it. Leap sets hold every image of a leap, so a
// attacks b or b attacks a exactly when v is a leap of either.
func (s *spec) conflict(v model.Vector) uint64 {
	var out uint64
	for a, ka := range s.kinds {
		for b, kb := range s.kinds {
			if hasLeap(ka.piece, v) || hasLeap(kb.piece, v) {
				out |= 1 << (a*maxKinds + b)
			}
		}
	}
	return out
}

func hasLeap(pc *model.Piece, v model.Vector) bool {
	for _, w := range pc.Leaps {
		if w == v {
			return true
		}
	}
	return false
}
