package sweep_test

import (
	"context"
	"os"
	"reflect"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// TestBlockedQueensSeed reproduces the tables of the blocked-queens seed:
// 2 walls: 2016 boards, values 8/9/10 on 368/1610/38 boards;
// 3 walls: 41664 boards in 5278 classes, 294/4291/692/1 classes of value 8..11.
func TestBlockedQueensSeed(t *testing.T) {
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		walls           int
		boards, classes int64
		byBoards        map[int64]int64
		byClasses       map[int64]int64
	}{
		{1, 64, 10, nil, nil}, // Burnside: (64 + 8 + 8) / 8 classes
		{2, 2016, 278, map[int64]int64{8: 368, 9: 1610, 10: 38}, nil},
		{3, 41664, 5278, nil, map[int64]int64{8: 294, 9: 4291, 10: 692, 11: 1}},
	} {
		if testing.Short() && tc.walls == 3 {
			continue
		}
		sum, err := sweep.Run(context.Background(), m, exact.New(), sweep.Options{Walls: tc.walls})
		if err != nil {
			t.Fatal(err)
		}
		if !sum.Complete || sum.Boards != tc.boards || sum.Classes != tc.classes {
			t.Errorf("%d walls: complete=%v %d boards %d classes, want %d and %d", tc.walls, sum.Complete, sum.Boards, sum.Classes, tc.boards, tc.classes)
		}
		var boards int64
		for _, b := range sum.Values {
			boards += b.Boards
			if want, ok := tc.byBoards[b.Value]; ok && b.Boards != want {
				t.Errorf("%d walls, value %d: %d boards, want %d", tc.walls, b.Value, b.Boards, want)
			}
			if want, ok := tc.byClasses[b.Value]; ok && b.Classes != want {
				t.Errorf("%d walls, value %d: %d classes, want %d", tc.walls, b.Value, b.Classes, want)
			}
		}
		if boards != tc.boards {
			t.Errorf("%d walls: orbits add up to %d boards, want %d", tc.walls, boards, tc.boards)
		}
	}
}

// TestTwoWallsByILP sweeps the 2-wall boards with the ILP backend: the
// seed's table again, from an independent method.
func TestTwoWallsByILP(t *testing.T) {
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := sweep.Run(context.Background(), m, ilp.New(), sweep.Options{Walls: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]int64{8: 368, 9: 1610, 10: 38}
	if !sum.Complete || len(sum.Values) != len(want) {
		t.Fatalf("complete=%v values %+v", sum.Complete, sum.Values)
	}
	for _, b := range sum.Values {
		if b.Boards != want[b.Value] {
			t.Errorf("value %d: %d boards, want %d", b.Value, b.Boards, want[b.Value])
		}
	}
}

// TestAllWallsDomination sweeps queens domination on 2x2 with 0 to 4
// walls by both backends (issue 22, F1): the board of four walls has
// nothing to cover, so its one class has value 0 (the exact backend once
// said it had no solution); every other wall count gets the same buckets
// from both.
func TestAllWallsDomination(t *testing.T) {
	src, err := os.ReadFile("../testdata/models/queens-domination.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(src, "queens-domination.yaml", "board=2")
	if err != nil {
		t.Fatal(err)
	}
	for walls := 0; walls <= 4; walls++ {
		var got [2]*sweep.Summary
		for i, solver := range []model.Solver{exact.New(), ilp.New()} {
			sum, err := sweep.Run(context.Background(), m, solver, sweep.Options{Walls: walls})
			if err != nil {
				t.Fatal(err)
			}
			if !sum.Complete || sum.Infeasible != 0 {
				t.Errorf("%s, %d walls: complete=%v, %d classes without a solution", solver.Name(), walls, sum.Complete, sum.Infeasible)
			}
			got[i] = sum
		}
		if !reflect.DeepEqual(got[0].Values, got[1].Values) {
			t.Errorf("%d walls: exact %+v, ilp %+v", walls, got[0].Values, got[1].Values)
		}
		if want := []sweep.Bucket{{Value: 0, Classes: 1, Boards: 1}}; walls == 4 && !reflect.DeepEqual(got[0].Values, want) {
			t.Errorf("4 walls: %+v, want %+v", got[0].Values, want)
		}
	}
}
