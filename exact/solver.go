package exact

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chessmodel/chessmodel/exact/internal/armies"
	"github.com/chessmodel/chessmodel/exact/internal/clique"
	"github.com/chessmodel/chessmodel/exact/internal/counts"
	"github.com/chessmodel/chessmodel/exact/internal/cover"
	"github.com/chessmodel/chessmodel/exact/internal/domination"
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/fewestsquares"
	"github.com/chessmodel/chessmodel/exact/internal/fold"
	"github.com/chessmodel/chessmodel/exact/internal/game"
	"github.com/chessmodel/chessmodel/exact/internal/nqueens"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
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
	start := time.Now()
	if m.Kind != model.KindPlace {
		return nil, fmt.Errorf("exact: %s models are not solved by the placement backend yet: %w", m.Kind, model.ErrUnsupported)
	}
	if opts.Task == model.TaskEnumerate && opts.Emit == nil {
		return nil, errors.New("exact: enumerate needs Options.Emit to receive the solutions")
	}
	res := model.NewResult(m, opts.Task, s.Name())
	st := tasks.NewStopper(ctx)
	defer st.Close()
	err := dispatch(st, m, opts, res)
	res.Stats.Seconds = time.Since(start).Seconds()
	if err != nil {
		return nil, err
	}
	return res, nil
}

// dispatch picks the method from the model's structure. Four choices
// read the model before it is compiled: attack counts and weights (on any
// board, with any pieces and groups), wrapped boards and one-sided pieces
// (general), and groups each go to the one technique that reads them; the n-queens fast path and the
// transfer-matrix counter never compile (their boards may be far larger
// than the compiled problem allows). Every other choice is made from the
// compiled problem.
func dispatch(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error {
	if opts.DistinctWalls && m.FreeWalls == nil && opts.Task == model.TaskCount {
		if err := driver.Whole(opts, "counting the one wall set of a model with fixed walls"); err != nil {
			return err
		}
		return oneWallSet(st, m, opts, res)
	}
	if m.HasCounts() { // attack counts and square weights: no other technique reads them
		p, err := problem.CompileWithin(m, opts.MaxMemory)
		if err != nil {
			return err
		}
		return counts.Solve(st, p, opts, res)
	}
	if !m.Plain() {
		return general(st, m, opts, res)
	}
	if m.HasGroups() { // armies: no other technique reads groups
		p, err := problem.CompileWithin(m, opts.MaxMemory)
		if err != nil {
			return err
		}
		return armies.Solve(st, p, opts, res)
	}
	if sq, ok := nqueens.Detect(m); ok {
		return nqueens.Solve(st, m, sq, opts, res)
	}
	if taken, err := transfer.Count(st, m, opts, res); taken {
		return err
	}
	p, err := problem.CompileWithin(m, opts.MaxMemory)
	if err != nil {
		return err
	}
	groups, folds := fold.Fits(p)
	switch {
	case p.FreeWalls && p.NeedsCoverage():
		return cover.SolveWalls(st, p, opts, res)
	case p.FreeWalls:
		return walls.Solve(st, p, opts, res)
	case !p.NeedsCoverage():
		return clique.Solve(st, p, opts, res)
	case !folds:
		return cover.Solve(st, p, opts, res)
	}
	return folding(st, p, groups, opts, res)
}

// general answers a model that is not plain (a wrapped board, a one-sided
// piece) with the techniques that read only the compiled reach and lines:
// clique for independence without coverage, cover for the rest. The
// n-queens counter, the transfer matrix, folding and the free-walls
// searches assume straight lines of the rectangle and symmetric attack.
func general(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error {
	if m.HasGroups() {
		return fmt.Errorf("exact: pieces in groups are not supported %s: the armies search reads straight lines and symmetric attack"+model.PlainOnly+": %w",
			m.NotPlain(), model.ErrUnsupported)
	}
	if m.FreeWalls != nil {
		return fmt.Errorf("exact: free walls are not supported %s: the wall searches assume straight lines and symmetric attack"+model.PlainOnly+": %w",
			m.NotPlain(), model.ErrUnsupported)
	}
	p, err := problem.CompileWithin(m, opts.MaxMemory)
	if err != nil {
		return err
	}
	if !p.NeedsCoverage() {
		return clique.Solve(st, p, opts, res)
	}
	return cover.Solve(st, p, opts, res)
}

// folding answers the models folding fits: the fewest attacked or
// dominated squares, the fewest pieces that cover, the rest by folding.
func folding(st *tasks.Stopper, p *problem.Problem, groups []fold.Group, opts model.Options, res *model.Result) error {
	if fold.MinimisesCoverage(p) {
		if opts.Task == model.TaskSolve {
			return fewestsquares.Solve(st, p, groups, opts, res)
		}
		return cover.Solve(st, p, opts, res) // folding counts no fewest (fold.Folding)
	}
	if opts.Task != model.TaskSolve || !fold.SplitsSolve(p, groups) { // fold's part.go
		if err := driver.Whole(opts, fold.FoldingWhat(opts)); err != nil {
			return err
		}
	}
	if opts.Task == model.TaskSolve && domination.Fits(p, groups) { // whole, or one part of its proof
		if done, err := domination.Solve(st, p, groups[0], opts, res); done || err != nil {
			return err
		}
	}
	return fold.Solve(st, p, groups, opts, res)
}

// oneWallSet counts distinct wall sets on a model whose walls are all fixed:
// one when it has a solution, none otherwise.
func oneWallSet(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error {
	inner := opts
	inner.Task = model.TaskSolve
	inner.DistinctWalls = false
	if err := dispatch(st, m, inner, res); err != nil {
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
}
