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
// unverified.
func Verify(m *Model, r *Result) error {
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
