package brute_test

import (
	"testing"

	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// TestKnownAnswers runs the referee on the cases of the table of known
// answers that name it.
func TestKnownAnswers(t *testing.T) {
	known.Test(t, "brute", func(c *known.Case, _ *model.Model) model.Solver {
		if c.Brute == nil {
			return nil // a nil *Solver is not a nil model.Solver
		}
		return c.Brute
	})
}
