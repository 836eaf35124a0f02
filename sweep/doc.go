// Package sweep studies a family of models: every placement of k walls on a
// model's board, one representative per class of the model's symmetry
// group, each solved by a backend and verified by the checker. It gives the
// distribution of values over classes and over boards — the tables of the
// blocked-queens seed — and streams every solved class to a Record func.
//
//	sum, err := sweep.Run(ctx, m, exact.New(), sweep.Options{Walls: 3})
//	// sum.Classes == 5278 for eight queens with three walls
package sweep
