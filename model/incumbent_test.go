package model

import (
	"slices"
	"testing"
)

// TestImproving: the wrapper passes on strictly better values only, under
// each sense; without an objective, the first solution only.
func TestImproving(t *testing.T) {
	offered := []int64{5, 7, 7, 3, 9, 8, 2}
	for _, tc := range []struct {
		sense Optimize
		want  []int64
	}{
		{Maximize, []int64{5, 7, 9}},
		{Minimize, []int64{5, 3, 2}},
		{Fixed, []int64{5}},
	} {
		var heard []int64
		improved := Improving(tc.sense, func(in Incumbent) { heard = append(heard, in.Value) })
		for _, v := range offered {
			improved(Incumbent{Value: v})
		}
		if !slices.Equal(heard, tc.want) {
			t.Errorf("sense %v: heard %v, want %v", tc.sense, heard, tc.want)
		}
	}
	if Improving(Maximize, nil) != nil {
		t.Error("a nil listener must give nil")
	}
}

// TestReportFinal: the final solution is reported with its value as the
// bound when optimal, with Stats.Bound otherwise, and not at all
// for a count or without a solution.
func TestReportFinal(t *testing.T) {
	sol := &Solution{}
	for _, tc := range []struct {
		name  string
		task  Task
		res   *Result
		heard bool
		bound *int64
	}{
		{"optimal", TaskSolve, &Result{Status: StatusOptimal, Value: Int64(6), Solution: sol}, true, Int64(6)},
		{"stopped with a bound", TaskSolve, &Result{Status: StatusUnknown, Value: Int64(7), Solution: sol,
			Stats: Stats{Bound: Int64(5)}}, true, Int64(5)},
		{"stopped without a bound", TaskSolve, &Result{Status: StatusUnknown, Value: Int64(7), Solution: sol}, true, nil},
		{"no solution", TaskSolve, &Result{Status: StatusInfeasible}, false, nil},
		{"count", TaskCount, &Result{Status: StatusOptimal, Value: Int64(6), Solution: sol}, false, nil},
	} {
		var got *Incumbent
		Options{Task: tc.task, Improved: func(in Incumbent) { got = &in }}.ReportFinal(tc.res)
		if (got != nil) != tc.heard {
			t.Errorf("%s: heard %v, want %v", tc.name, got != nil, tc.heard)
			continue
		}
		if got != nil && (got.Value != *tc.res.Value || (got.Bound == nil) != (tc.bound == nil) || got.Bound != nil && *got.Bound != *tc.bound) {
			t.Errorf("%s: heard %+v, want value %d bound %v", tc.name, got, *tc.res.Value, tc.bound)
		}
	}
}
