// Package ilp is chessmodel's integer-linear-programming backend: it compiles
// a model to a linear program, solves it in-process with lp_solve 5.5, and
// writes it out for any other solver.
//
// Compile turns a placement model into a *Program: named variables (q_d4 is
// a queen on d4, w_e5 a free wall on e5, att_c3 says c3 is attacked), named
// rows (seg_e_a3 is the segment of rank 3 that starts on a3) and an
// objective, in a deterministic order, so that tests and users can read
// exactly what was built. The formulations are described beside the code
// that builds them (independence.go, coverage.go, compile_place.go).
// Program.WriteLP, WriteMPS and WriteCPLEX print it in lp_solve's LP
// format, free MPS and CPLEX LP; Decode maps solver values back to a
// model.Solution.
//
// New returns the backend, a model.Solver:
//
//	p, err := ilp.Compile(m)        // inspect or export the program
//	err = p.WriteCPLEX(os.Stdout)
//	res, err := ilp.New().Solve(ctx, m, model.Options{Task: model.TaskCount})
//
// Every solution the backend reports has passed model.Check. Counting and
// enumeration add a no-good cut for each solution found (and for its images
// under the model's symmetries) and solve again, since lp_solve keeps no
// pool of solutions. Tours are not compiled yet: Compile and Solve return
// errors wrapping model.ErrUnsupported for them. A sliding puzzle is a
// time-expanded program (compile_slide.go) whose horizon Solve finds by
// solving horizons 0, 1, 2, ... (solve_slide.go); CompileSlide builds the
// program of one horizon for export.
package ilp
