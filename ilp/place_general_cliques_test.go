package ilp

import (
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestReachCliqueRows: on the n x n torus the n queens' independence is
// one row per wrapped rank, file and diagonal (4n rows, no pair left), and
// on every board that is not plain each row's pieces attack one another
// pairwise by the board's own reach, and every attack is in some row.
func TestReachCliqueRows(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		lines      int // line_ rows wanted, -1 for any
	}{
		{"torus queens 7", "board: {size: 7, wrap: torus}\nplace: [7 queen]\nrules: [independent]", 4 * 7},
		{"torus queens 6", "board: {size: 6, wrap: torus}\nplace: [6 queen]\nrules: [independent]", 4 * 6},
		{"cylinder rooks and knights", "board: {size: 5, wrap: cylinder, walls: [c3]}\nplace: [2 rook, 3 knight]\nrules: [independent]", -1},
		{"mobius bishops", "board: {size: 5, wrap: mobius}\nplace: [max bishop]\nrules: [independent]", -1},
		{"klein queens, fixed king", "board: {size: 5, wrap: klein}\nfixed: [king c3]\nplace: [max queen]\nrules: [independent]", -1},
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
			checkCliqueRows(t, m, p, tc.lines)
		})
	}
}

// reaches reports whether piece variable a's reach holds b's square.
func reaches(m *model.Model, a, b Variable) bool {
	for _, r := range m.Board.Reach(m.Pieces[a.Piece], a.Square) {
		if r == b.Square {
			return true
		}
	}
	return false
}

// offByFixed reports whether a fixed piece reaches a's square or a would
// reach one: its own row (reachfix_) keeps it off.
func offByFixed(m *model.Model, a Variable) bool {
	for _, f := range m.Fixed {
		fixed := Variable{Piece: f.Piece, Square: f.Square}
		if reaches(m, fixed, a) || reaches(m, a, fixed) {
			return true
		}
	}
	return false
}

func checkCliqueRows(t *testing.T, m *model.Model, p *Program, wantLines int) {
	t.Helper()
	inRow := map[[2]int]bool{}
	lines := 0
	for _, row := range p.Rows {
		if !strings.HasPrefix(row.Name, "line_") && !strings.HasPrefix(row.Name, "clique_") {
			continue
		}
		if strings.HasPrefix(row.Name, "line_") {
			lines++
		}
		for x, a := range row.Terms {
			for _, b := range row.Terms[x+1:] {
				va, vb := p.Variables[a.Var], p.Variables[b.Var]
				if !reaches(m, va, vb) && !reaches(m, vb, va) {
					t.Errorf("%s: %s and %s do not attack each other", row.Name, va.Name, vb.Name)
				}
				inRow[[2]int{a.Var, b.Var}], inRow[[2]int{b.Var, a.Var}] = true, true
			}
		}
	}
	if wantLines >= 0 && lines != wantLines {
		t.Errorf("%d line rows, want %d", lines, wantLines)
	}
	for i, a := range p.Variables {
		for j, b := range p.Variables {
			if a.Role == RolePiece && b.Role == RolePiece && i != j && reaches(m, a, b) && !inRow[[2]int{i, j}] && !offByFixed(m, a) && !offByFixed(m, b) {
				t.Errorf("%s attacks %s and no row holds both", a.Name, b.Name)
			}
		}
	}
}
