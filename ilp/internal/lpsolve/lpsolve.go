package lpsolve

/*
#cgo CFLAGS: -I/usr/include/lpsolve
#cgo LDFLAGS: -llpsolve55 -lcolamd -ldl -lm
#include <stdio.h>
#include <stdlib.h>
#include "glue.h"
*/
import "C"

import (
	"fmt"
	"math"
	"runtime"
	"time"
	"unsafe"
)

// ConstraintType is the sense of a constraint row.
type ConstraintType int

// Constraint senses.
const (
	LE ConstraintType = iota + 1 // row <= rhs
	GE                           // row >= rhs
	EQ                           // row == rhs
)

func (t ConstraintType) String() string {
	switch t {
	case LE:
		return "<="
	case GE:
		return ">="
	case EQ:
		return "="
	}
	return fmt.Sprintf("ConstraintType(%d)", int(t))
}

func (t ConstraintType) code() (C.int, bool) {
	switch t {
	case LE:
		return C.LE, true
	case GE:
		return C.GE, true
	case EQ:
		return C.EQ, true
	}
	return 0, false
}

// maxIndex bounds sizes and indices: lp_solve counts in C int.
const maxIndex = math.MaxInt32 - 1

// LP is one lp_solve model. Its zero value is not usable; create it with New,
// ReadLP or ReadMPS and release it with Close. An LP must not be used by
// several goroutines at once.
type LP struct {
	prob    *C.lprec
	cleanup runtime.Cleanup

	// Size of the model in the caller's (original) numbering.
	rows, cols int

	rowMode     bool // set_add_rowmode(TRUE) is in effect
	rowModeUsed bool // row mode is entered once; later switches would transpose the matrix again
	solved      bool // a solve has run: lp_solve refuses row mode from then on
	reduced     bool // presolve removed rows or columns in the last solve
	status      Status

	constantObjective float64 // objective of a solved model without columns

	progress      func(Progress) // SetProgress
	progressEvery time.Duration

	// Scratch for sparse vectors: lp_solve wants 1-based C ints, and sorts
	// the arrays it is given in place, so the caller's slices are never passed.
	sparse sparseVector
}

// New returns an empty model with the given numbers of rows and columns.
// Columns are continuous with bounds [0, +Inf) and objective coefficient 0;
// the rows are empty. Most models start with rows == 0 and add constraints
// with AddConstraintSparse.
func New(rows, cols int) (*LP, error) {
	if rows < 0 || cols < 0 || rows > maxIndex || cols > maxIndex {
		return nil, &CallError{Call: "make_lp", Args: fmt.Sprintf("%d rows, %d columns", rows, cols), Err: ErrArgument}
	}
	prob := C.make_lp(C.int(rows), C.int(cols))
	if prob == nil {
		return nil, &CallError{Call: "make_lp", Args: fmt.Sprintf("%d rows, %d columns", rows, cols)}
	}
	return wrap(prob), nil
}

// wrap takes ownership of prob.
func wrap(prob *C.lprec) *LP {
	C.set_verbose(prob, C.NEUTRAL)
	lp := &LP{
		prob: prob,
		rows: int(C.get_Nrows(prob)),
		cols: int(C.get_Ncolumns(prob)),
	}
	lp.cleanup = runtime.AddCleanup(lp, func(p *C.lprec) { C.delete_lp(p) }, prob)
	return lp
}

// Close frees the C model. It is idempotent; every other method returns
// ErrClosed afterwards.
func (lp *LP) Close() error {
	if lp.prob == nil {
		return nil
	}
	lp.cleanup.Stop()
	C.delete_lp(lp.prob)
	lp.prob = nil
	return nil
}

// ptr returns the C model, or ErrClosed. Callers must keep lp alive
// (runtime.KeepAlive) until their last use of the pointer, or the cleanup
// could free the model under a running C call.
func (lp *LP) ptr(call string) (*C.lprec, error) {
	if lp.prob == nil {
		return nil, &CallError{Call: call, Err: ErrClosed}
	}
	return lp.prob, nil
}

