package lpsolve

// #include "glue.h"
import "C"

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"time"
	"unsafe"
)

// Solve solves the model. Answers about the model (Optimal, Infeasible,
// Unbounded, Timeout, ...) come back as a Status with a nil error; a failure
// of the solver (NumFailure, NoMemory, ...) comes back as a *SolveError too.
func (lp *LP) Solve() (Status, error) {
	return lp.SolveContext(context.Background())
}

// SolveContext is Solve, stopped when ctx is done. lp_solve polls an abort
// callback during simplex iterations and branch and bound, so a cancelled
// solve returns promptly with status UserAborted (or Suboptimal when an
// incumbent was already found, which can then be read) and an error that
// wraps ctx.Err(). A context that is already done stops before solving.
// The same callbacks carry the reports of SetProgress.
func (lp *LP) SolveContext(ctx context.Context) (Status, error) {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("solve")
	if err != nil {
		return NotRun, err
	}
	if err := ctx.Err(); err != nil {
		return UserAborted, fmt.Errorf("lpsolve: solve not started: %w", err)
	}
	lp.matrixReady(p)

	lp.solved = true
	if lp.cols == 0 {
		// lp_solve refuses models without columns (NOTRUN) whatever their
		// rows say; such a model is decided here.
		lp.status, lp.constantObjective = lp.solveWithoutColumns(p)
		return lp.status, nil
	}

	var code C.int
	state := &solveState{progress: lp.progress, every: lp.progressEvery, cancellable: ctx.Done() != nil}
	if ctx.Done() == nil && state.progress == nil {
		code = C.solve(p)
	} else {
		stop := context.AfterFunc(ctx, func() { state.stopped.Store(true) })
		remove := callbacks(p, state)
		code = C.solve(p)
		remove()
		stop()
	}
	status := statusOf(code)
	lp.status = status
	if lp.presolving(p) && (int(C.get_Ncolumns(p)) != lp.cols || int(C.get_Nrows(p)) != lp.rows) {
		lp.reduced = true
	}
	state.repanic()
	if state.stopped.Load() && (status == UserAborted || status == Suboptimal) {
		return status, fmt.Errorf("lpsolve: solve stopped (%v): %w", status, ctx.Err())
	}
	if status.failed() {
		return status, &SolveError{Status: status}
	}
	return status, nil
}

// solveWithoutColumns decides a model with no columns: every row has
// activity 0, so it is feasible if 0 satisfies every row, and the objective
// is its constant term.
func (lp *LP) solveWithoutColumns(p *C.lprec) (Status, float64) {
	const tolerance = 1e-9
	for row := C.int(1); int(row) <= lp.rows; row++ {
		rhs := float64(C.get_rh(p, row))
		width := float64(C.get_rh_range(p, row))
		if C.is_infinite(p, C.double(width)) != 0 {
			width = math.Inf(1)
		}
		var lower, upper float64
		switch C.get_constr_type(p, row) {
		case C.LE:
			lower, upper = rhs-width, rhs
		case C.GE:
			lower, upper = rhs, rhs+width
		case C.EQ:
			lower, upper = rhs, rhs
		default: // a free row
			continue
		}
		if lower > tolerance || upper < -tolerance {
			return Infeasible, 0
		}
	}
	return Optimal, float64(C.get_rh(p, 0))
}

func statusOf(code C.int) Status {
	switch code {
	case C.NOTRUN:
		return NotRun
	case C.OPTIMAL:
		return Optimal
	case C.SUBOPTIMAL:
		return Suboptimal
	case C.INFEASIBLE:
		return Infeasible
	case C.UNBOUNDED:
		return Unbounded
	case C.DEGENERATE:
		return Degenerate
	case C.NUMFAILURE:
		return NumFailure
	case C.USERABORT:
		return UserAborted
	case C.TIMEOUT:
		return Timeout
	case C.PRESOLVED:
		return Presolved
	case C.NOMEMORY:
		return NoMemory
	case C.NOBFP:
		return NoBFP
	case C.DATAIGNORED:
		return DataIgnored
	case C.PROCFAIL:
		return ProcFail
	case C.PROCBREAK:
		return ProcBreak
	case C.FEASFOUND:
		return FeasFound
	case C.NOFEASFOUND:
		return NoFeasFound
	case C.ACCURACYERROR:
		return AccuracyError
	}
	return UnknownError
}

// Status returns the status of the last solve, or NotRun if the model has
// changed since.
func (lp *LP) Status() Status { return lp.status }

