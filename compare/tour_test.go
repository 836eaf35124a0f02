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

// TestTours compares exact and ilp on tour counts small enough for no-good
// cuts, and checks that a backend without tours makes a row incomplete,
// never a disagreement.
func TestTours(t *testing.T) {
	for _, c := range []struct {
		board, spec    string
		count, classes int64
	}{
		{"5x6", "{piece: knight, closed: true}", 8, 3},
		{"3x4", "{piece: knight}", 16, 4},
		{"5", "{piece: knight, start: a1}", 304, 152},
		{"{size: 4, walls: [b2]}", "{piece: rook, closed: true}", -1, -1}, // solve only: thousands of tours
		{"6", "{piece: camel}", 0, 0},
	} {
		t.Run(c.board+c.spec, func(t *testing.T) {
			m, err := model.Parse([]byte(fmt.Sprintf("name: tour\npieces: {camel: {leap: [1, 3]}}\nboard: %s\ntour: %s\n", c.board, c.spec)), "tour.yaml")
			if err != nil {
				t.Fatal(err)
			}
			tasks := []model.Task{model.TaskSolve, model.TaskCount}
			if c.count < 0 {
				tasks = tasks[:1]
			}
			for _, task := range tasks {
				row := compare.Run(context.Background(), m, []model.Solver{exact.New(), ilp.New()}, task, compare.Options{Symmetry: true})
				if row.Verdict != compare.Agree {
					t.Fatalf("%v: %v %s", task, row.Verdict, row.Reason)
				}
				a := row.Answers[0]
				if task == model.TaskCount && (*a.Count != c.count || *a.Classes != c.classes) {
					t.Fatalf("count %d/%d, want %d/%d", *a.Count, *a.Classes, c.count, c.classes)
				}
			}
			row := compare.Run(context.Background(), m, []model.Solver{exact.New(), ilp.New(), &brute.Solver{}}, model.TaskSolve, compare.Options{})
			if row.Verdict != compare.Incomplete {
				t.Fatalf("with brute: %v %s, want incomplete", row.Verdict, row.Reason)
			}
		})
	}
}
