// Package brute is the brute-force referee: a third backend for tiny
// placement models that knows nothing of the exact or ILP backends. It
// lists candidate placements, asks the model's checker about each, and
// keeps the best; the differential tests, `compare --random`, the
// known-answer table and `chessmodel --backend brute` all use it.
//
//	res, err := (&brute.Solver{}).Solve(ctx, m, model.Options{Task: model.TaskCount, Symmetry: true})
//
// It lists candidates in one of two ways:
//
//   - by space (the default): for each kind of piece every set (a multiset
//     with stacking) of squares of every allowed size, pieces of different
//     kinds on different squares unless they stack, then every set of free
//     walls of the allowed sizes on the squares left;
//   - by independence (MaxPieces > 0): every set of at most MaxPieces pieces
//     in which the checker finds no two in conflict, grown one piece at a
//     time. This reaches boards too large to list by space, on models whose
//     solutions have at most MaxPieces pieces and whose rules a subset of a
//     solution also obeys, as independence does (the caller vouches for
//     both); the cover rules and the objective are judged on every set.
//
// Slide models (of identical pieces or of different ones) are solved by a
// breadth-first search over positions that knows no move rule: from each
// position it tries every piece towards every open square and keeps the
// moves the checker's model.SlideStep accepts (slide.go).
//
// Limits, each an error wrapping model.ErrUnsupported: no tours; slides
// are only solved, on at most 64 squares and Budget positions; at most 64 squares; unbounded counts with
// stacking; by space, more candidates than Budget (counted exactly before
// any is listed); by independence, free walls, or more sets than Budget
// (found while listing).
//
// Counts are of the optimal solutions (of every solution on a model without
// an objective), or of their distinct wall sets with Options.DistinctWalls;
// classes are orbits under the model's symmetry group, of the solutions or
// of the wall sets.
package brute
