package slide

import (
	"context"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// TestKnownAnswers runs the slides of the table of known answers.
func TestKnownAnswers(t *testing.T) {
	ran := 0
	for _, c := range known.Cases() {
		m, err := c.Model()
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if m.Kind != model.KindSlide {
			continue
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			if c.Slow && testing.Short() || c.TooLongFor("exact") {
				t.Skip("slow")
			}
			res, err := c.Run(context.Background(), &Solver{}, m)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Check(m, res); err != nil {
				t.Error(err)
			}
		})
	}
	if ran == 0 {
		t.Fatal("no slide in the table")
	}
}

// seedMoves is the seed's least number of moves for rooks on n x n.
func seedMoves(tb testing.TB, n int) int {
	tb.Helper()
	c, err := known.Find(fmt.Sprintf("sliding rooks %dx%d", n, n))
	if err != nil {
		tb.Fatal(err)
	}
	return int(c.Want.Value)
}
