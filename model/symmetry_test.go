package model_test

import (
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

func TestSymmetryGroups(t *testing.T) {
	for _, tc := range []struct {
		file string
		want int
	}{
		{"eight-queens.yaml", 8},
		{"queens-6x9.yaml", 4},
		{"blocked-2w-value10.yaml", 1}, // d7 f6: no symmetry maps the pair onto itself
		{"blocked-3w-value11.yaml", 1},
		{"blocked-3w-diagram.yaml", 1},
		{"blocked-4w-value11.yaml", 1},
		{"least-walls-16.yaml", 8}, // free walls do not break symmetry
		{"eight-pieces.yaml", 8},   // colour-swapping maps "on light" to "on dark": still the model
		{"eight-pieces-same-colour.yaml", 4},
		{"kings-shaped.yaml", 2}, // the fixed knight on c3 keeps only the a1-h8 diagonal
		{"knights-tour.yaml", 1}, // no symmetry of 8x8 fixes the start d8
		{"knights-tour-closed.yaml", 8},
		{"sliding-rooks.yaml", 8},
		{"blocked-2w-symmetric", 2},
	} {
		t.Run(tc.file, func(t *testing.T) {
			var m *model.Model
			var err error
			if tc.file == "blocked-2w-symmetric" {
				// walls on the a1-h8 diagonal's mirror pair b3 and c2
				m, err = model.Parse([]byte("board: {size: 8, walls: [b3, c2]}\nplace: [max queen]\n"), tc.file)
			} else {
				m, err = model.Load("../testdata/models/" + tc.file)
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := len(m.Symmetries()); got != tc.want {
				var names []string
				for _, g := range m.Symmetries() {
					names = append(names, g.Name())
				}
				t.Errorf("group of order %d %v, want %d", got, names, tc.want)
			}
		})
	}
}

// TestGroupClosed checks that every computed group is closed under
// composition, so it really is a group.
func TestGroupClosed(t *testing.T) {
	for _, file := range []string{"eight-queens.yaml", "queens-6x9.yaml", "blocked-2w-value10.yaml", "eight-pieces-same-colour.yaml"} {
		m, err := model.Load("../testdata/models/" + file)
		if err != nil {
			t.Fatal(err)
		}
		g := m.Symmetries()
		in := map[model.Transform]bool{}
		for _, x := range g {
			in[x] = true
		}
		b := m.Board
		for _, x := range g {
			for _, y := range g {
				// Find the element that acts as x after y on every square.
				var found bool
				for _, z := range g {
					same := true
					for i := 0; i < b.Size() && same; i++ {
						s := b.Square(i)
						same = x.Apply(y.Apply(s, b.Rows, b.Cols), b.Rows, b.Cols) == z.Apply(s, b.Rows, b.Cols)
					}
					found = found || same
				}
				if !found {
					t.Errorf("%s: %s after %s is not in the group", file, x.Name(), y.Name())
				}
			}
		}
	}
}

func TestCanonicalEightQueens(t *testing.T) {
	m, err := model.Load("../testdata/models/eight-queens.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// Every solution of eight queens, by a plain permutation search; 92 of
	// them fall into 12 classes under the eight symmetries.
	canon := m.CanonicalFunc()
	classes := map[string]bool{}
	total := 0
	var cols []int
	var place func()
	place = func() {
		if len(cols) == 8 {
			var sol model.Solution
			for r, c := range cols {
				sol.Pieces = append(sol.Pieces, model.Placed{Piece: "queen", Square: model.Square{File: c, Rank: r}})
			}
			sol.Normalize()
			if rep := model.Check(m, &sol); !rep.Valid {
				t.Fatalf("permutation search found an invalid solution: %v", rep.Problems)
			}
			total++
			classes[canon(sol).Key()] = true
			return
		}
	next:
		for c := 0; c < 8; c++ {
			r := len(cols)
			for pr, pc := range cols {
				if pc == c || pc-c == pr-r || pc-c == r-pr {
					continue next
				}
			}
			cols = append(cols, c)
			place()
			cols = cols[:len(cols)-1]
		}
	}
	place()
	if total != 92 || len(classes) != 12 {
		t.Errorf("%d solutions in %d classes, want 92 in 12", total, len(classes))
	}
}

// TestWrappedSymmetriesKeepWeights: on a wrapped board, as on a plain one,
// a symmetry maps every square to one of the same weight (issue 36: the
// shift of a 1x2 torus swapped a1, weighing 4, with b1, weighing -1, and
// the ILP counted the one best placement twice).
func TestWrappedSymmetriesKeepWeights(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"board: {size: 1x2, wrap: torus, weights: {a1: 4, b1: -1}}\nplace: [1..3 knight]\nobjective: maximize weight\n", 4}, // of 8: those that fix a1
		{"board: {size: 1x2, wrap: torus, weights: {a1: 4, b1: 4}}\nplace: [1..3 knight]\nobjective: maximize weight\n", 8},
		{"board: {size: 3, wrap: torus, weights: {b2: 1}}\nplace: [1..3 knight]\nobjective: maximize weight\n", 8}, // of 72: those that fix b2
	} {
		m, err := model.Parse([]byte(c.text), "w.yaml")
		if err != nil {
			t.Fatal(err)
		}
		got := m.BoardSymmetries()
		for _, s := range got {
			for sq, w := range m.Weights {
				if m.Weights[s.Apply(sq, m.Board.Rows, m.Board.Cols)] != w {
					t.Errorf("%s: %v maps %v (weight %d) elsewhere", c.text, s, sq, w)
				}
			}
		}
		if len(got) != c.want {
			t.Errorf("%s: %d symmetries, want %d", c.text, len(got), c.want)
		}
	}
}
