// Package ilp is chessmodel's integer-linear-programming backend: it compiles
// a model to a linear program, solves it in-process with lp_solve 5.5, and
// writes it out for any other solver.
//
// CompileWithin turns a placement model into a *Program: named variables (q_d4 is
// a queen on d4, w_e5 a free wall on e5, att_c3 says c3 is attacked), named
// rows (seg_e_a3 is the segment of rank 3 that starts on a3) and an
// objective, in a deterministic order, so that tests and users can read
// exactly what was built. The formulations are described beside the code
// that builds them (place_independence.go, place_coverage.go, place_compile.go).
// Program.WriteLP, WriteMPS and WriteCPLEX print it in lp_solve's LP
// format, free MPS and CPLEX LP; Decode maps solver values back to a
// model.Solution. To find one solution, Solve also breaks the model's
// symmetry (place_symmetry.go: a piece the place list has once stands on one
// square per orbit); CompileWithin's program keeps every solution, for
// counting and export, and CompileToSolve gives the program Solve uses.
// NewSplit's backend solves an optimisation as the union of that program's
// cells, the first two lone pieces fixed to each pair of squares
// (solve_split.go).
//
// The entry points, as chessmodel's commands use them:
//
//	res, err := ilp.New().Solve(ctx, m, opts)        // solve, count, enumerate; compare
//	p, err := ilp.CompileWithCuts(ctx, m, maxMemory) // export: CompileWithin, a tour with its cuts
//	p, err := ilp.CompileToSolve(m, maxMemory)       // export --break-symmetry; compare --solvers
//	p, err := ilp.CompileSlide(m, horizon)           // export --horizon T; compare --solvers
//	err = p.Write(w, ilp.FormatCPLEX)                // or WriteLP, WriteMPS, WriteCPLEX
//
// Compile(m) is CompileWithin(m, 0), the default memory bound, for tests
// and examples.
//
// Every solution the backend reports has passed model.Check. Counting and
// enumeration add a no-good cut for each solution found (and for its images
// under the model's symmetries) and solve again, since lp_solve keeps no
// pool of solutions. Tours (tour_compile.go, tour_solve.go) are edge variables with
// degree rows and subtour cuts added in a loop; CompileWithCuts returns the
// program with the cuts the loop found. A sliding puzzle is a time-expanded
// program (slide_compile.go) whose horizon Solve finds by solving horizons
// 0, 1, 2, ... (slide_solve.go); CompileSlide builds the program of one
// horizon for export. The loop ends at MaxHorizon (model.Options.MaxMoves)
// with Status Unknown and Stats.Bound; it answers infeasible only
// when proved: the horizon reaches the number of states, or an invariant
// (slide_invariant.go) shows that pieces cannot reach the goal's regions.
// A slide with different pieces has one flow per group (slide_labelled.go)
// and a largest horizon of the open squares times the pieces.
//
// While it optimises, the backend tells model.Options.Progress the best
// value so far, the proven bound and the node count ("lp_solve: best 7
// pieces, bound 4, 668 nodes"). lp_solve's branch and bound is depth first
// and keeps no global bound, so the bound is its root LP relaxation's,
// rounded towards the feasible side (the measure is an integer). A solve the
// context cuts short returns the best solution found, checked, with Status
// Unknown and that bound in Stats.Bound; the CLI reports it as
// feasible with the gap. Before lp_solve has solved the root relaxation
// there is no bound, and before its first solution nothing to return:
// eight-pieces stays unknown after 150 s (1.2 million simplex iterations,
// the root relaxation still unsolved).
//
// model.Options.Improved hears each better solution as lp_solve finds it
// (solve_incumbents.go): the message callback passes the incumbent's
// columns, which are decoded by the program's names and checked before the
// listener hears them, with the root relaxation's bound.
//
// # Files
//
// solver.go and compile.go hold the entry points; the rest is by prefix:
// program_* the Program, its builder, names and Decode; place_*, tour_* and
// slide_* compile (and, for tours and slides, solve) each kind; solve_*
// runs lp_solve (a session, progress and bounds, counting by no-good cuts,
// the split solve); write_* the LP, MPS and CPLEX LP writers. library.go
// and library_nocgo.go are what differs between builds with and without
// cgo.
//
// # Limits
//
// Beyond each limit Compile and Solve return an error wrapping
// model.ErrUnsupported, never an answer; TestLimits walks past each one.
//
//   - Board: 16,384 squares (ErrTooLarge).
//   - Memory: the piece variables — with stacking one per piece that may
//     stand on a square, so a count of 10^9 asks for 10^9 per square — are
//     counted before any is made, and the program's size (columns, rows,
//     coefficients, here and in lp_solve) is added up as it is built; above
//     model.Options.MaxMemory (model.DefaultMaxMemory when 0; CompileWithin
//     takes the bound, Compile uses the default) the model is refused with
//     model.ErrTooLarge and rows past the bound are never stored.
//   - Stacking with an open-ended count: the copies on a square stop at the
//     least the place list asks for, which is exact for one solution and for
//     "minimize pieces"; counting, enumerating or "maximize pieces" on such a
//     model is refused.
//   - Counts are found one class of solutions per solve (no-good cuts), each
//     added to an int64: 2^63 solves are out of reach, so no count wraps.
//   - Slides: boards of up to 36 open squares (ErrTooLarge); past the
//     largest horizon the answer is unknown, never infeasible.
//   - Wrapped boards and one-sided pieces (place_general.go): free walls
//     are refused; slides on a Möbius band or Klein bottle and slides or
//     tours of a one-sided piece are refused (model.SlideGeometryError,
//     model.NewMoveGraph).
//     Independence there is written as clique rows (place_general_cliques.go)
//     and a count gets a count_orbit row (count_symmetry.go). Tractability,
//     measured in CPU time on n queens on the n x n torus at a load of 10
//     to 19: n = 11 (88 solutions, 2 classes) in 0.4 s; n = 13 (4,524, 11
//     classes) in 356 s (20 minutes of wall time), where exact takes 0.5 s:
//     each class costs a solve whose relaxation is met by 1/n on every
//     square.
//   - Shards (model.Options.Shard): a count by no-good cuts is one
//     sequence of solves with no task list to split, so a part is refused.
//   - Attack counts and weights (place_attack_counts.go; TestAttackCountLimits
//     walks past these): not with free walls; not strong attack counts with
//     stacked riders. On a wrapped board, with a one-sided piece or a piece
//     that reaches a square by two of its moves they are written along the
//     board's lines (place_attack_counts_reach.go); with groups on a plain
//     board as without; groups on a wrapped board or with a one-sided piece
//     are refused whatever the rules (place_general.go).
//   - Names: a piece without a letter of its own is written p<name>, made
//     unique by its index when two names sanitize alike.
//   - Groups (place_armies.go): free walls, cover rules and objectives other
//     than pieces in a model with groups are refused (TestArmiesLimits).
//     Where strong attack cannot be read as weak (Model.StrongIsWeak) a
//     group model gets a row per pair of squares of a line and group, with
//     the pieces between them: fine on the boards of compare --random, too
//     many for large boards. lp_solve on peaceable queens (the tight segment
//     rows), measured in CPU time at a load of 7 to 20: 6x6 in 1.7 s, 7x7 in
//     15 s; on 8x8 it finds 9 of each but proves nothing in 225 s (20
//     minutes of wall time): the root relaxation's bound is 64 queens, each
//     line's arm_white + arm_black <= 1 met by halves. The exact backend
//     proves 9 of each there in about 2 s.
package ilp
