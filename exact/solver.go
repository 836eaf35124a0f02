package exact

import (
	"context"
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/armies"
	"github.com/chessmodel/chessmodel/exact/internal/attackcounts"
	"github.com/chessmodel/chessmodel/exact/internal/clique"
	"github.com/chessmodel/chessmodel/exact/internal/cover"
	"github.com/chessmodel/chessmodel/exact/internal/domination"
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/fewestsquares"
	"github.com/chessmodel/chessmodel/exact/internal/fold"
	"github.com/chessmodel/chessmodel/exact/internal/game"
	"github.com/chessmodel/chessmodel/exact/internal/lines"
	"github.com/chessmodel/chessmodel/exact/internal/nqueens"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/exact/internal/transfer"
	"github.com/chessmodel/chessmodel/exact/internal/walls"
	"github.com/chessmodel/chessmodel/exact/slide"
	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/model"
)

// Solver is the exact backend. The zero value is ready to use.
type Solver struct{}

var _ model.Solver = (*Solver)(nil)

// New returns the exact backend.
func New() *Solver { return &Solver{} }

// Name is "exact".
func (*Solver) Name() string { return "exact" }

// Solve performs opts.Task on a model. Placements are solved here; tours
// and slides have packages of their own, exact/tour and exact/slide. The
// status is in the vocabulary every backend shares (model.SettleStatus):
// satisfied, not optimal, on a model without an objective.
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	opts.Improved = model.Improving(m.Objective.Sense, opts.Improved)
	res, err := s.solve(ctx, m, opts)
	if res != nil {
		model.SettleStatus(m, res)
		opts.ReportFinal(res)
	}
	return res, err
}

func (s *Solver) solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if err := opts.Shard.Validate(); err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	switch m.Kind {
	case model.KindSlide:
		if err := driver.Whole(opts, "a slide search"); err != nil {
			return nil, err
		}
		return (&slide.Solver{}).Solve(ctx, m, opts)
	case model.KindGame:
		return game.Solve(ctx, m, opts) // exact/internal/game: retrograde analysis
	case model.KindTour:
		if opts.Task != model.TaskCount { // a count by the search splits (exact/tour/dfsshard.go)
			if err := driver.Whole(opts, "a tour search"); err != nil {
				return nil, err
			}
		}
		return tour.Solve(ctx, m, opts)
	}
	if m.Kind != model.KindPlace {
		return nil, fmt.Errorf("exact: %s models are not solved by the placement backend yet: %w", m.Kind, model.ErrUnsupported)
	}
	return driver.Frame(ctx, m, opts, s.Name(), func(st *tasks.Stopper, res *model.Result) error {
		return driver.Dispatch(st, m, opts, res, placement)
	})
}

// placement is the order in which dispatch tries the techniques: the
// first that fits a model runs (driver.Dispatch). Each says itself what
// it fits; the order makes the choice among those that fit more than
// one. Attack counts and weights (on any board, with any pieces and
// groups) and groups each go to the one technique that reads them; a
// model that is not plain (a wrapped board, a one-sided piece) is left to
// clique and cover, which read only the compiled reach and lines; the
// n-queens counter and the transfer matrix read the model uncompiled,
// the transfer declining a count the general search is estimated to make
// cheaper; the fewest-pieces branch and bound declines, to folding, a
// cover that is short under strong attack. Set in init: one wall set
// dispatches again.
var placement []driver.Technique

func init() {
	placement = []driver.Technique{
		oneWallSet,
		attackcounts.Technique,
		notPlain,
		armies.Technique,
		nqueens.Technique,
		lines.Technique,
		transfer.Technique,
		cover.WithWalls,
		walls.Technique,
		clique.Technique,
		fewestsquares.Technique,
		domination.Technique,
		fold.Folding,
		cover.Technique,
	}
}

// notPlain refuses groups and free walls on a model that is not plain:
// the armies search and the wall searches read straight lines and
// symmetric attack, and no other technique reads them.
var notPlain = driver.Technique{
	Name: "not plain",
	FitsModel: func(m *model.Model, _ model.Options) (any, bool) {
		return nil, (m.HasGroups() || m.FreeWalls != nil) && !m.Plain()
	},
	SolveModel: func(_ *tasks.Stopper, m *model.Model, _ any, _ model.Options, _ *model.Result) error {
		if m.HasGroups() {
			return fmt.Errorf("exact: pieces in groups are not supported %s: the armies search reads straight lines and symmetric attack"+model.PlainOnly+": %w",
				m.NotPlain(), model.ErrUnsupported)
		}
		return fmt.Errorf("exact: free walls are not supported %s: the wall searches assume straight lines and symmetric attack"+model.PlainOnly+": %w",
			m.NotPlain(), model.ErrUnsupported)
	},
}

// oneWallSet counts distinct wall sets on a model whose walls are all fixed:
// one when it has a solution, none otherwise.
var oneWallSet = driver.Technique{
	Name: "one wall set",
	FitsModel: func(m *model.Model, opts model.Options) (any, bool) {
		return nil, opts.DistinctWalls && m.FreeWalls == nil && opts.Task == model.TaskCount
	},
	SolveModel: func(st *tasks.Stopper, m *model.Model, _ any, opts model.Options, res *model.Result) error {
		if err := driver.Whole(opts, "counting the one wall set of a model with fixed walls"); err != nil {
			return err
		}
		inner := opts
		inner.Task = model.TaskSolve
		inner.DistinctWalls = false
		if err := driver.Dispatch(st, m, inner, res, placement); err != nil {
			return err
		}
		n := int64(0)
		if res.Status == model.StatusOptimal {
			n = 1
		}
		if res.Status != model.StatusUnknown {
			res.Count = model.Int64(n)
			if opts.Symmetry {
				res.Classes = model.Int64(n)
			}
		}
		res.Task = opts.Task
		return nil
	},
}
