// Package fold solves coverage models by search-space folding (Robison,
// Hafner and Skiena, "Eight pieces cannot cover a chess board", 1989),
// made general: every piece to place is an axis whose coordinates are the
// squares it may stand on, and a box of the space — a set of squares per
// axis — is cut when even the union of its axes' weak attacks leaves more
// squares safe than the target allows. Each axis is a binary tree of
// square sets (tree.go); the search unfolds one axis at a time
// (search.go), with look-ahead, clipping of identical pieces to one order,
// and the model's symmetry on a lone piece; the points that survive are
// judged by strong attack. Solve runs the targets of an objective and
// counts (solve.go, count.go) on package driver: each pass through
// driver.First, the count through driver.Count with the orbit tally.
// Folding is Solve as a driver.Technique: folding never answers the
// fewest attacked or dominated squares (MinimisesCoverage), nor counts
// them; package fewestsquares does, by branch and bound on this package's
// Plan and Axes.
//
// Under model.Options.Shard, Solve runs one part of the proof of a model
// without an objective (part.go: the boxes of the one pass the part owns)
// or of a maximised cover (most.go: the targets, each on the part's boxes)
// or of the fewest pieces beside others (fewestpart.go: a bound under a
// node budget, then the counts below it); counts refuse a shard. A maximised cover's merged example may differ
// from the one process's when two passes judge best points of one value
// (the tie goes to the lower task index, numbered in each run's own list).
//
// Fits says whether a model folds: cover rules or maximised coverage with
// fixed counts or one "min" entry, without independence or free walls.
// Package domination builds on its Plan for the fewest pieces that cover.
//
// # Limits
//
// At most MaxAxes (64) pieces: Fits declines a longer place list, which
// goes to package cover; a "min" count that would pass 64 pieces is
// refused with an error wrapping model.ErrUnsupported.
package fold
