//go:build cgo

package ilp

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestMeasureAnchorSplit measures the decomposition of the fewest squares
// the eight pieces attack (16, exact backend) by the anchor of the symmetry
// rows: the king stands on one of 10 squares, so the program is the union
// of 10 sub-programs with the king fixed, and the least of their bounds is
// a bound of the whole. It prints the LP bound of each; then, for the king
// on the square of the weakest bound, the LP bounds with the queen fixed as
// well (solve_split.go). docs/cover.md quotes the table.
//
//	go test ./ilp -run MeasureAnchorSplit -ilp.measure=60s -v
func TestMeasureAnchorSplit(t *testing.T) {
	if *measureLimit == 0 {
		t.Skip("measurement: run with -ilp.measure=DURATION")
	}
	m := load_(t, "eight-pieces-fewest")
	p, err := compile(m, formulation{breakSymmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	fmt.Fprintf(&table, "\nwhole program: LP bound %.2f\n%-12s %8s\n", relaxation(t, p), "fixed", "LP bound")
	weakest, weakestBound := -1, math.Inf(1)
	for _, king := range pieceColumns(p, "king") {
		bound := relaxation(t, p.cell([]int{king}, nil))
		if math.IsNaN(bound) {
			t.Fatalf("%s: the relaxation is unfinished; raise -ilp.measure", p.Variables[king].Name)
		}
		if bound < weakestBound {
			weakest, weakestBound = king, bound
		}
		fmt.Fprintf(&table, "%-12s %8.2f\n", p.Variables[king].Name, bound)
	}
	if weakest < 0 {
		t.Fatal("no square for the king")
	}
	below, least := 0, math.Inf(1)
	for _, queen := range pieceColumns(p, "queen") {
		bound := relaxation(t, p.cell([]int{weakest, queen}, nil))
		if math.IsNaN(bound) { // infeasible (the symmetry rows forbid the pair) or unfinished
			continue
		}
		fmt.Fprintf(&table, "%-12s %8.2f\n", p.Variables[weakest].Name+" "+p.Variables[queen].Name, bound)
		least = math.Min(least, bound)
		if bound <= 15 {
			below++
		}
	}
	fmt.Fprintf(&table, "with %s: %d queen squares leave an LP bound of 15 or less, the least %.2f\n", p.Variables[weakest].Name, below, least)
	t.Log(table.String())
	// The symmetry rows keep an optimal placement, so one sub-program
	// holds it and the least of their bounds is at most the optimum.
	if weakestBound > 16 {
		t.Errorf("every sub-program's bound is above the exact optimum 16: least %.2f", weakestBound)
	}
}

// pieceColumns lists the columns of a piece that the program leaves free.
func pieceColumns(p *Program, piece string) []int {
	var out []int
	for i, v := range p.Variables {
		if v.Role == RolePiece && v.Piece == piece && v.Upper > 0 {
			out = append(out, i)
		}
	}
	return out
}
