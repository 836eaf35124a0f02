// Package exact is the native exact backend: it solves, counts and
// enumerates placement models with bitboard search, and proves optimality.
//
// New returns the backend as a model.Solver:
//
//	m, _ := model.Load("testdata/models/eight-queens.yaml")
//	res, err := exact.New().Solve(ctx, m, model.Options{Task: model.TaskCount, Symmetry: true})
//	// *res.Count == 92, *res.Classes == 12
//
// This package is the facade: Solve compiles a model into integers and
// dispatch runs the first technique of an ordered table (placement, in
// solver.go) that fits it — each says what it fits, from the model or the
// compiled problem (the n-queens fast path and the transfer matrix read
// the model alone, never compiling it) — never from the model's name.
// Each technique is a package of its own under exact/internal:
//
//   - nqueens: n identical queens or rooks on an empty n x n board — the
//     bitwise counter by start constellations, the linear-time
//     construction, n! for rooks;
//   - clique: independence without coverage — branch and bound over a
//     partition of the (piece, square) vertices into cliques;
//   - walls: free walls — piece sets priced by a minimum hitting set of
//     the gaps between pieces that see each other;
//   - fold: cover rules and maximised coverage with fixed counts (or one
//     "min" entry) — the search-space folding of Robison, Hafner and
//     Skiena, made general; and the fewest attacked or dominated squares;
//   - domination: the fewest identical pieces that cover the board, by
//     branch and bound on a set cover (it builds on fold's plan);
//   - cover: the other cover rules and coverage objectives, with or
//     without free walls — search on the most constrained uncovered square;
//   - armies: models of pieces in groups with rules between groups
//     (peaceable queens) — branch and bound deciding the squares in order,
//     each group's open squares as bitboards; the only technique that reads
//     groups, so dispatch sends every group model to it;
//   - lines: counts of rooks, bishops and any rider along two families
//     of lines, walls and holes allowed — rook polynomials of the
//     bipartite graph of segments (Ferrers products on nested parts, a
//     frontier elsewhere), classes by Burnside's lemma; tried for every
//     count after the n-queens fast path and before the transfer, and
//     leaving what it does not take to the others;
//   - attackcounts: attack counts and square weights, dispatched
//     before every other technique, none of which reads them — square by
//     square with incremental attack counts and a bound for weights.
//
// and the plumbing they share, from the bottom up: bitset (the bitsets),
// tasks (the Stopper and the worker pool, used by exact/tour and
// exact/slide too), problem (the compiled model — rules, objective, cover
// and wall bounds as plain fields — tallies and results), graph (the
// conflict graph and its clique partitions) and driver. Tour models go to
// package exact/tour, slide models to exact/slide.
//
// # The driver
//
// Package driver runs clique, armies, walls and cover (with and without free
// walls): it owns the solve / count / enumerate switch, the split of a
// count into tasks, the worker pool, the tallies of counts and classes,
// progress, the stop and the status of the result; the technique supplies
// a driver.Search — find the optimum and narrow the search to it, enumerate
// depth first, list its subtrees at a depth, search one of them. fold,
// domination and nqueens keep loops of their own (fold's boxes, domination's
// passes, the constellation counter, which runs on the driver's pool and
// shard ownership); the tour search of exact/tour counts on driver.Count.
//
// Counting splits the search tree among goroutines (Options.Workers, all
// cores when 0) and gives the same numbers, and the same example solution,
// on any number of them; Options.Progress hears the fraction of subtrees
// done. Classes up to the model's symmetry group (Options.Symmetry) are
// counted as the solutions that are the least of their orbit;
// Options.DistinctWalls counts wall sets instead of solutions. When the
// context ends, Solve returns status unknown with the best solution found
// (and, for counts, Stats.CountedSoFar).
//
// Options.Improved hears the incumbents of the branch and bound searches
// as they are found — the clique search (with its root bound) and the
// fewest attacked squares — and, from every search, the solution a solve
// ends with (model.Options.ReportFinal).
//
// # Shards
//
// A count with Options.Shard runs one part of a task list that depends on
// the model and options alone: the subtrees of the first depth that gives
// at least driver.ShardTasks (4096) of them, or the deepest split. Shard i of N
// runs the tasks t with t mod N = i; the counts, classes and nodes of the
// N shards add up to the whole (the nodes of the work every shard repeats,
// the optimum and the split, are reported by shard 0). Stats.ShardTasks
// is the number of tasks. For Options.DistinctWalls a wall
// set may recur across tasks: every shard searches every task and counts
// the wall sets it owns by their hash (Stats.ShardSearchedNodes is the
// search it made). Besides clique, walls and cover, the n-queens and
// n-rooks counts split (the orbits of start constellations, or the
// groups of the half-board join, whose parts give terms of Burnside's
// lemma for their classes; see the nqueens doc; ShardCosts lists each
// part's work), the line counter's (one task, the first part's), and so
// do the transfer's and the tour search's (its
// subtrees; see the tour doc). One solve splits: the fewest pieces that
// cover (domination's part.go: every part computes the same upper bound,
// then tries the counts below it on the tasks it owns of each count's
// list, driver.FirstPart; package shard merges), and folding's solve of a
// model without an objective, of a maximised cover or of the fewest pieces
// beside others (the boxes of each pass; fold's part.go, most.go and
// fewestpart.go).
// Every other solve, and
// enumerate, folding, domination's count, the fewest-squares search, the one wall set of a model with fixed
// walls, tours counted by the frontier method or undirected, and slides
// refuse a shard with model.ErrUnsupported.
//
// # Limits
//
// Every internal limit is checked before it is reached; beyond it Solve
// returns an error wrapping model.ErrUnsupported (model.ErrTooLarge for the
// memory bound), never an answer. Each package that enforces a limit lists
// it in its doc: the board size, stacking, memory and counts in problem;
// the (piece, square) pairs in graph; kinds of piece and ride directions
// with free walls in walls; pieces to fold in fold; n-queens and n-rooks
// sizes in nqueens; free walls with attack counts or weights in counts
// (TestCountsLimits), which takes wrapped boards, one-sided pieces and
// groups, also together.
// TestLimits walks past each one.
//
// A model that is not plain (model.Model.Plain: a wrapped board, or a
// one-sided piece) goes to counts when it has attack counts or weights,
// otherwise to clique or cover, whose geometry comes from the
// board's own walk (problem/wrap.go); its free walls are refused (the wall
// searches read straight lines and symmetric attack). Tours refuse a
// one-sided piece (an undirected move graph), and slides refuse twisted
// boards and one-sided pieces (model.SlideGeometryError).
//
// Shards (see Shards above) are counts of clique, walls, cover, the
// n-queens and n-rooks counters, the line counter, the transfer and the tour search, and
// the solve of the fewest pieces that cover and folding's solves, only:
// every other search
// refuses an active model.Options.Shard with model.ErrUnsupported
// (TestShardRefused), and a shard that names no part (Index outside
// 0..Of-1) is bad input.
package exact
