package tour_test

import (
	"context"
	"errors"
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
// method.
func TestKnownAnswers(t *testing.T) {
	ran := 0
	for _, c := range known.Cases() {
		m, err := c.Model()
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if m.Kind != model.KindTour {
			continue
		}
		for _, s := range []method{method(tour.Frontier), method(tour.Search)} {
			ran++
			t.Run(c.Name+"/"+s.Name(), func(t *testing.T) {
				c := c // changed below for this method alone
				if c.Slow && testing.Short() || c.TooLongFor(s.Name()) {
					t.Skip("slow")
				}
				res, err := c.Run(context.Background(), s, m)
				if errors.Is(err, model.ErrUnsupported) && c.Opts.Symmetry {
					// the method counts without classes (its documented limit)
					c.Opts.Symmetry, c.Want.Classes = false, known.Any
					res, err = c.Run(context.Background(), s, m)
				}
				if err != nil {
					t.Fatal(err)
				}
				if err := c.Check(m, res); err != nil {
					t.Error(err)
				}
			})
		}
	}
	if ran == 0 {
		t.Fatal("no tour in the table")
	}
}
