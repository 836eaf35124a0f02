// C glue between the Go binding and lp_solve 5.5. Everything here is
// internal to package lpsolve.

#ifndef CHESSMODEL_LPSOLVE_GLUE_H
#define CHESSMODEL_LPSOLVE_GLUE_H

#include <stdint.h>
#include <lp_lib.h>

// Sparse-vector calls. lp_solve treats a NULL index array as "dense vector"
// and set_obj_fnex rejects a NULL value array, so an empty vector is passed
// as count 0 with non-NULL scratch arrays instead. The arrays must hold
// 1-based, strictly ascending indices: lp_solve sorts them in place and
// silently drops or mangles out-of-range and duplicate entries.
MYBOOL glue_add_constraintex(lprec *lp, int count, REAL *row, int *colno, int type, REAL rhs);
MYBOOL glue_set_rowex(lprec *lp, int rownr, int count, REAL *row, int *colno);
MYBOOL glue_set_obj_fnex(lprec *lp, int count, REAL *row, int *colno);
MYBOOL glue_add_columnex(lprec *lp, int count, REAL *column, int *rowno);

// Copies get_var_primalresult(lp, first+i) for i in [0, count) into out.
// Unlike get_variables it indexes the original model, so it stays right
// when presolve has removed rows or columns.
void glue_primal(lprec *lp, int first, int count, REAL *out);

// Callback plumbing. handle is a runtime/cgo.Handle value; lp_solve keeps it
// as an opaque void* and hands it back to the exported Go callbacks.
// glue_set_callbacks installs the abort callback when abort is not 0 and
// the message callback when msgmask (MSG_ values) is not 0; both share
// handle.
void glue_set_callbacks(lprec *lp, uintptr_t handle, int msgmask, int abort);
void glue_clear_callbacks(lprec *lp);
MYBOOL glue_write_lp(lprec *lp, uintptr_t handle);
MYBOOL glue_write_mps(lprec *lp, int typeMPS, uintptr_t handle);
lprec *glue_read_lp(uintptr_t handle, int verbose, char *name);
lprec *glue_read_freemps(uintptr_t handle, int options);

#endif
