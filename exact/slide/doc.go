// Package slide solves and analyses sliding puzzles: identical pieces move
// one at a time, each as far as it goes (stopped by the edge, a wall, a
// square off the board or another piece), from one set of squares to
// another. A leaper "slides" one leap.
//
// A state is the set of occupied open squares, ranked to an integer by the
// combinatorial number system (rank.go); moves are derived from one
// ride-step computation (moves.go), forwards and backwards; states are
// folded to the least rank of their orbit under the model's symmetry group
// (symmetry.go).
//
//	out, err := slide.Shortest(ctx, m, slide.Options{})  // a shortest solution
//	rep, err := slide.Explore(ctx, m, slide.Options{})   // the whole state graph
//
// Shortest is a bidirectional breadth-first search (bidirectional.go) over a
// hash table of the folded states it touches (table.go), so large boards
// never expand the whole graph; an unreachable goal is proved by exhausting
// the smaller side. Solver wraps it as the slide part of the exact backend.
// Explore (explore.go) walks the whole graph: states and orbits in all
// (orbits by Burnside's lemma, orbits.go), the states and orbits reachable
// from the start, the distance distribution and the farthest states, and
// the strongly connected components of the state graph (scc.go, an
// iterative Pearce-Tarjan over the implicit graph). Table (sizes.go)
// resizes a model over a range of square boards and solves each.
//
// Limits, each an error wrapping model.ErrUnsupported:
//
//   - at most 1<<24 squares on the board (maxSquares);
//   - C(open squares, pieces) below 2^64-1: ranks and counts are uint64
//     (maxStates);
//   - depths below 65535 moves from either end in Shortest, and below
//     2^32-2 states in Explore's component search (uint32 indices);
//   - memory: every large table is reserved before it is allocated against
//     a bound (Options.Memory, else the environment variable
//     CHESSMODEL_MEMORY, else three quarters of the available memory); a
//     run that would pass it is refused with an error wrapping ErrMemory
//     that names the bytes needed and how to raise the bound.
//
// Only solving is supported on slide models; count and enumerate are not.
package slide
