package sat

import (
	"fmt"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// Cases split a call by symmetry: where a piece of one kind stands. The
// model's symmetry group (model.Model.Symmetries) maps every solution onto
// a solution of the same measure, so a solution with such a piece on a
// square t has an image with one on the first square of t's orbit (in
// rank-major order): the cases are those first squares, each a unit
// clause x(k,s), and the case "none", no piece of the kind anywhere (a
// unit clause ¬x(k,i) per square). The formulas of the cases are smaller
// searches than the whole, and a proof of each refutes the whole; the
// certificate checker checks the argument (model/cert_cases.go).

// split is one case: its name (a square, or "none") and its unit clauses.
type split struct {
	name   string
	square *model.Square
	units  [][]int
}

// caseProof is a case's formula and proof in an unsatisfiable call.
type caseProof struct {
	split
	formula *Formula
	proof   string
}

// Cases are the cases by the kind of piece named: the first square of
// each orbit of the model's symmetry group on the open squares, then none.
func (e *Encoding) Cases(piece string) ([]split, error) {
	k := slices.IndexFunc(e.Kinds, func(p *model.Piece) bool { return p.Name == piece })
	if k < 0 {
		names := make([]string, len(e.Kinds))
		for i, p := range e.Kinds {
			names[i] = p.Name
		}
		return nil, fmt.Errorf("sat: cases by %q: the place list has no such piece (it has %v)", piece, names)
	}
	m := e.Model
	group := m.Symmetries()
	rows, cols := m.Board.Rows, m.Board.Cols
	seen := map[model.Square]bool{}
	var out []split
	for i, s := range e.Squares {
		if seen[s] {
			continue
		}
		for _, g := range group {
			seen[g.Apply(s, rows, cols)] = true
		}
		out = append(out, split{name: s.String(), square: &s, units: [][]int{{e.X(k, i)}}})
	}
	none := split{name: "none"}
	for i := range e.Squares {
		none.units = append(none.units, []int{-e.X(k, i)})
	}
	return append(out, none), nil
}
