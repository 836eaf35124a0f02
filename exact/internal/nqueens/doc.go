// Package nqueens is the fast path for n identical queens or rooks on an
// empty n x n board, no two attacking, recognised from the model's
// structure, never its name (Detect). Solve gives one solution by the
// explicit linear-time construction (queens) or the diagonal (rooks),
// counts queens with a bitwise counter over start constellations — one
// per orbit under D4, with the classes from the half- and quarter-turn
// symmetric solutions — below JoinFromSide (16) ranks, or where the
// join's lists would not fit the memory bound, and by joining half boards
// from there (join.go: the placements of the top and the
// bottom half listed per set of files and keyed by the diagonals that
// cross the cut, the disjoint pairs counted), and rooks as n!, and
// enumerates by listing. The two queens counters are independent methods
// and the tests hold each against the other.
//
// # Limits
//
// Solve refuses, with an error wrapping model.ErrUnsupported:
//
//   - n-queens counts above MaxCountSide (28) ranks, where the count could
//     pass 64 bits; enumeration above 63 ranks (a rank is one word);
//   - n-rooks counts above 2^63-1 (from 21 rooks): n! is computed as a big
//     integer first.
//
// The join's memory is bounded before it allocates: each worker keeps two
// lists of at most a! keys (a = n/2 ranks a half), a sort buffer for both
// and, on an odd board, the top half's list before the middle queen's
// filter (joinshare.go), grown by doubling, beside the list of groups. It runs on as many
// of the workers asked for as fit model.Options.MaxMemory (two fit the
// default 512 MiB up to 21 queens; 22 need 2.5 GB a worker), and where
// none fits the count is the constellation counter's. What the bound
// leaves beyond that, shared among the workers, is each pair counter's
// budget for the bit slices of a list and their chunk tables (joinpairs.go):
// a list whose slices would pass it is compared one pair at a time.
//
// A count takes a shard (model.Options.Shard): the task list is the start
// constellations, one per orbit, in an order fixed by n alone (shard.go),
// or the join's groups, one per orbit of the cut, where the count takes
// the join (ShardCosts lists each part's work, by the method the count
// chooses); a board below six ranks and n! for rooks are one task, the
// first part's. A part's classes are whole for the constellations
// (Burnside's lemma orbit by orbit); a part of the join gives its terms of
// the lemma instead, in Stats.Burnside, which the parts' merge adds up and
// divides once (joinshard.go).
//
// One solution takes any board size, up to the memory bound: a solution
// of n pieces costs about 300 bytes a piece to build, check and print
// (about 1.7 million queens under model.DefaultMaxMemory), and above
// model.Options.MaxMemory the model is refused with model.ErrTooLarge.
package nqueens
