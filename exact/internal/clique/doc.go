// Package clique solves placement models whose only rule is independence
// (or none) and whose objective, if any, counts pieces: maximum or minimum
// independent sets of the conflict graph (package graph) under the place
// list's counts, by branch and bound that decides one clique of a
// partition at a time (Search), bounded by the number of cliques still
// open. Each set is reached by one path, so counts are exact.
//
// When the vertices fit one machine word (an 8x8 board with one kind of
// piece, the wall sweeps' boards), WordSearch makes the same moves with the
// candidates in registers and a carry trick for the bound.
//
// Solve is the entry point; counting splits the tree into tasks for the
// worker pool of package tasks.
package clique