// solution returns the C model if the last solve left a solution to read.
func (lp *LP) solution(call string) (*C.lprec, error) {
	p, err := lp.ptr(call)
	if err != nil {
		return nil, err
	}
	if !lp.status.HasSolution() {
		return nil, &CallError{Call: call, Err: fmt.Errorf("%w: last solve: %v", ErrNoSolution, lp.status)}
	}
	return p, nil
}

// Objective returns the objective value of the last solution.
func (lp *LP) Objective() (float64, error) {
	defer runtime.KeepAlive(lp)
	p, err := lp.solution("get_objective")
	if err != nil {
		return 0, err
	}
	if lp.cols == 0 {
		return lp.constantObjective, nil
	}
	return float64(C.get_objective(p)), nil
}

// Variables returns the value of every column in the last solution, indexed
// like the columns of the model as built. It reads lp_solve's full solution
// vector (get_var_primalresult), so it stays right when presolve has deleted
// columns, where get_variables would return the shorter reduced vector.
func (lp *LP) Variables() ([]float64, error) {
	defer runtime.KeepAlive(lp)
	p, err := lp.solution("get_var_primalresult")
	if err != nil {
		return nil, err
	}
	if lp.cols == 0 {
		return []float64{}, nil
	}
	rows, cols := int(C.get_Norig_rows(p)), int(C.get_Norig_columns(p))
	return primal(p, 1+rows, cols), nil
}

// Constraints returns the value of every constraint row (its left-hand
// side) in the last solution, indexed like the rows of the model as built.
// After a solve in which presolve removed rows or columns it returns
// ErrPresolved: lp_solve reports 0 for every row presolve removed.
func (lp *LP) Constraints() ([]float64, error) {
	defer runtime.KeepAlive(lp)
	p, err := lp.solution("get_var_primalresult")
	if err != nil {
		return nil, err
	}
	if lp.reduced {
		return nil, &CallError{Call: "get_var_primalresult", Err: fmt.Errorf("%w; the values of removed rows are lost", ErrPresolved)}
	}
	if lp.cols == 0 {
		return make([]float64, lp.rows), nil
	}
	return primal(p, 1, int(C.get_Norig_rows(p))), nil
}

func primal(p *C.lprec, first, n int) []float64 {
	out := make([]float64, n)
	if n > 0 {
		C.glue_primal(p, C.int(first), C.int(n), (*C.double)(unsafe.Pointer(&out[0])))
	}
	return out
}

// TotalNodes returns the number of branch and bound nodes of the last solve.
func (lp *LP) TotalNodes() (int64, error) {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("get_total_nodes")
	if err != nil {
		return 0, err
	}
	return int64(C.get_total_nodes(p)), nil
}

// TotalIter returns the number of simplex iterations of the last solve.
func (lp *LP) TotalIter() (int64, error) {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("get_total_iter")
	if err != nil {
		return 0, err
	}
	return int64(C.get_total_iter(p)), nil
}

// SetTimeout bounds every later solve by d, rounded up to whole seconds
// (lp_solve's resolution); d <= 0 removes the limit. A solve that runs out
// of time returns Timeout, or Suboptimal if it had found a solution. For a
// finer limit use SolveContext with a deadline.
func (lp *LP) SetTimeout(d time.Duration) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("set_timeout")
	if err != nil {
		return err
	}
	var seconds int64
	if d > 0 {
		seconds = int64(math.Ceil(d.Seconds()))
	}
	C.set_timeout(p, C.long(seconds))
	return nil
}

// SetBreakAtFirst makes branch and bound stop at the first integer solution
// found (status Suboptimal unless it is proven optimal).
func (lp *LP) SetBreakAtFirst(on bool) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("set_break_at_first")
	if err != nil {
		return err
	}
	C.set_break_at_first(p, cbool(on))
	return nil
}

// SetBreakAtValue makes branch and bound stop at the first integer solution
// whose objective is at least as good as v. Call it after SetMaximize or
// SetMinimize: lp_solve does not carry a finite break value across a change
// of sense.
func (lp *LP) SetBreakAtValue(v float64) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("set_break_at_value")
	if err != nil {
		return err
	}
	if math.IsNaN(v) {
		return &CallError{Call: "set_break_at_value", Args: fmt.Sprint(v), Err: ErrArgument}
	}
	C.set_break_at_value(p, finite(p, v))
	return nil
}

