// Package transfer counts placements of leapers — kings, knights, camels,
// wazirs, any compound of leaps, several kinds at once — on boards with
// walls and holes, by a transfer over the squares instead of enumeration:
// the count of non-attacking kings filling 12x12 (5,109,144,543) takes a
// fraction of a second where the clique search visits every placement.
//
// Count is the entry point. It takes a model (fit) when it is a placement
// under the independence rule without coverage, free walls or stacking,
// every piece a leaper, each piece's entries on one colour rule, at most
// eight kinds of piece, and no objective or the most pieces. Fixed pieces
// (riders too) only remove the squares they hold and attack. The exact
// backend calls it for every count; it answers when the transfer's work,
// known before it runs, is below the general search's bound (the sets of
// allowed (piece, square) pairs of an allowed size), and above 2e6 units
// of it only after the clique search has not finished within a quarter of
// the transfer's estimated time: a branch and bound may prove a rigid
// maximum at once (the 72 knights of 12x12), which no estimate foresees.
//
// # Method
//
// The graph of squares that attack each other is split into its connected
// parts (a colour-bound leaper such as the camel or the ferz makes two of
// a board; walls may make more), each part swept alone and the counts
// combined. The squares are swept one at a time, across rows or up
// columns, whichever the estimate finds cheaper. The state before a square is what
// stands on the frontier: the squares already decided that a piece on a
// later square could attack (the last rows within the largest vertical
// leap, a broken profile). Each square takes a slot of a machine word when
// it is decided and gives it back once its last neighbour is decided, so
// walls, holes and board edges shrink the frontier; the states are the
// independent placements on it. Per state the transfer carries a vector of
// 128-bit counts, one per tuple of counts of each kind (a kind with an
// upper bound is counted up to it, a placement past it dropped; an
// unbounded kind up to its lower bound); with the most pieces as the
// objective each count also keeps the most pieces beyond the tuple, and
// only the placements that have them (a max-plus count). Each step reads
// every state on every worker (Options.Workers, a power of two), and each
// worker builds the next states whose key hashes to its share.
//
// Classes up to the model's symmetry (Options.Symmetry) are counted by
// Burnside's lemma: for each element of the group the same transfer runs
// over the orbits of squares under it (a placement it fixes is a union of
// orbits), each orbit one vertex that places as many pieces as it has
// squares, and the classes are the mean of the counts. Every element of
// D4 is handled: an orbit's first square in the sweep orders it, and the
// orbits that attack each other stay a bounded number of rows apart.
//
// # Limits
//
// Each is checked before it is reached, and past it Count leaves the
// model to the general search (taken is false), which may still answer it
// (its branch and bound prunes what no estimate of it foresees), except
// for a shard, which gets an error wrapping model.ErrUnsupported or
// model.ErrTooLarge:
//
//   - the frontier: at most 64 bits of state (slots times kinds of piece);
//   - memory: the plan takes a few hundred bytes a square, checked before
//     it is built; before it runs, the states of each step are bounded by
//     the independent placements on its frontier (counted by a transfer
//     over the frontier itself, once per shape of frontier), and two
//     layers of them must fit Options.MaxMemory; the layers are checked
//     again as they grow. The Go heap may hold up to about twice that
//     before the collector returns it;
//   - the counts told apart per state: at most 65,536 tuples;
//   - counts: 128 bits inside, an overflow is an error; the answer must
//     fit 64 bits (Result.Count);
//   - shards (Options.Shard): plain counts split by the states of the first
//     layer with at least 256 of them (or the last layer), in key order, of
//     the first part of the board; the other parts are counted whole in
//     every shard. Counts of classes or of the most pieces are refused for
//     a shard.
//
// Count answers counts only, with the most pieces as Result.Value when
// that is the objective. The example solution is read back from a trace
// of every layer (a key and a byte a cell, four bytes a cell when
// maximising), kept when the estimate of it and the layers fits the
// memory bound: otherwise the count comes without an example. Solve and
// enumerate go to the general search.
package transfer
