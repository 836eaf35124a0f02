package exact

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chessmodel/chessmodel/exact/internal/clique"
	"github.com/chessmodel/chessmodel/exact/internal/cover"
	"github.com/chessmodel/chessmodel/exact/internal/domination"
	"github.com/chessmodel/chessmodel/exact/internal/fold"
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
	res, err := s.solve(ctx, m, opts)
	if res != nil {
		model.SettleStatus(m, res)
	}
	return res, err
}

func (s *Solver) solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if m.Kind != model.KindPlace {
		if err := refuseParts(opts, m.Kind.String()+"s"); err != nil {
			return nil, err
		}
	}
	switch m.Kind {
	case model.KindSlide:
		return (&slide.Solver{}).Solve(ctx, m, opts)
	case model.KindTour:
		return tour.Solve(ctx, m, opts)
	}
	start := time.Now()
	if m.Kind != model.KindPlace {
		return nil, fmt.Errorf("exact: %s models are not solved by the placement backend yet: %w", m.Kind, model.ErrUnsupported)
	}
	if opts.Task == model.TaskEnumerate && opts.Emit == nil {
		return nil, errors.New("exact: enumerate needs Options.Emit to receive the solutions")
	}
	res := &model.Result{
		Model:   m.Name,
		Kind:    m.Kind.String(),
		Task:    opts.Task,
		Backend: s.Name(),
		Stats:   model.Stats{Extra: map[string]any{}},
	}
	st := tasks.NewStopper(ctx)
	defer st.Close()
	err := dispatch(st, m, opts, res)
	res.Stats.Seconds = time.Since(start).Seconds()
	if err != nil {
		return nil, err
	}
	return res, nil
}

// dispatch picks the method from the model's structure.
func dispatch(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error {
	if opts.DistinctWalls && m.FreeWalls == nil && opts.Task == model.TaskCount {
		if err := refuseParts(opts, "--distinct walls on fixed walls"); err != nil {
			return err
		}
		return oneWallSet(st, m, opts, res)
	}
	if sq, ok := nqueens.Detect(m); ok {
		return nqueens.Solve(st, m, sq, opts, res)
	}
	if taken, err := transfer.Count(st, m, opts, res); taken {
		return err
	}
	if err := refuseParts(opts, "this search"); err != nil {
		return err
	}
	p, err := problem.CompileWithin(m, opts.MaxMemory)
	if err != nil {
		return err
	}
	switch {
	case m.FreeWalls != nil:
		if needsCoverage(m) {
			return cover.SolveWalls(st, p, opts, res)
		}
		return walls.Solve(st, p, opts, res)
	case needsCoverage(m):
		if groups, ok := fold.Fits(m); ok {
			if m.Objective.Sense == model.Minimize && m.Objective.Measure != model.MeasurePieces {
				if opts.Task == model.TaskSolve {
					return fold.SolveFewest(st, p, groups, opts, res)
				}
				return cover.Solve(st, p, opts, res)
			}
			if opts.Task == model.TaskSolve && domination.Fits(m, groups) {
				if done, err := domination.Solve(st, p, groups[0], opts, res); done || err != nil {
					return err
				}
			}
			return fold.Solve(st, p, groups, opts, res)
		}
		return cover.Solve(st, p, opts, res)
	}
	return clique.Solve(st, p, opts, res)
}

// needsCoverage reports whether attacked squares matter to the model.
func needsCoverage(m *model.Model) bool {
	ms := m.Objective.Measure
	return m.Rules.Cover != nil || ms == model.MeasureAttacked || ms == model.MeasureDominated
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
