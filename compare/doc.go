// Package compare cross-checks backends, and does nothing else: it asks
// each to do the same task on the same model, verifies every solution with
// the model's checker, and says whether the answers agree (Run). The
// random models that hunt for disagreements are drawn by internal/gen; the
// command-line backends compared with the others are in extern.
//
//	row := compare.Run(ctx, m, []model.Solver{exact.New(), ilp.New()}, model.TaskSolve, compare.Options{})
//	fmt.Println(row.Verdict) // agree
//
// A backend that cannot do a task, or runs out of time, makes a row
// Incomplete: it is shown, never counted as agreement.
package compare
