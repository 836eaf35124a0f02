package ilp

import (
	"github.com/chessmodel/chessmodel/model"
)

// Counting up to symmetry with a representative row. count cuts every
// image of each solution it finds (solve_count.go), so the program it
// solves need only keep one solution of each class, not all of them: a
// class is counted in full as soon as any one of its solutions is found.
// If every solution has a piece of kind k, a symmetry moving that piece's
// square to the least square of its orbit maps the solution into
//
//	count_orbit:  sum of the k pieces on the least squares of their orbits  >= 1
//
// (the least square by board index, under model.Model.Symmetries), so the
// row keeps a member of every class. On a board whose symmetries move any
// square to any other (the torus: its translations) that is one square,
// and the row fixes a piece on it: with it lp_solve counts the 88 queens
// of the 11 x 11 torus in 1.1 s instead of 7 s. Group models are left
// out: their symmetries may exchange groups, and so kinds.

// orbitRow returns the terms of count_orbit, or false when the model has
// no symmetry, no piece that every solution holds, or groups.
func orbitRow(m *model.Model, p *Program) ([]Term, bool) {
	if m.Kind != model.KindPlace || m.HasGroups() {
		return nil, false
	}
	group := m.Symmetries()
	if len(group) <= 1 {
		return nil, false
	}
	piece, ok := surePiece(m)
	if !ok {
		return nil, false
	}
	rows, cols := m.Board.Rows, m.Board.Cols
	var terms []Term
	for i, v := range p.Variables {
		if v.Role != RolePiece || v.Level != 1 || v.Piece != piece {
			continue
		}
		least := true
		for _, t := range group {
			least = least && m.Board.Index(t.Apply(v.Square, rows, cols)) >= m.Board.Index(v.Square)
		}
		if least {
			terms = append(terms, Term{Var: i, Coef: 1})
		}
	}
	return terms, len(terms) > 0
}

// surePiece names the first piece of the place list of which every
// solution holds at least one.
func surePiece(m *model.Model) (string, bool) {
	least := map[string]int{}
	for _, e := range m.Place {
		least[e.Piece.Name] += e.Count.Min
	}
	for _, e := range m.Place {
		if least[e.Piece.Name] >= 1 {
			return e.Piece.Name, true
		}
	}
	return "", false
}