// mutable is ptr for calls that change the model.
func (lp *LP) mutable(call string) (*C.lprec, error) {
	p, err := lp.ptr(call)
	if err != nil {
		return nil, err
	}
	if lp.reduced {
		return nil, &CallError{Call: call, Err: fmt.Errorf("%w and can no longer be changed", ErrPresolved)}
	}
	return p, nil
}

// matrixReady leaves row entry mode, which lp_solve requires before solving
// and before anything that reads or edits the matrix column-wise.
func (lp *LP) matrixReady(p *C.lprec) {
	if lp.rowMode {
		C.set_add_rowmode(p, C.FALSE)
		lp.rowMode = false
	}
}

// enterRowMode switches row entry mode on when lp_solve still allows it.
func (lp *LP) enterRowMode(p *C.lprec) {
	if lp.rowMode || lp.rowModeUsed || lp.solved || noRowMode {
		return
	}
	lp.rowModeUsed = true
	if C.set_add_rowmode(p, C.TRUE) != 0 {
		lp.rowMode = true
	}
}

// noRowMode disables row entry mode; benchmarks flip it to measure the mode.
var noRowMode = false

func (lp *LP) checkCol(call string, col int) error {
	if col < 0 || col >= lp.cols {
		return &CallError{Call: call, Args: fmt.Sprintf("column %d", col), Err: fmt.Errorf("%w: model has %d columns", ErrIndex, lp.cols)}
	}
	return nil
}

func (lp *LP) checkRow(call string, row int) error {
	if row < 0 || row >= lp.rows {
		return &CallError{Call: call, Args: fmt.Sprintf("row %d", row), Err: fmt.Errorf("%w: model has %d rows", ErrIndex, lp.rows)}
	}
	return nil
}

// Ncolumns returns the number of columns, counted in the original model
// (presolve does not change it).
func (lp *LP) Ncolumns() (int, error) {
	if _, err := lp.ptr("get_Ncolumns"); err != nil {
		return 0, err
	}
	return lp.cols, nil
}

// Nrows returns the number of constraint rows, counted in the original model.
func (lp *LP) Nrows() (int, error) {
	if _, err := lp.ptr("get_Nrows"); err != nil {
		return 0, err
	}
	return lp.rows, nil
}

// SetColName names column col. Names appear in written LP and MPS files.
func (lp *LP) SetColName(col int, name string) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.mutable("set_col_name")
	if err != nil {
		return err
	}
	if err := lp.checkCol("set_col_name", col); err != nil {
		return err
	}
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	if C.set_col_name(p, C.int(col+1), cname) == 0 {
		return &CallError{Call: "set_col_name", Args: fmt.Sprintf("column %d, %q", col, name)}
	}
	return nil
}

// ColName returns the name of column col; unnamed columns are called C1, C2, ...
// (1-based, as lp_solve names them).
func (lp *LP) ColName(col int) (string, error) {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("get_origcol_name")
	if err != nil {
		return "", err
	}
	if err := lp.checkCol("get_origcol_name", col); err != nil {
		return "", err
	}
	name := C.get_origcol_name(p, C.int(col+1))
	if name == nil {
		return "", &CallError{Call: "get_origcol_name", Args: fmt.Sprintf("column %d", col)}
	}
	return C.GoString(name), nil
}

// SetRowName names constraint row row.
func (lp *LP) SetRowName(row int, name string) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.mutable("set_row_name")
	if err != nil {
		return err
	}
	if err := lp.checkRow("set_row_name", row); err != nil {
		return err
	}
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	if C.set_row_name(p, C.int(row+1), cname) == 0 {
		return &CallError{Call: "set_row_name", Args: fmt.Sprintf("row %d, %q", row, name)}
	}
	return nil
}

