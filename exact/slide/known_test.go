package slide

import (
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// TestKnownAnswers runs the slides of the table of known answers.
func TestKnownAnswers(t *testing.T) {
	known.Test(t, "exact", func(_ *known.Case, m *model.Model) model.Solver {
		if m.Kind != model.KindSlide {
			return nil
		}
		return &Solver{}
	})
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
