// Package tour finds, counts and enumerates tours: one piece visits every
// open square of the board once, ending anywhere (open) or one move from
// where it began (closed). exact.Solver hands tour models here:
//
//	m, _ := model.Load("testdata/models/knights-tour.yaml")
//	res, err := tour.Solve(ctx, m, model.Options{Task: model.TaskSolve})
//
// The piece may be any leaper (knight, camel, zebra, giraffe, any leap:
// piece) or rider: a rider's tour, as the checker defines it, moves along a
// line any distance over open squares (visited or not), stopped by walls
// and the edge. Walls and squares off the board are never visited. The
// graph the methods walk is model.MoveGraph, which the ILP backend shares.
//
// Methods, chosen from the model's structure, one file each:
//
//   - theorems.go decides without search when a theorem applies, and says
//     which in Stats.Reason: a closed tour needs 3 squares; a
//     closed tour of a colour-changing leaper needs as many dark as light
//     squares (so an even number); an open one a difference of at most
//     one, and a start on the colour there is more of; a colour-bound leaper (camel, bishop) cannot tour a
//     board with both colours; Schwenk's theorem for closed knight's tours
//     of plain m x n boards; a disconnected move graph; squares with too
//     few moves.
//   - find.go: Warnsdorff's rule (fewest onward moves first, Roth's
//     tie-break: farthest from the centre) with backtracking that prunes
//     dead squares and second free ends; restarts from other squares with
//     growing node budgets. Exhaustive, so it proves that no tour exists
//     on boards small enough to finish.
//   - construct.go: for the knight on plain boards with an even number of
//     squares and sides of at least 24, a linear-time divide-and-conquer
//     construction (blocks of 6 to 11 squares a side toured separately and
//     joined along a cycle of the block grid); KnightTour streams it square
//     by square for boards too large to hold.
//   - dfscount.go: counting by depth-first search over bitboards, pruned by
//     dead squares, free ends and connectivity, split into subtrees over
//     Options.Workers goroutines, one start per symmetry orbit; with
//     Options.Symmetry it also counts classes (tours least in their orbit),
//     and it enumerates.
//   - frontier.go (frontier_state.go, frontier_table.go,
//     frontier_count.go): counting by a frontier dynamic programme, the
//     method of the published counts (Knuth, TAOCP 7.2.2.4): the squares
//     enter one at a time, in the cheapest of the rank and file orders and
//     a greedy order that lets in next the square leaving the frontier
//     narrowest (frontier_order.go; 6x6 knight: 10 squares at the widest
//     instead of 13), and the partial tours are grouped into classes by
//     what the squares still to enter can see — for each frontier square
//     whether it is bare, a path end or inner, and which ends are paired —
//     each class with its number of ways. A class is one 64-bit word (2
//     bits a square and the pairing's rank); the classes of a step live in
//     a hash table of 64 shards (open addressing, grown by a quarter,
//     three fifths to three quarters full), filled by Options.Workers
//     goroutines, and are compacted into plain arrays (16 bytes a class)
//     once the step is done, for the next step to read. Open tours are
//     cycles through an extra vertex joined to every square. Counts are
//     exact at any size (frontier_modular.go): in 64 bits, and when one
//     passes them, again modulo primes below 2^62, one run a prime, joined
//     by the Chinese remainder theorem, with as many primes as a bound on
//     the count (the product of the degrees) needs.
//   - frontier_burnside.go (frontier_quotient.go, frontier_voltage.go):
//     the frontier's classes up to symmetry, by Burnside's lemma: the mean
//     over the symmetries of the tours each fixes. None but the identity
//     fixes a directed open tour; a closed or undirected open tour fixed
//     by g is a cycle or path through the orbits of g, counted by a
//     frontier programme on the quotient by g whose path ends also carry
//     a voltage (how far along g their path lifts). The sum must divide
//     by the group's order, else an error. 5x14 closed: 1,495,135,512,514
//     tours, 373,784,214,216 classes (docs/results.md).
//   - choose.go: Auto counting takes the method of the smaller estimated
//     cost: the frontier's from its width at each step, the search's from
//     random probes of its tree (Knuth's estimator). The search is the
//     faster on the smallest boards (5x5 open: 0.9 ms against 1.8 ms), the
//     frontier from 30 squares on (5x6 open: 13 ms against 74 ms; 6x6
//     open: 0.05 s of CPU against 2.1 s, 185,490 classes; 6x6 closed:
//     0.02 s against 0.1 s), and with kings (5x5 king closed: 0.01 s
//     against 12 s), and it alone counts beyond 64 squares (3x20 open,
//     2,645,699,504 tours, in 0.02 s). The 7x7 open count (165,575,218,320
//     directed tours; the search's estimate: 6e12 nodes) takes it 16 s of
//     CPU and 0.57 GB (0.40 GB of tables at most: 39 bytes a class of the
//     largest step, the step before's arrays counted): 44 million
//     classes, 10.3 million at the widest step. The 8x8 closed count
//     (13,267,364,410,532) takes it 2,285 s of CPU and 6.2 GiB of tables
//     at most: 243.8 million classes after square 43 of 64 (docs/results.md).
//
// Counts follow DESIGN.md: open tours are directed paths (from the start
// square when the model has one), closed tours undirected cycles. An
// undirected open tour without a start (model.TourSpec.Reversible) is a
// path and its reverse together: the frontier's count is not doubled, the
// search's is halved, its classes are least under the symmetries and
// reversal, and its enumeration emits each path from its smaller end.
// SolveWith picks a method.
//
// Limits (each returns an error wrapping model.ErrUnsupported, and a test
// walks past it): every task first estimates the memory it will hold (the
// tour's path and its report; the move graph and the search's arrays
// unless the construction applies: memory.go) and refuses above
// Options.MaxMemory with model.ErrTooLarge; the search methods build move
// graphs of up to MaxSearchSquares squares; tours returned as solutions have at most
// MaxTourSquares squares (the checker's limit); the search counts boards of
// up to 64 open squares and is the only method that enumerates. The frontier method holds at most 19 squares in its widest
// class (18 and the extra vertex for open tours: the knight on boards up
// to 8 on the shorter side open, 9 closed), since a class must fit in 64
// bits; the greedy order is tried on boards of up to 65,536 squares (from
// every first square up to 128), the line orders alone beyond; its counts
// are exact at any size, but the result's count has 63 bits, so a larger
// one is refused with an error that gives it (3x40 open:
// 177,462,256,507,412,885,856 directed tours); its classes up to
// symmetry (frontier_burnside.go) count the tours each symmetry fixes on
// the quotient of the board by it, a frontier of at most 31 orbits (25
// with the quarter turn's voltages, 28 with the half turn's and the
// mirrors') in 256-bit classes, and refuse a wider one; its plan (about 2.5 KB a square for a knight) is estimated first and
// refused above Options.MaxMemory with model.ErrTooLarge; and its tables
// are counted against Options.MaxMemory before each allocation (16 bytes
// a class slot, at most three quarters full, and 16 bytes a class of the
// step before, being read),
// so a count that would pass the bound stops with an error wrapping
// model.ErrTooLarge that names the square it reached; the collector is
// asked to keep the heap near the bound meanwhile (debug.SetMemoryLimit,
// restored after).
// Boards of one or two squares are counted by definition (docs/tour.md):
// one square is an open tour of itself, two squares a move apart are two
// directed open tours, and a closed tour, a cycle of the move graph (which
// joins two squares once, however many moves go between them), needs at
// least three squares.
//
// A count by the search runs in parts (model.Options.Shard; dfsshard.go):
// part K of N searches the subtrees t with t mod N = K, and the parts'
// counts, classes and nodes add up to the whole's (TestTourPartsAddUp). A
// part refuses, with model.ErrUnsupported, the frontier method (where Auto
// would choose it, the error says so: with classes, Auto takes the search
// in parts), an undirected open tour (a path and
// its reverse may fall in different parts) and solve and enumerate
// (TestTourPartsRefused); ShardTasks lists the parts' subtrees.
//
// Everything polls the context: on cancellation Solve returns status
// unknown (with Stats.CountedSoFar for an interrupted search count).
// Options.Progress hears the fraction of subtrees or squares done (the
// frontier's note: square k of n, its classes, the tables' bytes and
// their most in the step; with classes, then each symmetry's orbit k of n
// and classes).
package tour
