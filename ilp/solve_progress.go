//go:build cgo

package ilp

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/chessmodel/chessmodel/ilp/internal/lpsolve"
	"github.com/chessmodel/chessmodel/model"
)

// Progress of an optimisation. lp_solve reports the value of the root LP
// relaxation, each better integer solution, and its node count; a tracker
// turns them into the best value so far and a proven bound, tells
// model.Options.Progress, and keeps them for a solve the context cuts short.
//
// lp_solve's branch and bound is depth first and keeps no global bound, so
// the bound proven is the root relaxation's: every solution of the program
// is a solution of its relaxation, and the program's objective is the
// model's measure, an integer, so the relaxation's value rounded towards
// the incumbent (down when maximising, up when minimising) still bounds the
// optimum.

// workingEvery is how often a running solve reports its node count.
const workingEvery = 250 * time.Millisecond

// tracker follows one optimisation. Its methods accept a nil tracker (a
// solve without an objective), which knows nothing.
type tracker struct {
	sense    model.Optimize
	measure  model.Measure
	report   func(done float64, note string)       // model.Options.Progress; may be nil
	improved func(columns []float64, bound *int64) // session.improved; may be nil

	bounded   bool
	bound     float64 // the root relaxation's value, when bounded
	untrusted bool    // a solution beat the bound: it is not reported
	found     bool
	best      float64 // the best integer solution's value, when found
}

// solveLP runs lp_solve once, following it with a tracker when an objective
// is in force; the tracker is returned with what it saw.
func (s *session) solveLP(ctx context.Context) (lpsolve.Status, *tracker, error) {
	if s.objSense == model.Fixed {
		if err := s.lp.SetProgress(0, nil); err != nil {
			return lpsolve.NotRun, nil, fmt.Errorf("ilp: %w", err)
		}
		status, err := s.lp.SolveContext(ctx)
		return status, nil, err
	}
	t := &tracker{sense: s.objSense, measure: s.p.Objective.Measure, report: s.progress, improved: s.improved}
	every := time.Duration(0)
	if t.report != nil {
		every = workingEvery
	}
	if err := s.lp.SetProgress(every, t.see); err != nil {
		return lpsolve.NotRun, nil, fmt.Errorf("ilp: %w", err)
	}
	status, err := s.lp.SolveContext(ctx)
	return status, t, err
}

// see takes one report of lp_solve.
func (t *tracker) see(p lpsolve.Progress) {
	switch p.Event {
	case lpsolve.EventRelaxed:
		// Should lp_solve report the root more than once, the weakest
		// value is the safe bound.
		if !t.bounded || t.better(p.Objective, t.bound) {
			t.bound = p.Objective
		}
		t.bounded = true
	case lpsolve.EventImproved:
		t.best, t.found = p.Objective, true
	}
	if t.bounded && t.found && t.beyond(t.best, t.bound) {
		// A solution better than the relaxation: the relaxation was not
		// what lp_solve reported. Claim no bound rather than a wrong one.
		t.untrusted = true
	}
	if t.report != nil {
		t.report(-1, t.note(p.Nodes))
	}
	if p.Event == lpsolve.EventImproved && t.improved != nil && p.Columns != nil {
		var bound *int64
		if b, ok := t.boundFor(int64(math.Round(p.Objective))); ok {
			bound = &b
		}
		t.improved(p.Columns, bound)
	}
}

// beyond reports whether a solution of value v is better than bound b
// allows, by more than rounding.
func (t *tracker) beyond(v, b float64) bool {
	tolerance := 1e-6 * math.Max(1, math.Abs(b))
	if t.sense == model.Minimize {
		return v < b-tolerance
	}
	return v > b+tolerance
}

// better reports whether objective value a is better than b.
func (t *tracker) better(a, b float64) bool {
	if t.sense == model.Minimize {
		return a < b
	}
	return a > b
}

// note is the progress line: "best 6 pieces, bound 5, 1024 nodes".
func (t *tracker) note(nodes int64) string {
	var parts []string
	if t.found {
		parts = append(parts, fmt.Sprintf("best %d %s", int64(math.Round(t.best)), t.measure))
	} else {
		parts = append(parts, "no solution yet")
	}
	if b, ok := t.integerBound(); ok {
		parts = append(parts, fmt.Sprintf("bound %d", b))
	}
	parts = append(parts, fmt.Sprintf("%d nodes", nodes))
	return "lp_solve: " + strings.Join(parts, ", ")
}

// integerBound is the proven bound on the model's measure: the relaxation's
// value rounded towards the feasible side, after a tolerance that can only
// weaken it (62.9999999 from a relaxation whose value is 63 must not
// become 62).
func (t *tracker) integerBound() (int64, bool) {
	if t == nil || !t.bounded || t.untrusted || math.IsNaN(t.bound) || math.IsInf(t.bound, 0) || math.Abs(t.bound) > 1<<52 {
		return 0, false
	}
	tolerance := 1e-6 * math.Max(1, math.Abs(t.bound))
	if t.sense == model.Minimize {
		return int64(math.Ceil(t.bound - tolerance)), true
	}
	return int64(math.Floor(t.bound + tolerance)), true
}

// boundFor is the bound to report beside a solution of the given value
// (the checker's measure): none if the solution is beyond it, which would
// mean the relaxation was solved wrongly.
func (t *tracker) boundFor(value int64) (int64, bool) {
	b, ok := t.integerBound()
	if !ok || t.sense == model.Minimize && value < b || t.sense != model.Minimize && value > b {
		return 0, false
	}
	return b, true
}
