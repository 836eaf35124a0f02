package model

import "sync"

// An Incumbent is a solution a backend has found while it optimises, better
// than every one it reported before (Options.Improved): MiniZinc's
// intermediate solutions. The listener stamps the time it hears it.
type Incumbent struct {
	// Value is the objective's value of Solution (the model's measure).
	Value int64
	// Bound, when known, is the best value any solution can reach that the
	// backend has proven so far: at most Bound when maximising, at least
	// Bound when minimising.
	Bound *int64
	// Solution is the solution found; nil when the backend reports only
	// its value.
	Solution *Solution
}

// Improving wraps a listener of Options.Improved so that it hears only
// incumbents strictly better than every one before under sense (without an
// objective, the first one only), one at a time: backends may call the
// wrapper from several goroutines and with values that are no better. A
// nil listener gives nil.
func Improving(sense Optimize, listen func(Incumbent)) func(Incumbent) {
	if listen == nil {
		return nil
	}
	var mu sync.Mutex
	heard, best := false, int64(0)
	return func(in Incumbent) {
		mu.Lock()
		defer mu.Unlock()
		if heard && (sense == Fixed || sense == Maximize && in.Value <= best || sense == Minimize && in.Value >= best) {
			return
		}
		heard, best = true, in.Value
		listen(in)
	}
}

// ReportFinal tells o.Improved (wrapped by Improving, which drops what it
// has heard) of the solution a solve ends with, so that a listener hears
// every backend's last solution: backends that report incumbents as they
// find them have reported it already, others find only this one. Its
// bound is its value when optimal, else Stats.Bound.
func (o Options) ReportFinal(res *Result) {
	if o.Improved == nil || o.Task != TaskSolve || res == nil || res.Solution == nil || res.Value == nil {
		return
	}
	in := Incumbent{Value: *res.Value, Solution: res.Solution}
	if res.Status == StatusOptimal {
		in.Bound = Int64(*res.Value)
	} else if b := res.Stats.Bound; b != nil {
		in.Bound = Int64(*b)
	}
	o.Improved(in)
}
