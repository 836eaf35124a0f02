// Package slide solves and analyses sliding puzzles: identical pieces move
// one at a time, each as far as it goes (stopped by the edge, a wall, a
// square off the board or another piece), from one set of squares to
// another. A leaper "slides" one leap.
//
// A state is the set of occupied open squares, ranked to an integer by the
// combinatorial number system (rank.go); moves are derived from one
// ride-step computation (moves.go; slides end by a bit scan in a word per
// line, lines.go), forwards and backwards; states are folded to the least
// rank of their orbit under the model's symmetry group as it acts on the
// open squares, each distinct permutation once (space.go actingGroup;
// symmetry.go; the states one move from a parent, movefold.go).
//
//	out, err := slide.Shortest(ctx, m, slide.Options{})  // a shortest solution
//	rep, err := slide.Explore(ctx, m, slide.Options{})   // the whole state graph
//
// Shortest is a bidirectional breadth-first search (bidirectional.go) over a
// hash table of the folded states it touches (table.go), so large boards
// never expand the whole graph; an unreachable goal is proved by exhausting
// the smaller side. Levels are expanded on several goroutines
// (parallel.go, Options.Workers; each level's new states sorted as merged
// runs, runs.go) with the same answer on any number. Solver wraps it as the slide part of the exact backend.
// Explore (explore.go) walks the whole graph: states and orbits in all
// (orbits by Burnside's lemma, orbits.go), the states and orbits reachable
// from the start, the distance distribution and the farthest states, and
// the strongly connected components of the state graph (scc.go: an
// iterative Pearce-Tarjan over the implicit folded graph, one node per
// orbit, whose edges carry the group element that lifts them back to
// states, so that each component of orbits is split into the components
// of states it holds; group.go). Table (sizes.go)
// resizes a model over a range of square boards and solves each.
//
// Limits, each an error wrapping model.ErrUnsupported:
//
//   - at most 1<<24 squares on the board (maxSquares);
//   - C(open squares, pieces) below 2^64-1: ranks and counts are uint64
//     (maxStates);
//   - in Shortest, a table slot is one 64-bit word holding rank+1 and the
//     two depths, so each depth has (64 - bits of C(squares, pieces)+1)/2
//     bits: 13 bits (8190 moves from either end) for four pieces on 40x40,
//     at least 4 bits or the model is refused; a search deeper than its
//     slot records stops with the error;
//   - Explore's component search numbers states with uint32: at most
//     2^32-2 states;
//   - a symmetry group of at most 64 elements, so that a set of them is a
//     word (maxSymmetries; a board has at most 8);
//   - memory: every large table is reserved before it is allocated against
//     a bound (Options.Memory, else the environment variable
//     CHESSMODEL_MEMORY, else three quarters of the available memory); a
//     run that would pass it is refused with an error wrapping ErrMemory
//     that names the bytes needed and how to raise the bound.
//
// Slides with different pieces (model.SlideSpec.Labelled: groups of
// pieces, each with its own piece and move rule) are refused by the ranked
// searches above and solved by ShortestLabelled (labelled.go,
// labelled_search.go): a breadth-first search over positions keyed by
// each group's sorted squares, without symmetry folding, its states
// reserved against the same memory bound; at most 65,536 open squares and
// 2^31-1 states. Solver dispatches to it.
//
// Only solving is supported on slide models; count and enumerate are not.
package slide
