package lpsolve

import "strconv"

// Status is the outcome of a solve.
type Status int

// Solve outcomes, after lp_solve's return codes of solve().
const (
	NotRun        Status = iota // no solve has run (lp_solve NOTRUN)
	Optimal                     // an optimal solution was found
	Suboptimal                  // a solution was found, not proven optimal (break, timeout or abort with an incumbent)
	Infeasible                  // the model has no feasible solution
	Unbounded                   // the objective is unbounded
	Degenerate                  // the model is degenerate
	NumFailure                  // numerical failure
	UserAborted                 // stopped by the abort callback (SolveContext) before an incumbent was found
	Timeout                     // stopped by SetTimeout before an incumbent was found
	Presolved                   // presolve solved the model on its own
	NoMemory                    // out of memory
	NoBFP                       // no basis factorization package
	DataIgnored                 // the model data were ignored
	ProcFail                    // the branch and bound failed
	ProcBreak                   // the branch and bound was stopped at a break
	FeasFound                   // a feasible branch and bound solution was found
	NoFeasFound                 // no feasible branch and bound solution was found
	AccuracyError               // the solution is numerically inaccurate
	UnknownError                // lp_solve reported an unknown error
)

var statusNames = [...]string{
	NotRun:        "not run",
	Optimal:       "optimal",
	Suboptimal:    "suboptimal",
	Infeasible:    "infeasible",
	Unbounded:     "unbounded",
	Degenerate:    "degenerate",
	NumFailure:    "numerical failure",
	UserAborted:   "aborted",
	Timeout:       "timeout",
	Presolved:     "presolved",
	NoMemory:      "out of memory",
	NoBFP:         "no basis factorization package",
	DataIgnored:   "data ignored",
	ProcFail:      "branch and bound failed",
	ProcBreak:     "branch and bound break",
	FeasFound:     "feasible solution found",
	NoFeasFound:   "no feasible solution found",
	AccuracyError: "accuracy error",
	UnknownError:  "unknown error",
}

func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// HasSolution reports whether a solve that ended with s left a solution to
// read with Objective, Variables and Constraints.
func (s Status) HasSolution() bool {
	switch s {
	case Optimal, Suboptimal, Presolved:
		return true
	}
	return false
}

// failed reports whether s is a failure of the solver, which Solve returns
// as a *SolveError, rather than an answer about the model.
func (s Status) failed() bool {
	switch s {
	case NumFailure, NoMemory, NoBFP, DataIgnored, ProcFail, AccuracyError, UnknownError, NotRun:
		return true
	}
	return false
}
