package tour_test

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// method is one counting method as a model.Solver.
type method tour.Method

func (m method) Name() string { return tour.Method(m).String() }

func (m method) Solve(ctx context.Context, mod *model.Model, opts model.Options) (*model.Result, error) {
	return tour.SolveWith(ctx, mod, opts, tour.Method(m))
}

// TestKnownAnswers runs the tours of the table of known answers by each
// method. The frontier method counts without listing, so it gives no
// classes (its documented limit): it is asked for the count alone.
func TestKnownAnswers(t *testing.T) {
	for _, s := range []method{method(tour.Frontier), method(tour.Search)} {
		t.Run(s.Name(), func(t *testing.T) {
			known.Test(t, s.Name(), func(c *known.Case, m *model.Model) model.Solver {
				if m.Kind != model.KindTour {
					return nil
				}
				if tour.Method(s) == tour.Frontier {
					c.Opts.Symmetry, c.Want.Classes = false, known.Any
				}
				return s
			})
		})
	}
}
