// Package sweep studies a family of models: every placement of k walls on a
// model's board, one representative per class of the model's symmetry
// group, each solved by a backend and verified by the checker. It gives the
// distribution of values over classes and over boards — the tables of the
// blocked-queens seed — and streams every solved class to a Record func.
// A sweep splits into shards by the first squares of its wall sets
// (Options.Shard: each prefix to one part, as the model, the number of
// walls and of parts fix; Shares lists them), each part walking its own
// wall sets only, and Merge adds the parts' Summaries up, with the
// one-process example: the first class of the best value. Puzzles does not split: a puzzle is
// kept only when no board of fewer walls inside it is one, which ties each
// level to the ones below.
//
//	sum, err := sweep.Run(ctx, m, exact.New(), sweep.Options{Walls: 3})
//	// sum.Classes == 5278 for eight queens with three walls
package sweep
