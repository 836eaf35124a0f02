// Package extern runs the external command-line MIP solvers — lp_solve,
// cbc and glpsol — as a chessmodel backend, and reads the solution files
// they write. External exports a model through the ilp package (lp_solve
// reads the LP format, cbc CPLEX LP, glpsol free MPS), runs the tool in a
// process group of its own and decodes the values it prints back into a
// solution, which the model's checker verifies like any other answer.
// Placement models are solved, counted and enumerated (count.go, by
// no-good cuts), slides solved horizon by horizon, tours solved and
// counted by the subtour cut loop (tour.go); time limits and the bounds the
// tools print are in limits.go.
//
//	res, err := (&extern.External{Tool: "cbc"}).Solve(ctx, m, model.Options{Task: model.TaskSolve})
//
// ReadSolverOutput reads a tool's file in any of its formats (output.go);
// ReadSolverSolution maps one back to a placement, for `chessmodel check`
// (solution.go).
package extern
