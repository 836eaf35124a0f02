package compare_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestTours compares exact and ilp on tours (their counts are in the table
// of known answers), and checks that a backend without tours makes a row
// incomplete, never a disagreement.
func TestTours(t *testing.T) {
	for _, c := range []struct{ board, spec string }{
		{"5x6", "{piece: knight, closed: true}"},
		{"{size: 4, walls: [b2]}", "{piece: rook, closed: true}"}, // thousands of tours
		{"6", "{piece: camel}"},
	} {
		t.Run(c.board+c.spec, func(t *testing.T) {
			m, err := model.Parse([]byte(fmt.Sprintf("name: tour\npieces: {camel: {leap: [1, 3]}}\nboard: %s\ntour: %s\n", c.board, c.spec)), "tour.yaml")
			if err != nil {
				t.Fatal(err)
			}
			row := compare.Run(context.Background(), m, []model.Solver{exact.New(), ilp.New()}, model.TaskSolve, compare.Options{})
			if row.Verdict != compare.Agree {
				t.Fatalf("%v %s", row.Verdict, row.Reason)
			}
			row = compare.Run(context.Background(), m, []model.Solver{exact.New(), ilp.New(), &brute.Solver{}}, model.TaskSolve, compare.Options{})
			if row.Verdict != compare.Incomplete {
				t.Fatalf("with brute: %v %s, want incomplete", row.Verdict, row.Reason)
			}
		})
	}
}
