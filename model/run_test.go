package model_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// stubSolver answers every Solve with the result and error it holds, after
// a pause so that the time Run measures is not zero.
type stubSolver struct {
	res *model.Result
	err error
}

func (s *stubSolver) Name() string { return "stub" }

func (s *stubSolver) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	time.Sleep(time.Millisecond)
	return s.res, s.err
}

var _ model.Solver = (*stubSolver)(nil)

const (
	fourQueens = "name: four queens\nboard: 4\nplace: [4 queen]\nrules: [independent]\n"   // no objective
	mostQueens = "name: most queens\nboard: 4\nplace: [max queen]\nrules: [independent]\n" // maximises
	noSlide    = "name: no slide\nboard: {size: 5, walls: [c3, b4]}\nslide: {piece: rook, from: [a1, e5, a5], to: [c2, e2, a4]}\n"
)

// queens places queens on the named squares.
func queens(t *testing.T, names ...string) *model.Solution {
	t.Helper()
	sol := &model.Solution{}
	for _, name := range names {
		sq, err := model.ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		sol.Pieces = append(sol.Pieces, model.Placed{Piece: "queen", Square: sq})
	}
	return sol
}

func run(t *testing.T, src string, task model.Task, res *model.Result, err error) (*model.Result, error) {
	t.Helper()
	m := mustParse(t, src)
	return model.Run(context.Background(), &stubSolver{res: res, err: err}, m, model.Options{Task: task})
}

func TestNewResult(t *testing.T) {
	m := mustParse(t, mostQueens)
	res := model.NewResult(m, model.TaskCount, "exact")
	if res.Model != "most queens" || res.Kind != "place" || res.Task != model.TaskCount || res.Backend != "exact" {
		t.Errorf("header %+v", res)
	}
	if res.Status != model.StatusUnknown || res.Stats.Extra == nil || len(res.Stats.Extra) != 0 || res.Stopped || res.Verified {
		t.Errorf("body %+v, want unknown with an empty Extra", res)
	}
}

// TestRunFillsNoResult: a backend that returns neither a result nor an
// error answers unknown, stopped, timed.
func TestRunFillsNoResult(t *testing.T) {
	res, err := run(t, mostQueens, model.TaskSolve, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Model != "most queens" || res.Backend != "stub" || res.Task != model.TaskSolve {
		t.Errorf("header %+v", res)
	}
	if res.Status != model.StatusUnknown || !res.Stopped || res.Stats.Seconds <= 0 {
		t.Errorf("got status %v, stopped %v, %vs; want unknown, stopped, the time measured", res.Status, res.Stopped, res.Stats.Seconds)
	}
}

func TestRunKeepsBackendSeconds(t *testing.T) {
	m := mustParse(t, mostQueens)
	in := model.NewResult(m, model.TaskSolve, "stub")
	in.Status, in.Stats.Seconds = model.StatusInfeasible, 2.5
	res, err := run(t, mostQueens, model.TaskSolve, in, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Seconds != 2.5 || res.Stopped {
		t.Errorf("seconds %v, stopped %v; want the backend's 2.5, not stopped", res.Stats.Seconds, res.Stopped)
	}
}

// TestRunBackendError: a failure comes back as the backend gave it.
func TestRunBackendError(t *testing.T) {
	m := mustParse(t, mostQueens)
	in := model.NewResult(m, model.TaskSolve, "stub")
	in.Solution = queens(t, "a1", "a2") // not checked: the backend failed
	failed := fmt.Errorf("stub: %w", model.ErrUnsupported)
	res, err := run(t, mostQueens, model.TaskSolve, in, failed)
	if err != failed || res != in {
		t.Fatalf("got %v, %v; want the backend's result and error", res, err)
	}
	if res.Stopped || res.Verified || res.Stats.Seconds != 0 {
		t.Errorf("the failed result was processed: %+v", res)
	}
	if res, err := run(t, mostQueens, model.TaskSolve, nil, failed); res != nil || err != failed {
		t.Errorf("got %v, %v; want no result and the error", res, err)
	}
}

// TestRunEnough: an Emit that had all it wanted stops the enumeration;
// Run answers as for any stop.
func TestRunEnough(t *testing.T) {
	res, err := run(t, fourQueens, model.TaskEnumerate, nil, fmt.Errorf("more than --limit: %w", model.ErrEnough))
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != model.StatusUnknown || !res.Stopped || res.Task != model.TaskEnumerate {
		t.Errorf("got %+v, want an enumeration stopped, unknown", res)
	}
}

// TestRunSettles: a complete answer on a model without an objective is
// satisfied, whatever the backend said; on one with an objective it is
// left as it is.
func TestRunSettles(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		status    model.Status
		want      model.Status
	}{
		{"optimal without an objective", fourQueens, model.StatusOptimal, model.StatusSatisfied},
		{"feasible without an objective", fourQueens, model.StatusFeasible, model.StatusSatisfied},
		{"optimal with an objective", mostQueens, model.StatusOptimal, model.StatusOptimal},
		{"feasible with an objective", mostQueens, model.StatusFeasible, model.StatusFeasible},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := model.NewResult(mustParse(t, tc.src), model.TaskSolve, "stub")
			in.Status, in.Value, in.Solution = tc.status, model.Int64(4), queens(t, "a2", "b4", "c1", "d3")
			res, err := run(t, tc.src, model.TaskSolve, in, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tc.want || !res.Verified || res.Stopped {
				t.Errorf("got %v, verified %v, stopped %v; want %v, verified, not stopped", res.Status, res.Verified, res.Stopped, tc.want)
			}
			if res.Stats.Gap != nil {
				t.Errorf("a gap on a solve that was not stopped: %v", *res.Stats.Gap)
			}
		})
	}
}

