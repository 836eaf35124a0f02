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
// tables are arrays, not hash tables.
//
// The tables are folded by the symmetry group of the game's rules
// (fold.go): the board's symmetries (model.BoardSymmetries, shifts of a
// wrapped board included) that map each side's move lines, leaps and
// goal squares onto its own, and those that map them onto the other
// side's, which exchange the sides and the side to move; each is checked
// square by square on the space's tables, and the set kept must be a
// group. The start squares take no part: the tables hold every position,
// a start is looked up like any other. A slot holds an orbit: positions
// with the second side to move are mapped, when an exchange exists, to
// the first side to move; the first side's squares are stored as the
// least-ranked image under the symmetries that keep the sides (a table
// of 6 bytes per first-side subset gives its representative's number
// and, when only one symmetry maps it there, which: a slot is then one
// image of the position), and the second side's as the least rank among
// the symmetries that give that image. Slots of positions that are not their orbit's canonical
// one stay unused (on the 5x5 race 9,971,010 slots for 151,420,500
// positions under 16 symmetries, 5% over the orbits). Counts of won,
// lost and drawn positions add each orbit's size: they are the unfolded
// counts.
//
// Values take 2 bits a slot (packed 16 to a word, set by
// compare-and-swap), plies a byte; while it runs the analysis keeps a
// bitmap of a bit a slot, the frontier: the level it walks back from, to
// which the walk adds what it finds (told apart by value: a level's
// positions are all won or all lost), and a sweep after each walk keeps
// only the new level.
//
// Level 0 is the positions lost already: the side that moved last
// stands on its goal, or the side to move has no move and the rule makes
// it lose. From each position of level d the analysis walks back over
// the moves that lead to it (a ride that ends on the moved piece's
// square, checked forwards; a leap; a pass where the rule lets a side
// without a move pass): when level d is lost each such position is won in
// d+1 plies; when it is won, each whose every move now leads to a won
// position is lost in d+1 (a level of losses settles no wins, so one
// that fails this test is marked in the frontier, still unknown, and not
// tried again within the level; the sweep clears the marks). What no level reaches is a draw. Each level's
// frontier is split among the workers (Options.Workers); the answer is
// the same on any number.
//
// Strong keeps the solution of solve as a Table, for looking up any
// position's value, plies and principal variation (the playground plays
// against it); it is bounded as solve is.
//
// A solve whose tables do not fit Options.MaxMemory searches from the
// start instead (weak.go): for growing d, whether the side to move can
// force a win within d plies, and whether the other side can, with a
// transposition table of those answers (they depend on the position and
// d alone, so repetitions need no handling). The first d at which one
// holds is the start's value and plies, the strong solution's, with its
// principal variation; neither holding at d of at least the slots proves
// a draw (no forced win is longer than the orbits); stopped first (the
// context, --timeout), the answer is unknown with the plies within which
// neither side can force a win. It runs on one goroutine.
//
// Limits, each refused with an error before anything is built:
//   - the positions, 2 x C(n, k0) x C(n-k0, k1) for n open squares and k0,
//     k1 pieces a side, must be below 2^62 (model.ErrTooLarge);
//   - the tables must fit Options.MaxMemory: 3 bits a slot for explore
//     (values and the frontier), 11 for solve (and the plies), and the
//     table of representatives; a solve over it searches instead, with a
//     transposition table of 24 bytes an entry, at least 1,024 entries
//     and as many as the bound leaves (model.ErrTooLarge below that);
//   - the table of first-side representatives is kept for at most 2^28
//     first-side subsets: past it only an exchange of the sides folds;
//   - each side's subsets are listed by rank (8 bytes a subset, counted
//     in the memory) when there are at most 2^22 of them, at most 8
//     pieces a side on at most 256 squares; past that decode unranks
//     them (slower, the same answer).
//   - solve keeps plies in a byte: a game with a win or loss longer than
//     254 plies is refused (model.ErrTooLarge, naming the limit) when the
//     analysis finds the first position past it (Strong likewise); explore counts levels
//     without that bound;
//   - twisted boards (Möbius band, Klein bottle) and one-sided pieces are
//     not modelled (model.ErrUnsupported);
//   - a solve is one task: counts, enumerations and parts (--shard) are
//     refused (model.ErrUnsupported);
//   - a checkpoint is of explore (values only): a solve with one is
//     refused (model.ErrUnsupported), and a checkpoint of another game
//     (its layout digest) or with tables whose size or SHA-256 is not
//     its manifest's is refused when loaded.
//
// An explore with Options.Checkpoint runs in parts over time
// (checkpoint.go): each phase of the analysis (level 0, each level's walk
// and sweep, the draws) is done in chunks taken in order, so that the
// work done is a prefix; every Options.CheckpointEvery and when the
// context ends the workers finish their chunks and the stage, the values
// and the frontier are saved, and a later run resumes from them.
//
// Not done: the analysis split across machines (--shard: each level needs
// the whole table); the search on more than one goroutine; a proof of a
// draw by search on a game with more orbits than it can search plies (it
// answers unknown there).
package game
