// Package lpsolve is chessmodel's own thin cgo binding to the lp_solve 5.5
// mixed-integer linear programming library (Debian package liblpsolve55-dev).
// All cgo of the project lives here; no C type appears in the API.
//
// A model is built, solved and read back through an *LP:
//
//	lp, err := lpsolve.New(0, 2) // no rows yet, two columns
//	...
//	defer lp.Close()
//	lp.SetObjective([]int{0, 1}, []float64{143, 60})
//	lp.SetMaximize()
//	lp.AddConstraintSparse([]int{0, 1}, []float64{120, 210}, lpsolve.LE, 15000)
//	status, err := lp.Solve()
//	x, err := lp.Variables()
//
// Columns and rows are numbered from 0 (lp_solve numbers them from 1; the
// binding translates). Every call that can fail returns an error: a
// *CallError names the lp_solve function and its arguments, sentinel errors
// (ErrClosed, ErrNoSolution, ...) mark outcomes, and every message starts
// with "lpsolve: ".
//
// Close frees the C model; it is idempotent, and every method called after it
// returns ErrClosed. A cleanup frees models that are dropped unclosed, but
// only as a backstop: C memory is invisible to the Go garbage collector, so
// it may run late or never.
//
// Rows added with AddConstraintSparse before the first solve go in through
// lp_solve's row entry mode, which is much faster for models built row by
// row; the binding leaves the mode before anything that needs the finished
// matrix (Solve, WriteLP, AddColumnSparse, ...).
//
// SolveContext stops a solve when its context is done, through lp_solve's
// abort callback; SetTimeout is lp_solve's own whole-second limit.
// SetProgress reports a running solve through lp_solve's message callback:
// the root LP relaxation's value (a bound on every integer solution), each
// improved integer solution, and the node count now and then. Callbacks
// reach Go through a runtime/cgo.Handle, and a panic in one is carried
// past lp_solve's C frames and raised again when the solve returns.
// WriteLP, WriteMPS, ReadLP and ReadMPS stream models through Go writers and
// readers via lp_solve's callback I/O, without temporary files.
//
// Concurrency: one LP must not be used by several goroutines at once.
// Distinct LPs are independent (lp_solve keeps all solver state in the model)
// and may be used from different goroutines in parallel.
//
// lp_solve prints nothing: models are created with verbosity 0 (NEUTRAL).
package lpsolve
