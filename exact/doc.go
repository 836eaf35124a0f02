// Package exact is the native exact backend: it solves, counts and
// enumerates placement models with bitboard search, and proves optimality.
//
// New returns the backend as a model.Solver:
//
//	m, _ := model.Load("testdata/models/eight-queens.yaml")
//	res, err := exact.New().Solve(ctx, m, model.Options{Task: model.TaskCount, Symmetry: true})
//	// *res.Count == 92, *res.Classes == 12
//
// The solver compiles a model into integers — squares, (piece, square)
// vertices, attack sets with lines cut at walls and squares off the board —
// and chooses a method from the model's structure, never from its name:
//
//   - n identical queens or rooks on an empty n x n board: bitwise counters
//     (queens with the full D4 reduction, which also yields the classes),
//     the explicit linear-time construction for one solution on huge boards,
//     and the n! permutations for rooks;
//   - independence without coverage: branch and bound over a partition of the
//     (piece, square) vertices into cliques, usually the line segments between
//     walls, bounded by the number of cliques still open;
//   - free walls: search of piece sets, each priced by a minimum hitting set of
//     the gaps between pieces that see each other;
//   - cover rules and maximised coverage with fixed counts (or one "min"
//     entry, as in domination), without independence or free walls: the
//     search-space folding of Robison, Hafner and Skiena (fold*.go) — one
//     axis per piece, a weak-attack bound per box, look-ahead, clipping of
//     identical pieces, symmetry on a lone piece, strong attack judged on
//     the points left; at most 64 pieces (a longer place list goes to the
//     general search below; a "min" count that would pass 64 pieces is
//     ErrUnsupported);
//   - the fewest attacked or dominated squares with fixed counts: branch
//     and bound (fewest.go), bounded by what pieces to come could cut off;
//   - other cover rules and coverage objectives: search that branches on
//     the most constrained uncovered square (with free walls, also on
//     whether that square becomes a wall).
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
// Tours and slides are not placement models; Solve returns an error wrapping
// model.ErrUnsupported for them, as it does for boards beyond the general
// search (4096 squares) other than the empty-board fast paths.
package exact
