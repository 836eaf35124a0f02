//go:build cgo

package ilp

import (
	"context"
	"fmt"

	"github.com/chessmodel/chessmodel/ilp/internal/lpsolve"
	"github.com/chessmodel/chessmodel/model"
)

// Solving tours: the subtour-elimination loop (findTour), counting by
// no-good cuts over the edge variables (countTours), and CompileWithCuts
// for export.

// CompileWithCuts is CompileWithin, except that for a tour model it first runs
// the subtour-elimination loop and returns the program with every cut found
// (all of them when the loop ended with a tour, those found so far when ctx
// ended it); its notes say which. When ctx ended it, the error wraps
// ErrCutsStopped and ctx's error, and the program is returned too.
func CompileWithCuts(ctx context.Context, m *model.Model, maxMemory int64) (*Program, error) {
	if m.Kind != model.KindTour {
		return CompileWithin(m, maxMemory)
	}
	t, err := compileTour(m, maxMemory)
	if err != nil {
		return nil, err
	}
	sess, err := load(t.p)
	if err != nil {
		return nil, err
	}
	defer sess.close()
	out, _, err := t.findTour(ctx, sess, nil)
	if err != nil {
		return nil, err
	}
	p := *t.p
	p.Rows = append([]Row(nil), t.p.Rows...)
	for i, c := range sess.cuts {
		p.Rows = append(p.Rows, Row{Name: fmt.Sprintf("sub_%d", i+1), Terms: c.terms, Sense: c.sense, RHS: c.rhs})
	}
	p.rowIndex = nil
	what := "the loop ended when lp_solve's solution of this program was one tour"
	switch {
	case out.stopped:
		what = "the loop was stopped before it found a tour; solutions of this program may still be several disjoint cycles"
	case out.values == nil:
		what = "with them the program is infeasible: the model has no tour"
	}
	p.Notes = []string{fmt.Sprintf("tour: %d subtour elimination rows (sub_N) found by the cut loop are included; %s", len(sess.cuts), what),
		"tour: rows sub_N are not a complete description: another solver may return disjoint cycles, which need further cuts"}
	if out.stopped {
		return &p, fmt.Errorf("%w: %w", ErrCutsStopped, ctx.Err())
	}
	return &p, nil
}

// findTour solves, cuts the subtours of the solution, and solves again until
// the solution is one tour (returned as its vertices, from the start), the
// program is infeasible or ctx ends.
func (t *tourProgram) findTour(ctx context.Context, sess *session, progress func(float64, string)) (outcome, []int32, error) {
	for {
		out, err := sess.solve(ctx)
		if err != nil || out.values == nil || out.stopped {
			return out, nil, err
		}
		cycles, path, err := t.decode(out.values)
		if err != nil {
			return out, nil, err
		}
		if path != nil {
			return out, path, nil
		}
		for _, s := range cycles {
			if err := t.cutSubtour(sess, s); err != nil {
				return out, nil, err
			}
		}
		if progress != nil {
			progress(-1, fmt.Sprintf("lp_solve: %d subtour cuts", t.cuts))
		}
	}
}

// cutSubtour adds: the edges leaving the cycle's squares (to other squares
// or to the end node) are at least 2.
func (t *tourProgram) cutSubtour(sess *session, cycle []int32) error {
	t.cuts++
	if err := sess.addRow(t.subtourTerms(cycle), GreaterEqual, 2); err != nil {
		return fmt.Errorf("ilp: adding a subtour cut: %w", err)
	}
	return nil
}

// solveTour performs opts.Task on a tour model.
func solveTour(ctx context.Context, m *model.Model, opts model.Options, res *model.Result) (*session, error) {
	t, err := compileTour(m, opts.MaxMemory)
	if err != nil {
		return nil, err
	}
	sess, err := load(t.p)
	if err != nil {
		return nil, err
	}
	if opts.Progress != nil {
		opts.Progress(-1, fmt.Sprintf("lp_solve: %d columns, %d rows", len(t.p.Variables), len(t.p.Rows)))
	}
	defer func() { cuts := t.cuts; res.Stats.SubtourCuts = &cuts }()
	if res.Stats.Extra == nil {
		res.Stats.Extra = map[string]any{}
	}
	if opts.Task == model.TaskSolve {
		return sess, t.solveOnce(ctx, m, sess, opts, res)
	}
	return sess, t.count(ctx, m, sess, opts, res)
}