// RowName returns the name of constraint row row; unnamed rows are called
// R1, R2, ... (1-based, as lp_solve names them).
func (lp *LP) RowName(row int) (string, error) {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr("get_origrow_name")
	if err != nil {
		return "", err
	}
	if err := lp.checkRow("get_origrow_name", row); err != nil {
		return "", err
	}
	name := C.get_origrow_name(p, C.int(row+1))
	if name == nil {
		return "", &CallError{Call: "get_origrow_name", Args: fmt.Sprintf("row %d", row)}
	}
	return C.GoString(name), nil
}

// SetInt makes column col integer (or continuous again).
func (lp *LP) SetInt(col int, isInt bool) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.mutable("set_int")
	if err != nil {
		return err
	}
	if err := lp.checkCol("set_int", col); err != nil {
		return err
	}
	if C.set_int(p, C.int(col+1), cbool(isInt)) == 0 {
		return &CallError{Call: "set_int", Args: fmt.Sprintf("column %d, %t", col, isInt)}
	}
	return nil
}

// SetBinary makes column col a 0/1 variable: integer with bounds [0, 1].
// SetBinary(col, false) makes it continuous with bounds [0, +Inf).
func (lp *LP) SetBinary(col int, isBinary bool) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.mutable("set_binary")
	if err != nil {
		return err
	}
	if err := lp.checkCol("set_binary", col); err != nil {
		return err
	}
	if C.set_binary(p, C.int(col+1), cbool(isBinary)) == 0 {
		return &CallError{Call: "set_binary", Args: fmt.Sprintf("column %d, %t", col, isBinary)}
	}
	return nil
}

// SetBounds sets the bounds of column col. Use math.Inf for an open side.
func (lp *LP) SetBounds(col int, lower, upper float64) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.mutable("set_bounds")
	if err != nil {
		return err
	}
	if err := lp.checkCol("set_bounds", col); err != nil {
		return err
	}
	if math.IsNaN(lower) || math.IsNaN(upper) || lower > upper {
		return &CallError{Call: "set_bounds", Args: fmt.Sprintf("column %d, %g, %g", col, lower, upper), Err: ErrArgument}
	}
	if C.set_bounds(p, C.int(col+1), finite(p, lower), finite(p, upper)) == 0 {
		return &CallError{Call: "set_bounds", Args: fmt.Sprintf("column %d, %g, %g", col, lower, upper)}
	}
	return nil
}

// finite maps ±Inf to lp_solve's own infinity (1e30 by default).
func finite(p *C.lprec, v float64) C.double {
	if math.IsInf(v, 0) {
		inf := C.get_infinite(p)
		if v < 0 {
			return -inf
		}
		return inf
	}
	return C.double(v)
}

// SetObjective replaces the objective function: coefficient values[i] on
// column indices[i], 0 on every other column. Empty slices clear it.
func (lp *LP) SetObjective(indices []int, values []float64) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.mutable("set_obj_fnex")
	if err != nil {
		return err
	}
	n, idx, val, err := lp.sparse.load("set_obj_fnex", "column", indices, values, lp.cols)
	if err != nil {
		return err
	}
	if C.glue_set_obj_fnex(p, n, val, idx) == 0 {
		return &CallError{Call: "set_obj_fnex", Args: fmt.Sprintf("%d coefficients", len(indices))}
	}
	return nil
}

// SetMaximize makes the objective be maximised.
func (lp *LP) SetMaximize() error {
	defer runtime.KeepAlive(lp)
	p, err := lp.mutable("set_maxim")
	if err != nil {
		return err
	}
	C.set_maxim(p)
	return nil
}

// SetMinimize makes the objective be minimised (the default).
func (lp *LP) SetMinimize() error {
	defer runtime.KeepAlive(lp)
	p, err := lp.mutable("set_minim")
	if err != nil {
		return err
	}
	C.set_minim(p)
	return nil
}

