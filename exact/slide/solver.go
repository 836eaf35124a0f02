package slide

import (
	"context"
	"errors"
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Options tune the searches of this package.
type Options struct {
	// Memory bounds the bytes of the search's tables: 0 takes MemoryEnv or
	// three quarters of the available memory, negative means no bound.
	Memory int64
	// Progress, when set, hears how far the search has gone (the fraction
	// is negative: the size of the answer is not known in advance).
	Progress func(done float64, note string)
	// Workers bounds the goroutines of the bidirectional search; 0 means
	// all cores, and at most model.MaxWorkers are run. The answer is the
	// same on any number.
	Workers int
}

// Solver answers TaskSolve on slide models: a shortest move list, verified
// by the caller with model.Verify. It is the part of the exact backend that
// exact.Solver dispatches slide models to, and reports itself as "exact".
type Solver struct {
	// Memory is Options.Memory for every solve; when 0, a solve takes
	// model.Options.MaxMemory, and when that is 0 too, the default of
	// Options.Memory (MemoryEnv, else 3/4 of the available memory): the
	// tables are the point of a slide search, so the default bound is the
	// machine's, not model.DefaultMaxMemory.
	Memory int64
}

var _ model.Solver = (*Solver)(nil)

// Name is "exact": the slide search is part of the exact backend.
func (*Solver) Name() string { return "exact" }

// Solve finds a shortest solution (status optimal, value the number of
// moves), proves that there is none (infeasible), or stops when ctx ends
// (unknown). Count and enumerate are not supported.
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if opts.Task != model.TaskSolve {
		return nil, fmt.Errorf("slide: %s is not supported on sliding puzzles (solve finds a shortest solution): %w", opts.Task, model.ErrUnsupported)
	}
	return driver.Frame(ctx, m, opts, s.Name(), func(_ *tasks.Stopper, res *model.Result) error {
		return s.solve(ctx, m, opts, res)
	})
}

// solve is Solve within the frame of every exact solve (driver.Frame); the
// search polls ctx itself.
func (s *Solver) solve(ctx context.Context, m *model.Model, opts model.Options, res *model.Result) error {
	memory := s.Memory
	if memory == 0 {
		memory = opts.MaxMemory
	}
	shortest := Shortest
	if m.Kind == model.KindSlide && m.Slide != nil && m.Slide.Labelled() {
		shortest = ShortestLabelled // labelled.go
	}
	out, err := shortest(ctx, m, Options{Memory: memory, Progress: opts.Progress, Workers: opts.Workers})
	if err != nil {
		return err
	}
	res.Stats.Nodes = out.Expanded
	res.Stats.StatesStored = model.Int64(int64(out.Stored))
	res.Stats.Extra = map[string]any{
		"depth_forward":  out.Forward,
		"depth_backward": out.Backward,
		"memory_peak":    out.Peak,
		"peak_rss":       peakResident(),
	}
	switch {
	case !out.Complete:
		res.Status = model.StatusUnknown
	case out.Found:
		res.Status = model.StatusOptimal
		res.Value = model.Int64(int64(len(out.Moves)))
		res.Solution = &model.Solution{Moves: out.Moves}
		if len(out.Moves) == 0 {
			res.Solution.Moves = []model.Move{}
		}
	default:
		res.Status = model.StatusInfeasible
		if m.Slide.Labelled() {
			res.Stats.Reason = fmt.Sprintf("exhaustive search: none of the %d positions reachable from the start is the goal", out.Stored)
		}
	}
	if ctx.Err() != nil && !out.Complete && !errors.Is(ctx.Err(), context.Canceled) && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return ctx.Err()
	}
	return nil
}
