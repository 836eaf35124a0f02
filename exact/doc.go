// Package exact is the native exact backend: it solves, counts and
// enumerates placement models with bitboard search, and proves optimality.
//
// New returns the backend as a model.Solver:
//
//	m, _ := model.Load("testdata/models/eight-queens.yaml")
//	res, err := exact.New().Solve(ctx, m, model.Options{Task: model.TaskCount, Symmetry: true})
//	// *res.Count == 92, *res.Classes == 12
//
// This package is the facade: Solve compiles a model into integers and
// dispatch chooses a technique from the model's structure, never from its
// name. Each technique is a package of its own under exact/internal:
//
//   - nqueens: n identical queens or rooks on an empty n x n board — the
//     bitwise counter by start constellations, the linear-time
//     construction, n! for rooks;
//   - clique: independence without coverage — branch and bound over a
//     partition of the (piece, square) vertices into cliques;
//   - walls: free walls — piece sets priced by a minimum hitting set of
//     the gaps between pieces that see each other;
//   - fold: cover rules and maximised coverage with fixed counts (or one
//     "min" entry) — the search-space folding of Robison, Hafner and
//     Skiena, made general; and the fewest attacked or dominated squares;
//   - domination: the fewest identical pieces that cover the board, by
//     branch and bound on a set cover (it builds on fold's plan);
//   - cover: the other cover rules and coverage objectives, with or
//     without free walls — search on the most constrained uncovered square.
//
// and the plumbing they share, from the bottom up: bitset (the bitsets),
// tasks (the Stopper and the worker pool, used by exact/tour and
// exact/slide too), problem (the compiled model, tallies and results) and
// graph (the conflict graph and its clique partitions). Tour models go to
// package exact/tour, slide models to exact/slide.
//
// Counting splits the search tree among goroutines (Options.Workers, all
// cores when 0) and gives the same numbers, and the same example solution,
// on any number of them; Options.Progress hears the fraction of subtrees
// done. Classes up to the model's symmetry group (Options.Symmetry) are
// counted as the solutions that are the least of their orbit;
// Options.DistinctWalls counts wall sets instead of solutions. When the
// context ends, Solve returns status unknown with the best solution found
// (and, for counts, "counted_so_far" in the stats).
//
// # Limits
//
// Every internal limit is checked before it is reached; beyond it Solve
// returns an error wrapping model.ErrUnsupported (model.ErrTooLarge for the
// memory bound), never an answer. Each package that enforces a limit lists
// it in its doc: the board size, stacking, memory and counts in problem;
// the (piece, square) pairs in graph; kinds of piece and ride directions
// with free walls in walls; pieces to fold in fold; n-queens and n-rooks
// sizes in nqueens. TestLimits walks past each one.
//
// A part of a count (model.Options.Shard) is answered by the n-queens and
// n-rooks counters (ShardCosts lists each part's work) and by the transfer,
// whose task lists split; every other search, tours and slides included,
// refuses a part with model.ErrUnsupported (refuseParts in shards.go),
// since answering the whole task for each part would multiply the merged
// count.
package exact
