package model

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"
)

// ErrEnough is what an Options.Emit returns, wrapped or as is, to end an
// enumeration that has all it wants (the CLI's --limit): Run takes the
// backend's error that wraps it for a stop, not a failure.
var ErrEnough = errors.New("enough solutions")

// NewResult is the header of a result of task on m by the named backend:
// status unknown, an empty Extra ready to fill.
func NewResult(m *Model, task Task, backend string) *Result {
	return &Result{Model: m.Name, Kind: m.Kind.String(), Task: task, Backend: backend,
		Status: StatusUnknown, Stats: Stats{Extra: map[string]any{}}}
}

// Run is the one front door of a solve: it asks solver to do opts.Task on
// m and turns what the backend answers into the result every caller
// presents as it is (Stopped says a backend stopped before a complete answer).
// In order:
//
//  1. Solve: solver.Solve(ctx, m, opts). When the backend fails, Run
//     returns its result and error as they are, nothing done to them,
//     unless the error wraps ErrEnough (an Emit that had all it wanted):
//     that is a stop, and Run goes on.
//  2. Fill: a backend that returns no result answers unknown
//     (NewResult). A result whose status is unknown is marked Stopped.
//  3. Time: a result without Stats.Seconds gets the wall time of step 1.
//  4. Verify: the checker checks the solution and the status is settled
//     in the vocabulary every backend shares (Verify). An invalid
//     solution is an *InvalidSolutionError, returned with the result.
//  5. Promote: a stopped TaskSolve with a verified solution is feasible,
//     not proven optimal (satisfied on a model without an objective:
//     SettleStatus), with the relative gap to the bound its backend proved
//     (AddGap). It stays Stopped.
//  6. Explain: an infeasible slide without a reason of its backend's gets
//     the reason every slide search has, in Stats.Reason
//     (ExplainInfeasible).
//
// A caller gets either a backend's error, or a result that is verified
// (or holds no solution), says Stopped when the backend stopped before a
// complete answer, and has its seconds; or the result with the
// *InvalidSolutionError that refused it.
func Run(ctx context.Context, solver Solver, m *Model, opts Options) (*Result, error) {
	start := time.Now()
	res, err := solver.Solve(ctx, m, opts)
	if err != nil && !errors.Is(err, ErrEnough) {
		return res, err
	}
	if res == nil {
		res = NewResult(m, opts.Task, solver.Name())
	}
	res.Stopped = res.Status == StatusUnknown
	if res.Stats.Seconds == 0 {
		res.Stats.Seconds = time.Since(start).Seconds()
	}
	if err := Verify(m, res); err != nil {
		return res, err
	}
	if res.Stopped && opts.Task == TaskSolve && res.Solution != nil && res.Verified {
		res.Status = StatusFeasible // a verified solution, not proven optimal
		SettleStatus(m, res)        // or, without an objective, an answer
		AddGap(res)
	}
	ExplainInfeasible(m, res)
	return res, nil
}

// AddGap puts the relative gap beside a proven bound a backend reported
// (Stats.Bound) with a solution's value: |bound - value| / max(1, |value|),
// as MIP solvers report it. A result without both is left as it is.
func AddGap(res *Result) {
	if res.Stats.Bound == nil || res.Value == nil {
		return
	}
	bound, value := *res.Stats.Bound, *res.Value
	gap := math.Abs(float64(bound-value)) / max(1, math.Abs(float64(value)))
	res.Stats.Gap = &gap
}

// ExplainInfeasible gives an infeasible slide the argument that no moves
// reach its goal when there is one (SlideObstruction: the colours, or the
// parities, of squares its pieces never leave), else, without a reason of
// its backend's, the reason every slide search has: it was exhaustive. Run
// does it; a result that does not come from Run (a merge of parts) may
// need it too.
func ExplainInfeasible(m *Model, res *Result) {
	if res.Status != StatusInfeasible || m.Kind != KindSlide {
		return
	}
	if why := SlideObstruction(m); why != "" {
		// an argument, where there is one, over the search's "none was
		// the goal" (slide_invariant.go)
		res.Stats.Reason = why
		return
	}
	if res.Stats.Reason != "" {
		return
	}
	reason := "exhaustive search: no sequence of slides leads from the start to the goal"
	if n := res.Stats.StatesStored; n != nil {
		reason += fmt.Sprintf(" (every one of the %d positions reachable on the side that ran out first was tried)", *n)
	}
	res.Stats.Reason = reason
}
