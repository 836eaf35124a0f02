package lpsolve

import (
	"errors"
	"strings"
)

// Sentinel errors. They are wrapped by *CallError and the other errors of
// this package, so test for them with errors.Is.
var (
	// ErrClosed is returned by every method of an LP after Close.
	ErrClosed = errors.New("lpsolve: LP is closed")
	// ErrNoSolution is returned by the result accessors when the last solve
	// produced no solution (it was infeasible, unbounded, aborted before an
	// incumbent was found, ...) or no solve has run since the model changed.
	ErrNoSolution = errors.New("lpsolve: no solution available")
	// ErrPresolved is returned after a solve in which presolve removed rows
	// or columns, by methods that would change the model (lp_solve has
	// deleted those rows and columns from it, so indices no longer mean what
	// they did) and by Constraints (the values of removed rows are lost).
	ErrPresolved = errors.New("lpsolve: model was reduced by presolve")
	// ErrIndex reports a column or row index outside the model.
	ErrIndex = errors.New("lpsolve: index out of range")
	// ErrDuplicate reports an index given twice in one sparse vector.
	ErrDuplicate = errors.New("lpsolve: duplicate index in sparse vector")
	// ErrLength reports index and value slices of different lengths.
	ErrLength = errors.New("lpsolve: indices and values differ in length")
	// ErrArgument reports any other invalid argument (a NaN, a negative size, ...).
	ErrArgument = errors.New("lpsolve: invalid argument")
	// ErrParse reports a model file lp_solve could not parse. lp_solve gives
	// no detail when it is silent; run the lp_solve command on the file to
	// see the line at fault.
	ErrParse = errors.New("lpsolve: model could not be parsed")
)

// CallError reports a call into lp_solve that failed, or that the binding
// refused before it reached lp_solve because an argument was invalid.
type CallError struct {
	Call string // the lp_solve function, for example "set_int"
	Args string // the arguments as the caller gave them (0-based indices)
	Err  error  // the cause; nil when lp_solve itself returned FALSE
}

func (e *CallError) Error() string {
	msg := "lpsolve: " + e.Call + "(" + e.Args + ")"
	if e.Err == nil {
		return msg + " failed"
	}
	return msg + ": " + strings.TrimPrefix(e.Err.Error(), "lpsolve: ")
}

func (e *CallError) Unwrap() error { return e.Err }

// SolveError reports a solve that ended in a failure of the solver rather
// than in an answer about the model.
type SolveError struct {
	Status Status
}

func (e *SolveError) Error() string {
	return "lpsolve: solve failed: " + e.Status.String()
}
