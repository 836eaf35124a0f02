package model

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestLinesAgreeWithGrid checks the checker against itself: independence is
// decided line by line (sorted buckets), coverage square by square (stepping
// along rides). A placement is independent exactly when no occupied square
// is attacked, so the two must agree on every random position. (Check reads
// the lines only when the grid attacks a piece, so the lines are asked here
// directly.)
func TestLinesAgreeWithGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := "pieces: {camel: {leap: [1, 3]}, nightrider: {ride: [1, 2]}, alfilrider: {ride: [2, 2]}, amazon: [queen, knight]}\n"
	kinds := []string{"king", "queen", "rook", "bishop", "knight", "camel", "nightrider", "alfilrider", "amazon"}
	seen := map[bool]int{}
	for trial := 0; trial < 3000; trial++ {
		rows, cols := 1+rng.IntN(9), 1+rng.IntN(9)
		var walls, off []string
		for i := rng.IntN(6); i > 0; i-- {
			walls = append(walls, Square{rng.IntN(cols), rng.IntN(rows)}.String())
		}
		for i := rng.IntN(3); i > 0; i-- {
			off = append(off, Square{rng.IntN(cols), rng.IntN(rows)}.String())
		}
		src := fmt.Sprintf("%sboard: {size: %dx%d, walls: %v, off: %v}\nplace: [", pieces, rows, cols, unique(walls), unique(off))
		for i, k := range kinds {
			if i > 0 {
				src += ", "
			}
			src += "0.. " + k
		}
		src += "]\nrules: [independent]\n"
		m, err := Parse([]byte(src), "random.yaml")
		if err != nil {
			continue // a wall and a hole on one square: draw again
		}
		var sol Solution
		taken := map[Square]bool{}
		for i := rng.IntN(6); i > 0; i-- {
			s := Square{rng.IntN(cols), rng.IntN(rows)}
			if m.Board.IsOpen(s) && !taken[s] {
				taken[s] = true
				sol.Pieces = append(sol.Pieces, Placed{Piece: kinds[rng.IntN(len(kinds))], Square: s})
			}
		}
		pos := &position{m: m, walls: map[Square]bool{}, pieces: sol.Pieces, reported: map[[2]int]bool{}}
		pos.index()
		r := &Report{Valid: true}
		pos.checkIndependent(r)
		if got := Check(m, &sol); got.Valid != r.Valid {
			t.Fatalf("trial %d: Check says valid=%v, the lines %v\n%s%s", trial, got.Valid, r.Valid, src, m.Diagram(&sol))
		}
		attacked, _, _ := pos.attackGrid()
		hit := false
		for _, pc := range sol.Pieces {
			hit = hit || attacked[m.Board.Index(pc.Square)]
		}
		seen[r.Valid]++
		if hit == r.Valid {
			t.Fatalf("trial %d: lines say valid=%v, grid says attacked=%v\n%s%s%v", trial, r.Valid, hit, src, m.Diagram(&sol), r.Problems)
		}
	}
	if seen[true] < 500 || seen[false] < 500 {
		t.Errorf("only %d independent and %d attacking positions: the test is not exercising both", seen[true], seen[false])
	}
}

func unique(s []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
