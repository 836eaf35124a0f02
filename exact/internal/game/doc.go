// Package game strongly solves two-player game models (model.KindGame)
// by retrograde analysis: every position's value for the side to move
// (win, loss or draw) and, for solve, its plies to the end under best
// play (the winner winning as fast as it can, the loser losing as slowly
// as it can).
//
// Positions are indexed perfectly (space.go): each side's squares are
// ranked as a subset of the open squares in the combinatorial number
// system, the second side's among the squares the first leaves free, and
// the side to move is the top digit; every index is a position, so the
// tables are arrays, not hash tables. Values take 2 bits a position
// (packed 16 to a word, set by compare-and-swap), plies a byte; while
// it runs the analysis keeps two bitmaps of a bit a position (the level
// it walks back from and the one it finds).
//
// Level 0 is the positions lost already: the side that moved last
// stands on its goal, or the side to move has no move and the rule makes
// it lose. From each position of level d the analysis walks back over
// the moves that lead to it (a ride that ends on the moved piece's
// square, checked forwards; a leap; a pass where the rule lets a side
// without a move pass): when level d is lost each such position is won in
// d+1 plies; when it is won, each whose every move now leads to a won
// position is lost in d+1. What no level reaches is a draw. Each level's
// frontier is split among the workers (Options.Workers); the answer is
// the same on any number.
//
// Strong keeps the solution of solve as a Table, for looking up any
// position's value, plies and principal variation (the playground plays
// against it); it is bounded as solve is.
//
// Limits, each refused with an error before anything is built:
//   - the positions, 2 x C(n, k0) x C(n-k0, k1) for n open squares and k0,
//     k1 pieces a side, must be below 2^62 (model.ErrTooLarge);
//   - the tables must fit Options.MaxMemory: 4 bits a position for explore
//     (values and the two bitmaps), 12 for solve (and the plies);
//   - solve keeps plies in a byte: a game with a win or loss longer than
//     254 plies is refused (model.ErrTooLarge, naming the limit) when the
//     analysis finds the first position past it (Strong likewise); explore counts levels
//     without that bound;
//   - twisted boards (Möbius band, Klein bottle) and one-sided pieces are
//     not modelled (model.ErrUnsupported);
//   - a solve is one task: counts, enumerations and parts (--shard) are
//     refused (model.ErrUnsupported).
//
// Not done: folding the space by the model's symmetry group (the race's
// quarter turns, and the reflection that swaps the sides' colours), and a
// weak solution of the start by search where the strong one does not fit.
package game
