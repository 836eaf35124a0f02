// Package cover solves placement models with cover rules or coverage
// objectives (attacked or dominated squares) that folding does not take:
// independence with coverage, free walls with coverage (SolveWalls), more
// than 64 pieces, and counts of the fewest-covered models. The search
// branches on the uncovered square with the fewest pieces left that could
// still cover it — one of them must be placed, or, when the target leaves
// room, the square is given up — and with free walls also on whether that
// square becomes a wall. Attacks only shrink as pieces are added (a new
// piece can block a line, never unblock one), so the squares the pieces to
// come can still attack bound how much more can be covered.
//
// Solve and SolveWalls are the entry points; counting splits the tree into
// tasks for the worker pool of package tasks.
package cover
