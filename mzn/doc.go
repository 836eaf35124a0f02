// Package mzn is a third formulation of chessmodel's puzzles, written from
// the puzzle and not from the linear program: a MiniZinc model over one
// boolean per (piece kind, open square), with attacks along the rays of the
// board computed in Go and given to the model as data, and the rules as
// MiniZinc constraints, with the constraints independence implies (cliques
// that hold one piece at most, tighten.go). The minizinc command (Debian's package, with its
// Gecode solver) solves it, counts and enumerates its solutions; every
// answer is checked by the model package's checker.
//
// It covers placement models — strong and weak attack, walls (fixed and
// free) and squares off the board, wrapped boards (rays and leaps folded by
// model.Board.Line), fixed pieces, colour rules, independence,
// coverage and the pieces, attacked, dominated, walls, weight and
// attacked-weight objectives — and tours: MiniZinc's circuit
// over successor variables, closed tours as they are, open tours through a
// node that closes the path (tour.go). It refuses with model.ErrUnsupported
// what it does not formulate: stacking, pieces in groups, attack counts, free walls beside fixed pieces,
// counts of distinct wall sets, undirected open tours and slides.
package mzn
