// Package sat is chessmodel's SAT backend (`--backend sat`): a placement
// model compiled to conjunctive normal form and solved by the CaDiCaL
// command-line solver (Debian's cadical), run in a process group of its own
// as the MIP tools of package extern are. Optimisation is a descending (or
// ascending) search on the bound: each satisfiable call gives a solution
// better than the last, and the unsatisfiable call that ends the search is
// the proof of optimality. Every solution is checked by the model
// package's checker, as every backend's.
//
//	res, err := model.Run(ctx, sat.New(), m, model.Options{Task: model.TaskSolve})
//
// Encode compiles a model; Encoding.CNF writes the formula for a bound
// (DIMACS), Encoding.WriteOPB the pseudo-Boolean form for other solvers.
// With Backend.Certificate set, solve writes for a proved optimum or an
// infeasibility the formula "a better solution exists" (or "a solution
// exists"), CaDiCaL's DRAT proof that it has none, the model and a manifest
// of hashes; model.CheckCertificate checks them with an encoder and a DRAT
// checker of its own.
//
// # The encoding
//
// The encoding is one specification, which model/cert_encode.go
// implements a second time, independently, to re-derive the formula of a
// certificate. Squares are the open squares of the board (not walls, not
// off the board) in rank-major order (a1, b1, ..., a2, ...), numbered
// i = 0..N-1; kinds are the pieces of the place list in order of first
// appearance, k = 0..K-1. Variables, in this order:
//
//	x(k,i) = k*N + i + 1      a piece of kind k is placed on square i
//	w(i)   = K*N + i + 1      a free wall on square i (only with walls: free)
//	T      = the next         true (a unit clause), the literal of fixed pieces
//	h      chains of attack   per square s (in order), per ride direction d (the
//	                          sorted union of every kind's rides) that a piece
//	                          able to stand on s rides, per square t_j of the
//	                          ray from s (model.Board.Line): h(s,d,j)
//	a(t)   attacked           per square, after all chains
//	dom(t) dominated          per square, when a rule or the objective speaks of it
//	totalizer outputs         per cardinality constraint, in the order below
//
// The chains, a and dom exist only when the cover rule or the objective
// speaks of attacked or dominated squares. occ(i) is the list of literals
// "something stands on i": [T] for a fixed piece there, else every x(k,i).
// rider(i,d) is [T] when the fixed piece on i rides d, else x(k,i) for
// every kind that rides d. Clauses, as sets of literals (duplicates and
// order immaterial):
//
//  1. (T); (¬x(k,i)) for every kind k on a square i holding a fixed piece.
//  2. One piece a square: (¬x(k,i) ∨ ¬x(k',i)) for k < k'; with free
//     walls (¬w(i) ∨ ¬x(k,i)).
//  3. Independence (rules: independent; strong and weak attack forbid the
//     same placements there): for every square s, every piece p that may
//     stand on it (x(k,s), or T for its fixed piece), every leap target t
//     and every y in occ(t): (¬p ∨ ¬y); every square t_j of every ray of
//     a direction p rides, and every y in occ(t_j): (¬p ∨ ¬y ∨ w(t_1) ∨ ...
//     ∨ w(t_{j-1})), the walls only with free walls. Over a segment
//     without free walls these are the pairwise (direct) encoding of the
//     at-most-one clique of the line, the ILP's segment row.
//  4. Chains: h(s,d,1) ⇔ OR rider(s,d); for j ≥ 2, with B the blockers of
//     t_{j-1} (occ under strong attack, and w with free walls),
//     h(s,d,j) ⇔ h(s,d,j-1) ∧ no b in B: (¬h_j ∨ h_{j-1}), (¬h_j ∨ ¬b)
//     per b, (¬h_{j-1} ∨ B ∨ h_j).
//  5. a(t) ⇔ ¬w(t) ∧ OR R(t), R(t) being every h(s,d,j) with t_j = t and
//     every leaper's literal p on s with a leap to t: (¬a ∨ ¬w), (¬a ∨ R),
//     (¬r ∨ w ∨ a) per r (w only with free walls); (¬a) when R is empty.
//  6. dom(t) ⇔ a(t) ∨ OR occ(t).
//  7. Cover all: (a(t) ∨ w(t)) per square (dom for cover dominated).
//  8. Cardinality, each by a totalizer: the free walls' number (min..max);
//     per kind, with L its x on light squares, D on dark, and the place
//     list's bounds per colour (minL, maxL, minD, maxD, and minA, maxA of
//     the entries of either colour): a kind without colour entries has
//     minA ≤ |L ∪ D| ≤ maxA; one with them has |L| ≥ minL, |D| ≥ minD,
//     |L ∪ D| ≥ minL+minD+minA, |L| ≤ maxL+maxA, |D| ≤ maxD+maxA,
//     |L ∪ D| ≤ maxL+maxD+maxA (the checker's sharing of pieces among
//     entries, made linear); cover of at least n squares: |a| ≥ n; last,
//     the bound on the objective: its literals (x for pieces, a, dom, w
//     less the fixed walls) at least or at most the bound.
//
// A totalizer over literals l_1..l_n with cap c (the largest output a
// bound reads) is built recursively: one literal is its own output;
// otherwise the left half l_1..l_{n/2} and the right half are built, then
// m = min(n, c) outputs r_1..r_m are numbered, with r_i ⇔ "at least i
// true": (¬a_i ∨ ¬b_j ∨ r_min(i+j,m)) for i+j ≥ 1 and (a_{i+1} ∨ b_{j+1}
// ∨ ¬r_{i+j+1}) for i+j+1 ≤ m, where a_0 and b_0 are true and an output
// past a child's last is false (both left out of the clause). A
// constraint min ≤ count ≤ max adds (r_min) and (¬r_{max+1}); one that
// cannot hold is the empty clause; one that always holds adds nothing.
//
// # Limits
//
// Placement models only. It refuses with model.ErrUnsupported stacking,
// pieces in groups, attack counts, the weight objectives, free walls beside
// fixed pieces, shards and --distinct walls; boards of more than MaxSquares
// open squares with model.ErrTooLarge. Counting and enumeration block each
// solution found and run CaDiCaL again, up to MaxSolutions solutions (or
// Backend.MaxSolutions, when lower; past it the count is refused with
// ErrUnsupported).
package sat
