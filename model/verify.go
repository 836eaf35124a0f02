package model

import (
	"fmt"
	"strings"
)

// InvalidSolutionError says that a backend returned a solution the checker
// rejects: a bug in that backend, never to be reported as an answer.
type InvalidSolutionError struct {
	Backend  string
	Problems []string
}

func (e *InvalidSolutionError) Error() string {
	return fmt.Sprintf("%s backend returned an invalid solution: %s", e.Backend, strings.Join(e.Problems, "; "))
}

// Verify checks the solution of a result with the checker, and that its
// value is the one the solution has. It marks the result verified, or
// returns an *InvalidSolutionError. A result without a solution is left
// unverified. It first settles the status (SettleStatus), so that every
// result reported says the same as every other backend's.
func Verify(m *Model, r *Result) error {
	SettleStatus(m, r)
	if r.Solution == nil {
		return nil
	}
	report := Check(m, r.Solution)
	if !report.Valid {
		return &InvalidSolutionError{Backend: r.Backend, Problems: report.Problems}
	}
	if r.Value != nil && *r.Value != report.Value {
		return &InvalidSolutionError{Backend: r.Backend, Problems: []string{
			fmt.Sprintf("the result claims value %d, its solution has %d", *r.Value, report.Value)}}
	}
	r.Verified = true
	return nil
}

// Optimizes reports whether the model has an objective: a placement that
// maximises or minimises (objective:, or a count of max or min), or a slide
// (the fewest moves). A placement of fixed counts and a tour only ask for
// a solution.
func (m *Model) Optimizes() bool {
	return m.Kind == KindSlide || m.Kind == KindGame || (m.Kind == KindPlace && m.Objective.Sense != Fixed)
}

// SettleStatus gives a result the one vocabulary of every backend: on a
// model without an objective an answer with solutions is satisfied,
// whether the backend said optimal or feasible (there is nothing to prove
// optimal); statuses on models with an objective are left as they are.
func SettleStatus(m *Model, r *Result) {
	if !m.Optimizes() && (r.Status == StatusOptimal || r.Status == StatusFeasible) {
		r.Status = StatusSatisfied
	}
}
