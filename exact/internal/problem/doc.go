// Package problem compiles a placement model to integers for the exact
// searches: a Problem numbers the squares rank by rank from a1 and the
// (piece, square) vertices kind by kind, holds each piece's reach with
// lines cut at walls and squares off the board (PieceGeometry), the count
// rules of the place list (CountRule), the model's symmetries and, as plain
// fields, what the searches need of its rules, objective, cover rule and
// free walls, so that searches need not read the model (two still do: see
// Problem). It also
// holds what every technique shares after a search: the Tally of counts and
// classes (a Canonicalizer decides the least of an orbit) and the helpers
// that fill a model.Result.
//
//	p, err := problem.CompileWithin(m, opts.MaxMemory)
//
// # Limits
//
// Compile refuses, with an error wrapping model.ErrUnsupported
// (model.ErrTooLarge for the memory bound), before it builds anything:
//
//   - boards of more than 4096 squares (maxSearchSquares): the searches'
//     attack sets are bitsets of the whole board;
//   - more than 64 identical pieces on one square (maxStackCopies): a place
//     list that lets more stack, or asks for more while minimising pieces,
//     or has no upper count;
//   - a model whose estimated reach tables and (piece, square) bitsets
//     (checkCost) pass model.Options.MaxMemory (model.DefaultMaxMemory when
//     0).
//
// Counts are int64 added with a check (Tally): a count above 2^63-1 is
// refused, never wrapped.
package problem