func (t *tourProgram) solveOnce(ctx context.Context, m *model.Model, sess *session, opts model.Options, res *model.Result) error {
	out, path, err := t.findTour(ctx, sess, opts.Progress)
	if err != nil {
		return err
	}
	switch {
	case path != nil:
		sol, err := t.checked(m, path)
		if err != nil {
			return err
		}
		res.Solution, res.Value, res.Status = &sol, model.Int64(int64(len(path))), model.StatusFeasible
	case out.status == lpsolve.Infeasible && !out.stopped:
		res.Status = model.StatusInfeasible
	default:
		res.Status = model.StatusUnknown
	}
	return nil
}

// count counts (and enumerates) tours by no-good cuts: each tour found is
// cut off with its images under the model's symmetries (sum of its edge
// variables <= their number - 1), then the loop runs again. The edge
// variables have no direction, so a cut excludes a path both ways. Open
// tours without a start count as directed paths: each undirected path
// found is two of them, and its two directions are one class or two, as a
// symmetry does or does not reverse it; an undirected tour
// (model.TourSpec.Reversible) is the path found, one tour and one class.
func (t *tourProgram) count(ctx context.Context, m *model.Model, sess *session, opts model.Options, res *model.Result) error {
	group := m.Symmetries()
	tally := tourTally{directed: !t.closed && t.start < 0 && t.g.Len() > 1 && !m.Tour.Reversible()}
	for {
		out, path, err := t.findTour(ctx, sess, opts.Progress)
		if err != nil {
			return err
		}
		if path == nil {
			if out.stopped || out.status != lpsolve.Infeasible {
				partial(res, tally.tours, tally.classes)
				return nil
			}
			break
		}
		sol, err := t.checked(m, path)
		if err != nil {
			return err
		}
		if res.Solution == nil {
			res.Solution, res.Value = &sol, model.Int64(int64(len(path)))
		}
		stopped, err := t.cutImages(ctx, m, sess, opts, group, sol, &tally)
		if err != nil {
			return err
		}
		if stopped {
			partial(res, tally.tours, tally.classes)
			return nil // stopped inside Emit (enumerate --limit)
		}
		if opts.Progress != nil {
			opts.Progress(-1, fmt.Sprintf("%d tours, %d classes", tally.tours, tally.classes))
		}
	}
	if tally.directed {
		tally.tours *= 2
	}
	res.Count = model.Int64(tally.tours)
	if opts.Symmetry {
		res.Classes = model.Int64(tally.classes)
	}
	res.Status = model.StatusOptimal
	if tally.tours == 0 {
		res.Status = model.StatusInfeasible
	}
	return nil
}

// A tourTally counts the tours found (each undirected path once when
// directed) and their classes.
type tourTally struct {
	tours, classes int64
	directed       bool // open tours without a start: a path is two tours
}

// cutImages checks, emits and cuts off the distinct images of a tour
// under the group, counting them in tally, and then its class (two when
// directed and no symmetry reverses it). It reports stopped, the class not
// counted, when the context ended inside Emit while enumerating.
func (t *tourProgram) cutImages(ctx context.Context, m *model.Model, sess *session, opts model.Options, group []model.Transform, sol model.Solution, tally *tourTally) (bool, error) {
	images, edges, reversible, err := t.images(m, group, sol, tally.directed)
	if err != nil {
		return false, err
	}
	for i, img := range images {
		if err := t.emit(ctx, opts, img, tally.directed); err != nil {
			return false, err
		}
		if opts.Task == model.TaskEnumerate && ctx.Err() != nil {
			return true, nil
		}
		tally.tours++
		if err := sess.addRow(noGood(edges[i]), LessEqual, float64(len(edges[i])-1)); err != nil {
			return false, fmt.Errorf("ilp: adding a no-good cut: %w", err)
		}
	}
	tally.classes++
	if tally.directed && !reversible {
		tally.classes++
	}
	return false, nil
}

// emit passes a tour to opts.Emit when enumerating, both ways when tours
// are directed.
func (t *tourProgram) emit(ctx context.Context, opts model.Options, s model.Solution, directed bool) error {
	if opts.Task != model.TaskEnumerate || opts.Emit == nil {
		return nil
	}
	if err := opts.Emit(s); err != nil {
		return err
	}
	if directed && ctx.Err() == nil {
		return opts.Emit(model.Solution{Squares: reversed(s.Squares)})
	}
	return nil
}
