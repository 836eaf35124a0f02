// Package attackcounts solves the placement models with attack counts
// and square weights: rules such as "every piece attacks 1", "every queen
// attacked 1.." and "every square attacked ..2", and the objectives
// "weight" (the weights of the squares the placed pieces stand on) and
// "attacked-weight" (the weights of the open squares attacked), together
// with any other rule of a placement (independence, cover, stacking, fixed
// pieces, strong or weak attack).
//
// The search decides the squares in index order (a1, b1, ... rank by rank)
// and, on each, which pieces stand there. Along any line the index grows
// by one constant step, so once two squares are decided every square
// between them is too: the attacks among decided pieces, and on decided
// squares from decided pieces, are final and are counted incrementally
// when a square is decided (finish), whatever the attack mode. Counts only
// grow as the search goes on, so an upper bound of a rule that is passed
// prunes at once; a lower bound is checked when the piece's or square's
// horizon (the last square any piece could reach it from) is decided.
// A weight objective is bounded by the weights taken so far plus the best
// weights the pieces still allowed could take on the squares left.
//
// It runs through package driver: Optimise finds the optimum by branch and
// bound, the count splits at a depth of decided squares into tasks that
// replay their prefix.
//
// A problem that is not plain (a wrapped board, a one-sided piece) has no
// such order along its lines: each (square, piece, target) of the reach
// is settled instead when the last square it depends on is decided
// (settle.go). In a group model the rules between groups prune as
// independence does, at the attack they forbid, and equal groups is
// weighed at the leaf.
//
// # Limits
//
// Free walls are refused (model.ErrUnsupported; the checker and the brute
// referee take them); on a problem that is not plain, more than 2^24
// (square, piece, target) triples (model.ErrTooLarge); boards and
// stacking as in package problem. The search is exhaustive over the placements that the
// rules do not prune: it is meant for small boards.
package attackcounts
