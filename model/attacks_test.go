package model_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestAttackedSquaresAgreesWithCheck counts the open squares AttackedSquares
// marks and compares the count with the checker's, which comes from the
// checker's own grid, on seeded random placements: plain and wrapped
// boards, walls of the board and of the solution, strong and weak attack.
func TestAttackedSquaresAgreesWithCheck(t *testing.T) {
	kinds := []string{"queen", "rook", "bishop", "knight", "king"}
	rng := rand.New(rand.NewPCG(27, 1))
	for _, wrap := range []string{"none", "cylinder", "torus", "mobius", "klein"} {
		for _, attack := range []string{"strong", "weak"} {
			src := fmt.Sprintf("board: {size: 6x5, wrap: %s, walls: {fixed: [c3], free: true}}\nplace: [max queen, max rook, max bishop, max knight, max king]\nrules: [attack %s]", wrap, attack)
			m := mustParse(t, src)
			for trial := range 40 {
				sol := randomPlacement(rng, m, kinds)
				grid := m.AttackedSquares(append(slices.Clone(m.Fixed), sol.Pieces...), sol.Walls)
				var got int64
				for i, hit := range grid {
					if s := m.Board.Square(i); hit && m.Board.IsOpen(s) && !slices.Contains(sol.Walls, s) {
						got++
					}
				}
				report := model.Check(m, sol)
				if !report.Valid {
					t.Fatalf("%s, attack %s, trial %d: the placement is not valid: %v", wrap, attack, trial, report.Problems)
				}
				if want := report.Measures["attacked"]; got != want {
					t.Errorf("%s, attack %s, trial %d (%v walls %v): %d squares attacked, the checker counts %d",
						wrap, attack, trial, sol.Pieces, sol.Walls, got, want)
				}
			}
		}
	}
}

// randomPlacement puts up to six pieces and two walls on distinct open
// squares of the model's board.
func randomPlacement(rng *rand.Rand, m *model.Model, kinds []string) *model.Solution {
	b := m.Board
	var open []model.Square
	for i := range b.Size() {
		if s := b.Square(i); b.IsOpen(s) {
			open = append(open, s)
		}
	}
	rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
	walls, pieces := rng.IntN(3), 1+rng.IntN(6)
	sol := &model.Solution{Walls: open[:walls]}
	for _, s := range open[walls : walls+pieces] {
		sol.Pieces = append(sol.Pieces, model.Placed{Piece: kinds[rng.IntN(len(kinds))], Square: s})
	}
	return sol
}

// TestAttackedSquaresReadsOnly checks that a piece off the board attacks
// nothing and that the inputs are left as they were.
func TestAttackedSquaresReadsOnly(t *testing.T) {
	m := mustParse(t, "board: 4\nplace: [max rook]\nrules: [attack strong]")
	pieces := []model.Placed{{Piece: "rook", Square: model.Square{File: -1, Rank: 0}}, {Piece: "rook", Square: sq(t, "a1")}}
	walls := []model.Square{sq(t, "c1")}
	before, wallsBefore := slices.Clone(pieces), slices.Clone(walls)
	grid := m.AttackedSquares(pieces, walls)
	var got []string
	for i, hit := range grid {
		if hit {
			got = append(got, m.Board.Square(i).String())
		}
	}
	if want := []string{"b1", "a2", "a3", "a4"}; !slices.Equal(got, want) {
		t.Errorf("attacked %v, want %v", got, want)
	}
	if !slices.Equal(pieces, before) || !slices.Equal(walls, wallsBefore) {
		t.Errorf("the inputs changed: %v %v", pieces, walls)
	}
}
