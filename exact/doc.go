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
//     (queens by start constellations, one per orbit under D4, with the
//     classes from the half- and quarter-turn symmetric solutions),
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
//   - the fewest identical pieces that cover the whole board (domination
//     numbers), one "min" entry alone, when weak attack equals strong
//     (weak attack, or no fixed piece): branch and bound on the uncovered
//     square with the fewest candidates (domination*.go), bounded by a
//     fractional cover raised by dual ascent and by a packing of squares
//     no one piece covers together; folding answers the other "min"
//     models and counts;
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
// Tour models go to package exact/tour, slide models to exact/slide; each
// lists its own limits.
//
// # Limits
//
// Every internal limit is checked before it is reached; beyond it Solve
// returns an error wrapping model.ErrUnsupported (model.ErrTooLarge for the
// memory bound), never an answer. TestLimits walks past each one.
//
//   - Board: 4096 squares for the general searches (their attack sets are
//     bitsets of the whole board). The empty-board n-queens and n-rooks fast
//     paths take any size for one solution.
//   - (piece, square) pairs: 8192, counting one per stacked copy (the
//     conflict graph and the free-wall search keep a bitset of them per pair).
//   - Stacking: at most 64 identical pieces on one square (maxStackCopies);
//     a place list that lets more stack, or asks for more while minimising
//     pieces, or has no upper count, is refused.
//   - Free walls: at most 31 kinds of piece (stacked copies count) and 31
//     ride directions (one of each opposite pair): a line's directions are
//     one 32-bit word.
//   - N-queens: counts up to 28 ranks (beyond, the count could pass 64
//     bits), enumeration up to 63 ranks (a rank is one machine word); n-rooks
//     counts are computed as big integers and refused above 2^63-1 (from
//     21 rooks).
//   - Counts: every count is an int64 added with a check; a count above
//     2^63-1 (free-wall counts are big integers, and 2^64 wall sets are a
//     small board's worth) is refused, never wrapped.
//   - Memory: before it builds anything, compile estimates the bytes of the
//     pieces' reach tables and of the (piece, square) bitsets, and the
//     n-queens and n-rooks fast paths the bytes of a solution of n pieces
//     (about 1.7 million queens under the default); above
//     model.Options.MaxMemory (model.DefaultMaxMemory when 0) the model is
//     refused with model.ErrTooLarge.
package exact
