//go:build cgo

package ilp

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestMeasureAnchorSplit measures the decomposition of the fewest squares
// the eight pieces attack (16, exact backend) by the anchor of the symmetry
// rows: the king stands on one of 10 squares, so the program is the union
// of 10 sub-programs with the king fixed, and the least of their bounds is
// a bound of the whole. For each it prints the LP bound and what lp_solve
// does within the measurement limit; then, for the king on the square of
// the weakest bound, the LP bounds with the queen fixed as well. The
// README's coverage section quotes the table.
//
//	go test ./ilp -run MeasureAnchorSplit -ilp.measure=30s -v
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
	fmt.Fprintf(&table, "\nwhole program: LP bound %.2f\n%-12s %8s %10s %6s %9s\n", relaxation(t, p), "fixed", "LP bound", "status", "best", "nodes")
	weakest, weakestBound := -1, math.Inf(1)
	for _, king := range pieceColumns(p, "king") {
		sub := fixed(p, king)
		bound := relaxation(t, sub)
		if bound < weakestBound {
			weakest, weakestBound = king, bound
		}
		status, best, nodes := solveWithin(t, sub)
		fmt.Fprintf(&table, "%-12s %8.2f %10v %6s %9d\n", p.Variables[king].Name, bound, status, best, nodes)
	}
	if weakest < 0 {
		t.Fatal("no square for the king")
	}
	below, least := 0, math.Inf(1)
	for _, queen := range pieceColumns(p, "queen") {
		bound := relaxation(t, fixed(p, weakest, queen))
		if math.IsNaN(bound) { // infeasible: the symmetry rows forbid the pair
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

// fixed is p with the given binary columns fixed to 1.
func fixed(p *Program, columns ...int) *Program {
	q := *p
	q.Variables = append([]Variable(nil), p.Variables...)
	for _, c := range columns {
		q.Variables[c].Lower = 1
	}
	return &q
}

// solveWithin runs lp_solve's branch and bound on p for the measurement
// limit.
func solveWithin(t *testing.T, p *Program) (status fmt.Stringer, best string, nodes int64) {
	t.Helper()
	sess, err := load(p)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.close()
	ctx, cancel := context.WithTimeout(context.Background(), *measureLimit)
	defer cancel()
	out, err := sess.solve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	best = "-"
	if out.values != nil {
		best = fmt.Sprint(math.Round(out.objective))
	}
	var st model.Stats
	sess.stats(&st)
	return out.status, best, st.Nodes
}
