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
