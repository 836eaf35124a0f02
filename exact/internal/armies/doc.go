// Package armies solves group models (model/groups.go): pieces in groups,
// with independence rules between groups — peaceable queens (m white and
// m black queens, no queen attacking one of the other colour), or "the
// knights may attack each other, the queens attack nothing".
//
// The search decides the open squares in index order (rank by rank from
// a1): each square holds a piece of one slot (a (piece, group) pair) or
// stays empty. Each slot keeps the squares still open to it (Tables.avail):
// a piece placed takes from every slot the squares it would attack, or be
// attacked from, against a rule. Branch and bound prunes on the place
// list's counts and on how many pieces each group can still place
// (bound.go): for peaceable queens, the squares left to each colour.
//
// Attacks. Under attack weak, or when strong and weak attack forbid the
// same placements (model.Model.StrongIsWeak: every piece rides alike and
// the allowed attacks between groups are transitive, as for peaceable
// queens), the squares a piece takes are its whole reach. Otherwise a line
// may be blocked by a piece placed later, so a piece takes only the squares
// no piece can come between (leaps and the first square of each ray), and
// each piece placed looks back along its lines to the first piece on each:
// every square between two squares of a line lies between them in index
// order, so that first piece is already decided, and each attacking pair
// is judged exactly once, when its later piece is placed.
//
// To find an optimum (not to count) the first piece placed belongs to the
// least group of those that symmetries moving no square swap it with
// (Tables.leads): every placement has such an image. On peaceable queens
// 8x8 that halves the search: 22.5 million nodes, about 2 s of CPU, to
// find 9 of each and prove that 10 do not fit (BenchmarkPeaceable).
//
// Solve is the entry point; counts split into tasks (decision prefixes)
// for the worker pool of package driver.
//
// # Limits
//
// Refused with model.ErrUnsupported: free walls, cover rules and objectives
// other than pieces in a group model (the parser already refuses fixed
// pieces and stacking there); and the limits of package problem (4096
// squares).
package armies
