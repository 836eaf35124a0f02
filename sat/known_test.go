package sat_test

import (
	"testing"

	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sat"
)

// maxKnownCount bounds the counts of the cases run here, which are on
// boards of 64 squares at most: counting blocks each solution and runs
// cadical again (the 88 solutions of 11x11 torus queens took 193 s).
const maxKnownCount = 500

// TestKnownAnswers runs the placement cases of the table of known answers
// that the encoding formulates, within the suite's time: those lp_solve
// answers (ILP), solved, or counted when the count and the board are small.
func TestKnownAnswers(t *testing.T) {
	needCadical(t)
	known.Test(t, "sat", func(c *known.Case, m *model.Model) model.Solver {
		if sat.Supports(m) != nil || !c.ILP || c.Opts.DistinctWalls {
			return nil
		}
		if c.Task != model.TaskSolve && (c.Want.Count < 0 || c.Want.Count > maxKnownCount || m.Board.OpenCount() > 64) {
			return nil
		}
		return sat.New()
	})
}
