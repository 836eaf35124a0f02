package ilp_test

import (
	"testing"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// TestKnownAnswers runs the cases of the table of known answers that
// lp_solve answers within the suite's time.
func TestKnownAnswers(t *testing.T) {
	known.Test(t, "ilp", func(c *known.Case, _ *model.Model) model.Solver {
		if !c.ILP {
			return nil
		}
		return ilp.New()
	})
}
