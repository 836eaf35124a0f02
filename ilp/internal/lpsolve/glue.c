// fopencookie is a GNU extension.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdint.h>
#include <sys/types.h>
#include "glue.h"
#include "_cgo_export.h"

MYBOOL glue_add_constraintex(lprec *lp, int count, REAL *row, int *colno, int type, REAL rhs)
{
	REAL noval[1] = {0};
	int noidx[1] = {0};

	if (count == 0) {
		row = noval;
		colno = noidx;
	}
	return add_constraintex(lp, count, row, colno, type, rhs);
}

MYBOOL glue_set_rowex(lprec *lp, int rownr, int count, REAL *row, int *colno)
{
	REAL noval[1] = {0};
	int noidx[1] = {0};

	if (count == 0) {
		row = noval;
		colno = noidx;
	}
	return set_rowex(lp, rownr, count, row, colno);
}

MYBOOL glue_set_obj_fnex(lprec *lp, int count, REAL *row, int *colno)
{
	REAL noval[1] = {0};
	int noidx[1] = {0};

	if (count == 0) {
		row = noval;
		colno = noidx;
	}
	return set_obj_fnex(lp, count, row, colno);
}

MYBOOL glue_add_columnex(lprec *lp, int count, REAL *column, int *rowno)
{
	REAL noval[1] = {0};
	int noidx[1] = {0};

	if (count == 0) {
		column = noval;
		rowno = noidx;
	}
	return add_columnex(lp, count, column, rowno);
}

void glue_primal(lprec *lp, int first, int count, REAL *out)
{
	int i;

	for (i = 0; i < count; i++)
		out[i] = get_var_primalresult(lp, first + i);
}

static int __WINAPI glue_abort(lprec *lp, void *userhandle)
{
	return lpsolveAbort((uintptr_t)userhandle, (long long)get_total_nodes(lp));
}

// lp_solve sends its messages right after it has stored what they are
// about: for MSG_MILPFEASIBLE and MSG_MILPBETTER the new incumbent is in
// best_solution, and for MSG_LPOPTIMAL best_solution is pointed at the root
// relaxation for the duration of the call. get_objective reads
// best_solution[0] in both cases.
//
// For an incumbent the columns are passed too: best_solution holds the rows
// from 1 and the columns after them. After presolve has removed rows or
// columns they are the reduced model's, which the caller cannot name: none
// are passed then.
static void __WINAPI glue_message(lprec *lp, void *userhandle, int msg)
{
	REAL *columns = NULL;
	int count = 0;

	if ((msg == MSG_MILPFEASIBLE || msg == MSG_MILPBETTER) && lp->best_solution != NULL &&
	    get_Norig_rows(lp) == lp->rows && get_Norig_columns(lp) == lp->columns) {
		columns = lp->best_solution + 1 + lp->rows;
		count = lp->columns;
	}
	lpsolveMessage((uintptr_t)userhandle, msg, get_objective(lp), (long long)get_total_nodes(lp), columns, count);
}

void glue_set_callbacks(lprec *lp, uintptr_t handle, int msgmask, int abort)
{
	if (abort)
		put_abortfunc(lp, glue_abort, (void *)handle);
	if (msgmask != 0)
		put_msgfunc(lp, glue_message, (void *)handle, msgmask);
}

void glue_clear_callbacks(lprec *lp)
{
	put_abortfunc(lp, NULL, NULL);
	put_msgfunc(lp, NULL, NULL, 0);
}

static int __WINAPI glue_write(void *userhandle, char *buf)
{
	return lpsolveWrite((uintptr_t)userhandle, buf);
}

MYBOOL glue_write_lp(lprec *lp, uintptr_t handle)
{
	return write_lpex(lp, (void *)handle, glue_write);
}

MYBOOL glue_write_mps(lprec *lp, int typeMPS, uintptr_t handle)
{
	return MPS_writefileex(lp, typeMPS, (void *)handle, glue_write);
}

static ssize_t glue_cookie_read(void *cookie, char *buf, size_t size)
{
	if (size > INT32_MAX)
		size = INT32_MAX;
	return lpsolveReadBlock((uintptr_t)cookie, buf, (int)size);
}

static int __WINAPI glue_read_line(void *userhandle, char *buf, int max_size)
{
	return lpsolveReadLine((uintptr_t)userhandle, buf, max_size);
}

// The LP parser is a flex scanner, which calls fileno() on its userhandle
// as if it were a FILE*, so read_lpex cannot take an opaque handle. The
// reader is wrapped in a real stream instead.
lprec *glue_read_lp(uintptr_t handle, int verbose, char *name)
{
	cookie_io_functions_t io = {.read = glue_cookie_read};
	FILE *stream;
	lprec *lp;

	stream = fopencookie((void *)handle, "r", io);
	if (stream == NULL)
		return NULL;
	lp = read_lp(stream, verbose, name);
	fclose(stream);
	return lp;
}

// options is a verbosity level or'ed with MPS_ flags.
lprec *glue_read_freemps(uintptr_t handle, int options)
{
	return read_freempsex((void *)handle, glue_read_line, options);
}