// SetPrimalSimplex makes later solves use the primal simplex in both
// phases (lp_solve's SIMPLEX_PRIMAL_PRIMAL) instead of the default dual
// simplex in phase 1 then primal (SIMPLEX_DUAL_PRIMAL); off restores the
// default. On some degenerate programs the default stalls in phase 1 where
// the primal simplex ends at once.
func (lp *LP) SetPrimalSimplex(on bool) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("set_simplextype")
	if err != nil {
		return err
	}
	mode := C.int(C.SIMPLEX_DUAL_PRIMAL)
	if on {
		mode = C.SIMPLEX_PRIMAL_PRIMAL
	}
	C.set_simplextype(p, mode)
	return nil
}

// SetEpsInt sets the tolerance within which a value counts as integer
// (lp_solve's default is 1e-7).
func (lp *LP) SetEpsInt(eps float64) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("set_epsint")
	if err != nil {
		return err
	}
	if !(eps > 0 && eps < 0.5) {
		return &CallError{Call: "set_epsint", Args: fmt.Sprint(eps), Err: ErrArgument}
	}
	C.set_epsint(p, C.double(eps))
	return nil
}

// SetVerbose sets lp_solve's verbosity, from 0 (silent, the default) to 6
// (everything). lp_solve writes its messages to standard error.
func (lp *LP) SetVerbose(level int) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("set_verbose")
	if err != nil {
		return err
	}
	if level < C.NEUTRAL || level > C.FULL {
		return &CallError{Call: "set_verbose", Args: fmt.Sprint(level), Err: ErrArgument}
	}
	C.set_verbose(p, C.int(level))
	return nil
}

// Presolve selects lp_solve presolve steps; combine them with |.
type Presolve int

// Presolve steps (lp_solve's PRESOLVE_ flags of the same names).
const (
	PresolveNone   Presolve = C.PRESOLVE_NONE
	PresolveRows   Presolve = C.PRESOLVE_ROWS
	PresolveCols   Presolve = C.PRESOLVE_COLS
	PresolveLinDep Presolve = C.PRESOLVE_LINDEP
)

// SetPresolve sets the presolve steps of later solves (none by default).
// Presolve deletes rows and columns from the model itself: after a solve in
// which it did, results are still reported in the original numbering, but
// the model can no longer be changed (ErrPresolved), and WriteLP and
// WriteMPS write the reduced model.
func (lp *LP) SetPresolve(mode Presolve) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("set_presolve")
	if err != nil {
		return err
	}
	if mode&^(PresolveRows|PresolveCols|PresolveLinDep) != 0 {
		return &CallError{Call: "set_presolve", Args: fmt.Sprint(int(mode)), Err: ErrArgument}
	}
	C.set_presolve(p, C.int(mode), C.get_presolveloops(p))
	// The solution accessors read presolve's full solution vector whenever
	// presolve is on, and it does not exist before a presolved solve.
	lp.status = NotRun
	return nil
}

func (lp *LP) presolving(p *C.lprec) bool {
	return C.get_presolve(p)&C.PRESOLVE_LASTMASKMODE != C.PRESOLVE_NONE
}

// Pricing is lp_solve's pricing rule: which column enters the basis.
type Pricing int

// Pricing rules (lp_solve's PRICER_ constants of the same names).
const (
	PricingFirstIndex Pricing = C.PRICER_FIRSTINDEX
	PricingDantzig    Pricing = C.PRICER_DANTZIG
	PricingDevex      Pricing = C.PRICER_DEVEX
	PricingSteepest   Pricing = C.PRICER_STEEPESTEDGE
)

// SetPricing sets the pricing rule of later solves, with lp_solve's
// adaptive mode (PRICE_ADAPTIVE, part of its default of Devex). lp_solve's
// default Devex pricing can stall for minutes on degenerate relaxations
// that Dantzig's rule solves in a fraction of a second.
func (lp *LP) SetPricing(rule Pricing) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("set_pivoting")
	if err != nil {
		return err
	}
	switch rule {
	case PricingFirstIndex, PricingDantzig, PricingDevex, PricingSteepest:
	default:
		return &CallError{Call: "set_pivoting", Args: fmt.Sprint(int(rule)), Err: ErrArgument}
	}
	C.set_pivoting(p, C.int(rule)|C.PRICE_ADAPTIVE)
	return nil
}

// Pricing returns the pricing rule in force.
func (lp *LP) Pricing() (Pricing, error) {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("get_pivoting")
	if err != nil {
		return 0, err
	}
	return Pricing(C.get_pivoting(p) & C.PRICER_LASTOPTION), nil
}
