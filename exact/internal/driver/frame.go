package driver

import (
	"context"
	"errors"
	"time"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Frame is the outer frame of every solve of the exact backend (a
// placement, a tour, a slide, a technique forced by the tests): it refuses
// an enumeration without Emit, makes the result (backend its Backend) and
// the stopper that ends the search with ctx, runs solve, and times it into
// Stats.Seconds. An error from solve is the answer, without a result.
func Frame(ctx context.Context, m *model.Model, opts model.Options, backend string,
	solve func(st *tasks.Stopper, res *model.Result) error) (*model.Result, error) {
	if opts.Task == model.TaskEnumerate && opts.Emit == nil {
		return nil, errors.New("exact: enumerate needs Options.Emit to receive the solutions")
	}
	start := time.Now()
	res := model.NewResult(m, opts.Task, backend)
	st := tasks.NewStopper(ctx)
	defer st.Close()
	if err := solve(st, res); err != nil {
		return nil, err
	}
	res.Stats.Seconds = time.Since(start).Seconds()
	return res, nil
}
