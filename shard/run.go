package shard

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// RunOptions are how a part runs, which does not change its answer.
type RunOptions struct {
	Workers   int   // goroutines: 0 for every core
	MaxMemory int64 // model.Options.MaxMemory
	Progress  func(done float64, note string)
	// Key seals the record (Record.Seal): nil for the plain seal.
	Key []byte
	// Build names the program that runs the part (Record.Build): merge
	// refuses parts of two builds, whose task lists may differ.
	Build string
}

// ErrIncomplete is wrapped by the error of a part stopped before its end:
// it has no record, since a partial count must never be merged.
var ErrIncomplete = errors.New("shard: the part stopped before its end")

// Run does part k of the job with the backend and checks its example with
// the checker. A job of one part is the whole task, which every backend
// does; a backend that cannot split its task refuses a part with
// model.ErrUnsupported.
func Run(ctx context.Context, job *Job, k int, solver model.Solver, ro RunOptions) (*Record, error) {
	if k < 0 || k >= job.Of {
		return nil, fmt.Errorf("shard: part %d of %d: expected 0 <= part < %d", k, job.Of, job.Of)
	}
	m, err := job.ParseModel()
	if err != nil {
		return nil, err
	}
	part := model.Shard{Index: k, Of: job.Of}
	if job.Of == 1 && job.Task != TaskSolve { // a proof's one part is still a part: it reports its proof
		part = model.Shard{}
	}
	rec := &Record{Job: *job, Shard: k, Build: ro.Build}
	start := time.Now()
	switch job.Task {
	case TaskSweep:
		err = runSweep(ctx, m, solver, part, ro, rec)
	case TaskSolve:
		err = runSolve(ctx, m, solver, part, ro, rec) // proof.go
	default:
		err = runCount(ctx, m, solver, part, ro, rec)
	}
	if err != nil {
		return nil, fmt.Errorf("%s, part %d/%d: %w", job.Model, k, job.Of, err)
	}
	if rec.Seconds == 0 {
		rec.Seconds = time.Since(start).Seconds()
	}
	if err := rec.Seal(ro.Key); err != nil {
		return nil, err
	}
	return rec, nil
}

// solvePart runs a part through model.Run; a part stopped before its end
// is an error (stopped), even with a verified solution.
func solvePart(ctx context.Context, m *model.Model, solver model.Solver, opts model.Options) (*model.Result, error) {
	res, err := model.Run(ctx, solver, m, opts)
	if err != nil {
		return nil, err
	}
	if res.Stopped {
		return nil, stopped(ctx)
	}
	return res, nil
}

func runCount(ctx context.Context, m *model.Model, solver model.Solver, part model.Shard, ro RunOptions, rec *Record) error {
	res, err := solvePart(ctx, m, solver, model.Options{Task: model.TaskCount, Symmetry: rec.Options.Symmetry,
		DistinctWalls: rec.Options.DistinctWalls, Workers: ro.Workers, MaxMemory: ro.MaxMemory, Progress: ro.Progress, Shard: part})
	if err != nil {
		return err
	}
	rec.Status, rec.Value, rec.Count, rec.Classes = res.Status, res.Value, res.Count, res.Classes
	rec.Nodes, rec.Seconds = res.Stats.Nodes, res.Stats.Seconds
	rec.Solution, rec.Verified = res.Solution, res.Verified
	rec.Burnside, err = takeClassTerms(&res.Stats) // burnside.go
	rec.Extra = res.Stats.Fields()
	return err
}

func runSweep(ctx context.Context, m *model.Model, solver model.Solver, part model.Shard, ro RunOptions, rec *Record) error {
	sum, err := sweep.Run(ctx, m, solver, sweep.Options{Walls: rec.Options.Walls, Workers: ro.Workers,
		Progress: ro.Progress, MaxMemory: ro.MaxMemory, Shard: part})
	if err != nil {
		return err
	}
	if !sum.Complete {
		return stopped(ctx)
	}
	rec.Status, rec.Classes, rec.Seconds, rec.Sweep = model.StatusOptimal, &sum.Classes, sum.Seconds, sum
	if best := sum.Best; best != nil {
		if report := model.Check(m.WithWalls(best.Walls), best.Solution); !report.Valid {
			return fmt.Errorf("the best class's solution is refused by the checker: %v", report.Problems)
		}
		rec.Value, rec.Solution, rec.Verified = &best.Value, best.Solution, true
	}
	return nil
}

// stopped is the error of a part cut short by ctx or by a backend's limit.
func stopped(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%w: %w", ErrIncomplete, err)
	}
	return fmt.Errorf("%w: the backend answered unknown", ErrIncomplete)
}
