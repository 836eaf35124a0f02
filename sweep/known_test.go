package sweep_test

import (
	"context"
	"maps"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// TestKnownCensuses sweeps the families of the table of known answers with
// the exact backend, and with the ILP where it is marked.
func TestKnownCensuses(t *testing.T) {
	for _, c := range known.Censuses() {
		solvers := []model.Solver{exact.New()}
		if c.ILP {
			solvers = append(solvers, ilp.New())
		}
		for _, s := range solvers {
			t.Run(c.Name+"/"+s.Name(), func(t *testing.T) {
				if c.Slow && testing.Short() {
					t.Skip("slow")
				}
				m, err := c.Model()
				if err != nil {
					t.Fatal(err)
				}
				sum, err := sweep.Run(context.Background(), m, s, sweep.Options{Walls: c.Walls})
				if err != nil {
					t.Fatal(err)
				}
				checkCensus(t, c, sum)
			})
		}
	}
}

func checkCensus(t *testing.T, c known.Census, sum *sweep.Summary) {
	t.Helper()
	if !sum.Complete || sum.Boards != c.Boards || sum.Classes != c.Classes {
		t.Errorf("complete=%v %d boards %d classes, want %d and %d", sum.Complete, sum.Boards, sum.Classes, c.Boards, c.Classes)
	}
	var boards int64
	byBoards, byClasses := map[int64]int64{}, map[int64]int64{}
	for _, b := range sum.Values {
		boards += b.Boards
		byBoards[b.Value], byClasses[b.Value] = b.Boards, b.Classes
	}
	if boards != c.Boards {
		t.Errorf("the values add up to %d boards, want %d", boards, c.Boards)
	}
	for _, want := range []struct {
		what      string
		got, want map[int64]int64
	}{{"boards", byBoards, c.ByBoards}, {"classes", byClasses, c.ByClasses}} {
		if want.want != nil && !maps.Equal(want.got, want.want) {
			t.Errorf("%s by value %v, want %v", want.what, want.got, want.want)
		}
	}
}
