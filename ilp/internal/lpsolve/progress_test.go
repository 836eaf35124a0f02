//go:build cgo

package lpsolve

import (
	"context"
	"errors"
	"testing"
	"time"
)

// recorder keeps the progress reports of a solve.
type recorder struct{ events []Progress }

func (r *recorder) add(p Progress) { r.events = append(r.events, p) }

func (r *recorder) of(e Event) []Progress {
	var out []Progress
	for _, p := range r.events {
		if p.Event == e {
			out = append(out, p)
		}
	}
	return out
}

func TestProgress(t *testing.T) {
	// The knapsack's root relaxation takes the four items of best ratio
	// and 38/53 of the fifth: 266 + 60*38/53 = 309.0189; the optimum is 309.
	lp := knapsack(t)
	var r recorder
	must(t, lp.SetProgress(0, r.add))
	status, err := lp.Solve()
	if status != Optimal || err != nil {
		t.Fatalf("got %v, %v; want optimal", status, err)
	}
	relaxed := r.of(EventRelaxed)
	if len(relaxed) == 0 || !approx(relaxed[0].Objective, 266+60*38.0/53) {
		t.Fatalf("relaxation reports %v, want one with 266 + 60*38/53", relaxed)
	}
	improved := r.of(EventImproved)
	if len(improved) == 0 {
		t.Fatalf("no improved solution reported: %v", r.events)
	}
	for i, p := range improved {
		if p.Objective > relaxed[0].Objective+tolerance {
			t.Errorf("incumbent %v above the relaxation bound %v", p.Objective, relaxed[0].Objective)
		}
		if i > 0 && p.Objective < improved[i-1].Objective {
			t.Errorf("incumbents got worse: %v", improved)
		}
		if i > 0 && p.Nodes < improved[i-1].Nodes {
			t.Errorf("node counts went back: %v", improved)
		}
	}
	if last := improved[len(improved)-1].Objective; last != 309 {
		t.Errorf("last incumbent %v, want the optimum 309", last)
	}
	if w := r.of(EventWorking); len(w) != 0 {
		t.Errorf("working reports %v without an interval", w)
	}

	// Removed, the reports stop.
	r.events = nil
	must(t, lp.SetProgress(0, nil))
	if _, err := lp.Solve(); err != nil || len(r.events) != 0 {
		t.Errorf("after SetProgress(nil): %v, reports %v", err, r.events)
	}
}

func TestProgressWorking(t *testing.T) {
	// Minimising 2*sum(x) over the Jeroslow model: the relaxation is 41,
	// and there is no integer solution to improve on.
	lp := jeroslow(t, 41)
	var r recorder
	must(t, lp.SetProgress(time.Millisecond, r.add))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	status, err := solveOrHang(t, lp, ctx)
	if status != UserAborted || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, %v; want aborted", status, err)
	}
	if relaxed := r.of(EventRelaxed); len(relaxed) == 0 || !approx(relaxed[0].Objective, 41) {
		t.Errorf("relaxation reports %v, want 41", relaxed)
	}
	working := r.of(EventWorking)
	if len(working) < 2 {
		t.Fatalf("%d working reports in 300ms at 1ms intervals", len(working))
	}
	for i := 1; i < len(working); i++ {
		if working[i].Nodes < working[i-1].Nodes {
			t.Errorf("node counts went back: %v then %v", working[i-1].Nodes, working[i].Nodes)
		}
	}
	if last := working[len(working)-1].Nodes; last <= 0 {
		t.Errorf("no node reported while branching: %d", last)
	}
	if len(r.of(EventImproved)) != 0 {
		t.Errorf("an improved solution of an infeasible integer program: %v", r.of(EventImproved))
	}
}

// A panic in the progress function stops the solve and comes out of it
// once lp_solve has returned, which leaves the model usable.
func TestProgressPanic(t *testing.T) {
	lp := knapsack(t)
	must(t, lp.SetProgress(0, func(p Progress) { panic("boom") }))
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v, want the progress function's panic", r)
			}
		}()
		lp.Solve()
		t.Error("Solve returned after its progress function panicked")
	}()
	must(t, lp.SetProgress(0, nil))
	status, err := lp.Solve()
	if status != Optimal || err != nil {
		t.Fatalf("after the panic: %v, %v", status, err)
	}
	if v, err := lp.Objective(); err != nil || v != 309 {
		t.Errorf("objective %v, %v; want 309", v, err)
	}
}
