package model

import (
	"fmt"
	"slices"
)

// A certificate may split its refutation into cases by symmetry: where a
// piece of one kind stands. Case "none" is the formula with no piece of
// the kind anywhere, each other case the formula with one on its square
// (a unit clause). The squares need only meet every orbit of the model's
// symmetry group (Model.Symmetries: a solution mapped by one of its
// transforms is a solution, of the same measure): if a solution had a
// piece of the kind on t, the transform that takes t onto a case's square
// would give a solution of that case, which its proof refutes. The
// checker checks that argument's two facts itself — every open square is
// mapped onto some case's square by a symmetry of the model, and the
// case without the kind is there — and each case's formula and proof as
// it checks a whole one.

// CertificateCases is the manifest's split of a refutation into cases.
type CertificateCases struct {
	// Piece is the kind split on, by name.
	Piece string            `json:"piece"`
	Cases []CertificateCase `json:"cases"`
}

// A CertificateCase is one case: a piece of the kind on Square (empty:
// none on the board), its formula and its proof, by file name.
type CertificateCase struct {
	Square  string `json:"square,omitempty"`
	Formula string `json:"formula"`
	Proof   string `json:"proof"`
}

// certCaseUnits is the unit clauses of a case of the checker's formula:
// a piece of the kind on sq, or, with sq nil, none anywhere.
func certCaseUnits(m *Model, piece string, sq *Square) ([][]int, error) {
	c, err := newCertEncoder(m)
	if err != nil {
		return nil, err
	}
	k := slices.IndexFunc(c.kinds, func(p *Piece) bool { return p.Name == piece })
	if k < 0 {
		return nil, fmt.Errorf("the cases are by %q, which the place list does not hold", piece)
	}
	if sq != nil {
		i, ok := c.number[*sq]
		if !ok {
			return nil, fmt.Errorf("case %s: not an open square of the board", sq)
		}
		return [][]int{{c.x(k, i)}}, nil
	}
	units := make([][]int, len(c.open))
	for i := range c.open {
		units[i] = []int{-c.x(k, i)}
	}
	return units, nil
}

// certCasesCover checks that the case squares meet every orbit of the
// model's symmetry group on its open squares, naming a square whose orbit
// has no case, and that the case of no piece is among them.
func certCasesCover(m *Model, cases []CertificateCase) error {
	var squares []Square
	none := false
	for _, cs := range cases {
		if cs.Square == "" {
			none = true
			continue
		}
		sq, err := ParseSquare(cs.Square)
		if err != nil {
			return fmt.Errorf("case %q: %v", cs.Square, err)
		}
		squares = append(squares, sq)
	}
	if !none {
		return fmt.Errorf("no case of no piece of the kind: the cases leave out the solutions without one")
	}
	group := m.Symmetries()
	rows, cols := m.Board.Rows, m.Board.Cols
	for i := range m.Board.Size() {
		t := m.Board.Square(i)
		if !m.Board.IsOpen(t) {
			continue
		}
		if !slices.ContainsFunc(group, func(g Transform) bool { return slices.Contains(squares, g.Apply(t, rows, cols)) }) {
			return fmt.Errorf("no case covers %s: no symmetry of the model (%d of them) maps it onto a case's square", t, len(group))
		}
	}
	return nil
}
