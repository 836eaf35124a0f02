package ilp

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// TestOrbitRowKeepsEveryClass: for every solution the brute-force referee
// lists, some image under the model's symmetries satisfies count_orbit,
// so counting with it still meets every class; and a model where no piece
// is sure gets no row.
func TestOrbitRowKeepsEveryClass(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		row        bool
	}{
		{"torus queens 5", "board: {size: 5, wrap: torus}\nplace: [5 queen]\nrules: [independent]", true},
		{"queens 6", "board: 6\nplace: [6 queen]\nrules: [independent]", true},
		{"rooks 4x5, walls", "board: {size: 4x5, walls: [c2, c3]}\nplace: [3 rook]\nrules: [independent]", true},
		{"a wall breaks every symmetry", "board: {size: 4x5, walls: [b2]}\nplace: [3 rook]\nrules: [independent]", false},
		{"bishop on light and knights", "board: 4\nplace: [1 bishop on light, 2 knight]\nrules: [independent]", true},
		{"kings on a cylinder, most", "board: {size: 4, wrap: cylinder}\nplace: [1..9 king]\nrules: [independent]\nobjective: maximize pieces", true},
		{"fixed rook", "board: 4\nfixed: [rook a1]\nplace: [2 knight]\nrules: [independent]", true},
		{"no sure piece", "board: 4\nplace: [max knight]\nrules: [independent]", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.Parse([]byte(tc.text), "m.yaml")
			if err != nil {
				t.Fatal(err)
			}
			p, err := Compile(m)
			if err != nil {
				t.Fatal(err)
			}
			terms, ok := orbitRow(m, p)
			if ok != tc.row {
				t.Fatalf("orbit row %v, want %v", ok, tc.row)
			}
			if !ok {
				return
			}
			var all []model.Solution
			opts := model.Options{Task: model.TaskEnumerate, Emit: func(s model.Solution) error { all = append(all, s); return nil }}
			if _, err := (&brute.Solver{MaxPieces: 9}).Solve(context.Background(), m, opts); err != nil {
				t.Fatal(err)
			}
			if len(all) == 0 {
				t.Fatal("no solution to test")
			}
			group := m.FullSymmetries()
			for _, s := range all {
				kept := false
				for _, img := range m.SymmetryImages(group, s, false) {
					ones, _ := p.Encode(img)
					sum := 0.0
					for _, term := range terms {
						if ones[term.Var] {
							sum += term.Coef
						}
					}
					kept = kept || sum >= 1
				}
				if !kept {
					t.Errorf("the class of %v has no member on the row", s.Key())
				}
			}
		})
	}
}
