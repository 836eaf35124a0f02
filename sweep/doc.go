// Package sweep studies a family of models: every placement of k walls on a
// model's board, one representative per class of the model's symmetry
// group, each solved by a backend and verified by the checker. It gives the
// distribution of values over classes and over boards — the tables of the
// blocked-queens seed — and streams every solved class to a Record func.
// A sweep splits into shards by class (Options.Shard: the classes in their
// order of enumeration, which the model and the number of walls fix), and
// Merge adds the parts' Summaries up. Puzzles does not split: a puzzle is
// kept only when no board of fewer walls inside it is one, which ties each
// level to the ones below.
//
//	sum, err := sweep.Run(ctx, m, exact.New(), sweep.Options{Walls: 3})
//	// sum.Classes == 5278 for eight queens with three walls
package sweep
