package ilp_test

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/internal/known"
)

// TestKnownAnswers runs the cases of the table of known answers that
// lp_solve answers within the suite's time.
func TestKnownAnswers(t *testing.T) {
	ran := 0
	for _, c := range known.Cases() {
		if !c.ILP {
			continue
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			if c.Slow && testing.Short() || c.TooLongFor("ilp") {
				t.Skip("slow")
			}
			m, err := c.Model()
			if err != nil {
				t.Fatal(err)
			}
			res, err := c.Run(context.Background(), ilp.New(), m)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Check(m, res); err != nil {
				t.Error(err)
			}
		})
	}
	if ran == 0 {
		t.Fatal("no case marked for the ILP")
	}
}
