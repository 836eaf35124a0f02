// Package domination finds the fewest identical pieces that cover the
// whole board (domination numbers, γ(Q_n) for queens, any piece) as a
// minimum set cover, by branch and bound on the uncovered square with the
// fewest candidates, bounded by a fractional cover raised by dual ascent
// and by a packing of squares no one piece covers together; the model's
// symmetries fix the first piece.
//
// It answers "solve" on a "min" entry alone (Fits), when weak attack
// equals strong (weak attack, or no fixed piece): a piece blocking
// another's line covers the rest of that line itself. Folding (package
// fold, whose Plan and Group it builds on) answers the other "min" models
// and the counts; Solve reports done=false when it leaves a model to it.
//
// Under model.Options.Shard, SolvePart runs one part of the proof
// (part.go): an upper bound U every part computes alike (a greedy cover,
// then first covers under a fixed node budget of 65,536 a count, on one
// goroutine), then the counts below U on the tasks the part owns of each
// count's list (driver.FirstPart, at least driver.ShardTasks tasks). Its
// limit: when the optimum lies below U, parts without a cover at it go on
// to the counts above it, up to U - 1 (work the one-process run does not
// do); package shard merges the parts.
package domination