// AddConstraintSparse appends the row sum(values[i] * x[indices[i]]) op rhs.
// Its row index is the previous Nrows. Indices may come in any order but
// not twice; an empty row is allowed.
func (lp *LP) AddConstraintSparse(indices []int, values []float64, op ConstraintType, rhs float64) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.mutable("add_constraintex")
	if err != nil {
		return err
	}
	code, ok := op.code()
	if !ok || math.IsNaN(rhs) {
		return &CallError{Call: "add_constraintex", Args: fmt.Sprintf("%v %g", op, rhs), Err: ErrArgument}
	}
	if lp.rows >= maxIndex {
		return &CallError{Call: "add_constraintex", Err: fmt.Errorf("%w: model already has %d rows", ErrIndex, lp.rows)}
	}
	n, idx, val, err := lp.sparse.load("add_constraintex", "column", indices, values, lp.cols)
	if err != nil {
		return err
	}
	lp.enterRowMode(p)
	if C.glue_add_constraintex(p, n, val, idx, code, C.double(rhs)) == 0 {
		return &CallError{Call: "add_constraintex", Args: fmt.Sprintf("%d coefficients, %v %g", len(indices), op, rhs)}
	}
	lp.rows++
	lp.status = NotRun
	return nil
}

// SetConstraintSparse replaces row row by sum(values[i] * x[indices[i]]) op rhs.
func (lp *LP) SetConstraintSparse(row int, indices []int, values []float64, op ConstraintType, rhs float64) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.mutable("set_rowex")
	if err != nil {
		return err
	}
	if err := lp.checkRow("set_rowex", row); err != nil {
		return err
	}
	code, ok := op.code()
	if !ok || math.IsNaN(rhs) {
		return &CallError{Call: "set_constr_type", Args: fmt.Sprintf("row %d, %v %g", row, op, rhs), Err: ErrArgument}
	}
	n, idx, val, err := lp.sparse.load("set_rowex", "column", indices, values, lp.cols)
	if err != nil {
		return err
	}
	lp.matrixReady(p)
	if C.glue_set_rowex(p, C.int(row+1), n, val, idx) == 0 {
		return &CallError{Call: "set_rowex", Args: fmt.Sprintf("row %d, %d coefficients", row, len(indices))}
	}
	if C.set_constr_type(p, C.int(row+1), code) == 0 {
		return &CallError{Call: "set_constr_type", Args: fmt.Sprintf("row %d, %v", row, op)}
	}
	if C.set_rh(p, C.int(row+1), C.double(rhs)) == 0 {
		return &CallError{Call: "set_rh", Args: fmt.Sprintf("row %d, %g", row, rhs)}
	}
	lp.status = NotRun
	return nil
}

// AddColumnSparse appends a column with coefficient values[i] in constraint
// row rows[i] (objective coefficient 0, bounds [0, +Inf)) and returns its
// index. Empty slices add an empty column.
func (lp *LP) AddColumnSparse(rows []int, values []float64) (int, error) {
	defer runtime.KeepAlive(lp)
	p, err := lp.mutable("add_columnex")
	if err != nil {
		return 0, err
	}
	if lp.cols >= maxIndex {
		return 0, &CallError{Call: "add_columnex", Err: fmt.Errorf("%w: model already has %d columns", ErrIndex, lp.cols)}
	}
	n, idx, val, err := lp.sparse.load("add_columnex", "row", rows, values, lp.rows)
	if err != nil {
		return 0, err
	}
	lp.matrixReady(p)
	if C.glue_add_columnex(p, n, val, idx) == 0 {
		return 0, &CallError{Call: "add_columnex", Args: fmt.Sprintf("%d coefficients", len(rows))}
	}
	lp.cols++
	lp.status = NotRun
	return lp.cols - 1, nil
}

func cbool(b bool) C.uchar {
	if b {
		return C.TRUE
	}
	return C.FALSE
}

// flushStdio flushes C's stdio buffers; tests use it to check that lp_solve
// printed nothing.
func flushStdio() { C.fflush(nil) }