// TestRunPromotesStoppedSolve: a solve stopped with a verified solution
// is feasible (satisfied without an objective) with its gap, and stays
// stopped; a stopped count is not promoted.
func TestRunPromotesStoppedSolve(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		task      model.Task
		bound     *int64
		want      model.Status
		gap       *float64
	}{
		{"solve with an objective", mostQueens, model.TaskSolve, model.Int64(5), model.StatusFeasible, ptr(0.25)},
		{"solve without a bound", mostQueens, model.TaskSolve, nil, model.StatusFeasible, nil},
		{"solve without an objective", fourQueens, model.TaskSolve, nil, model.StatusSatisfied, nil},
		{"count", mostQueens, model.TaskCount, model.Int64(5), model.StatusUnknown, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := model.NewResult(mustParse(t, tc.src), tc.task, "stub")
			in.Value, in.Solution = model.Int64(4), queens(t, "a2", "b4", "c1", "d3")
			in.Stats.Bound = tc.bound
			res, err := run(t, tc.src, tc.task, in, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tc.want || !res.Verified || !res.Stopped {
				t.Errorf("got %v, verified %v, stopped %v; want %v, verified, stopped", res.Status, res.Verified, res.Stopped, tc.want)
			}
			if gap := res.Stats.Gap; !samePtr(gap, tc.gap) {
				t.Errorf("gap %v, want %v", show(gap), show(tc.gap))
			}
		})
	}
}

// TestRunRefusesInvalidSolution: a solution the checker refuses, or a
// value its solution does not have, is an *InvalidSolutionError that
// comes with the result.
func TestRunRefusesInvalidSolution(t *testing.T) {
	for _, tc := range []struct {
		name     string
		status   model.Status
		value    int64
		solution []string
		problem  string
	}{
		{"attacking queens", model.StatusOptimal, 2, []string{"a1", "b2"}, "attack"},
		{"a stopped solve", model.StatusUnknown, 2, []string{"a1", "b2"}, "attack"},
		{"a value the solution does not have", model.StatusOptimal, 5, []string{"a2", "b4", "c1", "d3"}, "claims value 5, its solution has 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := model.NewResult(mustParse(t, mostQueens), model.TaskSolve, "stub")
			in.Status, in.Value, in.Solution = tc.status, model.Int64(tc.value), queens(t, tc.solution...)
			res, err := run(t, mostQueens, model.TaskSolve, in, nil)
			var invalid *model.InvalidSolutionError
			if !errors.As(err, &invalid) || invalid.Backend != "stub" {
				t.Fatalf("got %v, want an *InvalidSolutionError of the stub", err)
			}
			if !strings.Contains(err.Error(), tc.problem) {
				t.Errorf("%v does not say %q", err, tc.problem)
			}
			if res != in || res.Verified || res.Status != tc.status {
				t.Errorf("got %+v, want the backend's result, unverified, not promoted", res)
			}
		})
	}
}

// TestRunExplainsInfeasibleSlide: an infeasible slide gets the reason of
// an exhaustive search unless its backend gave one; other kinds get none.
func TestRunExplainsInfeasibleSlide(t *testing.T) {
	exhaustive := "exhaustive search: no sequence of slides leads from the start to the goal"
	for _, tc := range []struct {
		name, src string
		stats     model.Stats
		want      string
	}{
		{"slide", noSlide, model.Stats{}, exhaustive},
		{"slide with its positions", noSlide, model.Stats{StatesStored: model.Int64(12)},
			exhaustive + " (every one of the 12 positions reachable on the side that ran out first was tried)"},
		{"slide with a reason of its own", noSlide, model.Stats{Reason: "the goal has more rooks"}, "the goal has more rooks"},
		{"placement", mostQueens, model.Stats{}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := model.NewResult(mustParse(t, tc.src), model.TaskSolve, "stub")
			in.Status, in.Stats = model.StatusInfeasible, tc.stats
			res, err := run(t, tc.src, model.TaskSolve, in, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Stats.Reason; got != tc.want {
				t.Errorf("reason %q, want %q", got, tc.want)
			}
		})
	}
}

func TestAddGap(t *testing.T) {
	for _, tc := range []struct {
		name  string
		value *int64
		bound *int64
		want  *float64
	}{
		{"maximising", model.Int64(4), model.Int64(5), ptr(0.25)},
		{"minimising", model.Int64(10), model.Int64(8), ptr(0.2)},
		{"value 0", model.Int64(0), model.Int64(3), ptr(3.0)},
		{"negative value", model.Int64(-4), model.Int64(-2), ptr(0.5)},
		{"proven", model.Int64(4), model.Int64(4), ptr(0.0)},
		{"no value", nil, model.Int64(5), nil},
		{"no bound", model.Int64(4), nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := &model.Result{Value: tc.value, Stats: model.Stats{Bound: tc.bound}}
			model.AddGap(res)
			if got := res.Stats.Gap; !samePtr(got, tc.want) {
				t.Errorf("gap %v, want %v", show(got), show(tc.want))
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

// samePtr reports whether two optional values are both absent or equal.
func samePtr[T comparable](a, b *T) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// show prints an optional value.
func show[T any](p *T) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}
