package known

import (
	"fmt"

	"github.com/chessmodel/chessmodel/internal/oeis"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// Cases returns the table, a fresh copy each call.
func Cases() []Case {
	var all []Case
	for _, part := range [][]Case{queens(), rooks(), bishops(), domination(), blocked(), leastWalls(), pieces(), tours(), slides(), armies(), wrapped(), attackCounts(), games()} {
		all = append(all, part...)
	}
	return all
}

var (
	count     = model.TaskCount
	solve     = model.TaskSolve
	enumerate = model.TaskEnumerate
	symmetry  = model.Options{Symmetry: true}
	boards    = model.Options{Symmetry: true, DistinctWalls: true}
	bySpace   = &brute.Solver{}
)

func optimal(value, count, classes int64) Answer {
	return Answer{Status: model.StatusOptimal, Value: value, Count: count, Classes: classes}
}

func satisfied(value, count, classes int64) Answer {
	return Answer{Status: model.StatusSatisfied, Value: value, Count: count, Classes: classes}
}

func infeasible(counted bool) Answer {
	if counted {
		return Answer{Status: model.StatusInfeasible, Value: Any, Count: 0, Classes: 0}
	}
	return Answer{Status: model.StatusInfeasible, Value: Any, Count: Any, Classes: Any}
}

// satisfiedOrNot is satisfied with the count, or infeasible when it is 0.
func satisfiedOrNot(value, count, classes int64) Answer {
	if count == 0 {
		return infeasible(true)
	}
	return satisfied(value, count, classes)
}

// queens: the n-queens counts, OEIS A000170 (solutions) and A002562 (up to
// symmetry).
func queens() []Case {
	totals, classes := oeis.A000170, oeis.A002562
	var out []Case
	for n := 1; n <= len(totals); n++ {
		c := Case{Name: fmt.Sprintf("n-queens %d", n), File: "n-queens", Set: []string{fmt.Sprintf("board=%d", n)},
			Task: count, Opts: symmetry, Want: satisfiedOrNot(int64(n), totals[n-1], classes[n-1]),
			Source: "OEIS A000170, A002562", ILP: n == 6, Slow: n >= 15}
		if n >= 17 {
			c.Minutes = []string{"exact"} // for the benchmarks
		}
		if n <= 5 {
			c.Brute = bySpace
		}
		out = append(out, c)
	}
	return append(out,
		Case{Name: "eight queens", File: "eight-queens", Task: count, Opts: symmetry, Want: satisfied(8, 92, 12),
			Source: "seed n-rooks-and-n-queens; OEIS A000170, A002562", ILP: true},
		Case{Name: "eight queens listed", File: "eight-queens", Task: enumerate, Want: satisfied(Any, 92, 12),
			Source: "seed n-rooks-and-n-queens; OEIS A000170, A002562", ILP: true},
		Case{Name: "nine queens on 8x8", File: "eight-queens", Set: []string{"place=[9 queen]"}, Task: solve,
			Want: infeasible(false), Source: "pigeonhole: one queen a rank", ILP: true},
		// n+2 queens and 2 free walls on n x n, boards up to symmetry
		nPlusTwo(4, 0), nPlusTwo(5, 0), nPlusTwo(6, 0), nPlusTwo(7, 1), nPlusTwo(8, 6),
	)
}

func nPlusTwo(n int, classes int64) Case {
	want := Answer{Status: model.StatusSatisfied, Value: Any, Count: Any, Classes: classes}
	if classes == 0 {
		want = infeasible(true)
	}
	return Case{Name: fmt.Sprintf("%d queens and 2 free walls on %dx%d", n+2, n, n),
		YAML: fmt.Sprintf("board: {size: %d, walls: {free: 2}}\nplace: [%d queen]\nrules: [independent]", n, n+2),
		Task: count, Opts: symmetry, Want: want, Source: "OEIS A129552"}
}

// rooks: n! placements, OEIS A000903 up to symmetry.
func rooks() []Case {
	classes := []int64{1, 1, 2, 7, 23, 115, 694, 5282}
	var out []Case
	factorial := int64(1)
	for n := 1; n <= len(classes); n++ {
		factorial *= int64(n)
		c := Case{Name: fmt.Sprintf("n-rooks %d", n), File: "n-rooks", Set: []string{fmt.Sprintf("board=%d", n)},
			Task: count, Opts: symmetry, Want: satisfied(int64(n), factorial, classes[n-1]),
			Source: "n!; OEIS A000903", ILP: n == 6, Slow: n == 6}
		if n <= 5 {
			c.Brute = bySpace
		}
		out = append(out, c)
	}
	return append(out, Case{Name: "n-rooks 6 listed", File: "n-rooks", Set: []string{"board=6"}, Task: enumerate,
		Want: satisfied(Any, 720, 115), Source: "6!; OEIS A000903"})
}

// bishops: n bishops on n x n (OEIS A002465), the most, 2n-2 in 2^n ways
// (Kotesovec, in A002465's comments), two bishops (A172123); k rooks on
// n x n, C(n,k)^2 k! (choose the rows, the columns, and match them).
func bishops() []Case {
	var out []Case
	for n := 1; n <= 8; n++ {
		c := Case{Name: fmt.Sprintf("n-bishops %d", n), File: "n-bishops", Set: []string{fmt.Sprintf("board=%d", n)},
			Task: count, Want: satisfied(int64(n), oeis.A002465[n-1], Any), Source: "OEIS A002465", ILP: n == 3, Slow: n == 8}
		if n <= 4 {
			c.Brute = bySpace
		}
		out = append(out, c)
	}
	for n := 2; n <= 8; n++ {
		c := Case{Name: fmt.Sprintf("most bishops %d", n), File: "n-bishops", Set: []string{fmt.Sprintf("board=%d", n), "place=[max bishop]"},
			Task: count, Want: optimal(int64(2*n-2), int64(1)<<n, Any), Source: "OEIS A002465 (comments), A000079", Slow: n == 8}
		if n <= 3 { // brute force takes seconds on 4x4
			c.Brute = bySpace
		}
		out = append(out, c)
	}
	for _, n := range []int{5, 12} {
		c := Case{Name: fmt.Sprintf("two bishops %d", n), File: "n-bishops", Set: []string{fmt.Sprintf("board=%d", n), "place=[2 bishop]"},
			Task: count, Want: satisfied(2, oeis.A172123[n-1], Any), Source: "OEIS A172123"}
		if n <= 5 {
			c.Brute = bySpace
		}
		out = append(out, c)
	}
	binomial := func(n, k int64) int64 {
		c := int64(1)
		for i := int64(1); i <= k; i++ {
			c = c * (n - k + i) / i
		}
		return c
	}
	for k := int64(0); k <= 6; k++ {
		factorial := int64(1)
		for i := int64(2); i <= k; i++ {
			factorial *= i
		}
		c := Case{Name: fmt.Sprintf("%d rooks on 6x6", k), File: "n-rooks", Set: []string{"board=6", fmt.Sprintf("place=[%d rook]", k)},
			Task: count, Want: satisfied(k, binomial(6, k)*binomial(6, k)*factorial, Any), Source: "C(n,k)^2 k!"}
		if k <= 3 {
			c.Brute = bySpace
		}
		out = append(out, c)
	}
	return out
}

// domination: the fewest queens dominating n x n (OEIS A075458) and the
// ways (A002564); the same with the queens independent (A075324, A002568);
// knights (A006075).
func domination() []Case {
	queens := []int64{1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6}
	queenWays := []int64{1, 4, 1, 12, 186, 4, 86, 4860, 114, 8, 2, 8}
	independent := []int64{1, 1, 1, 3, 3, 4, 4, 5, 5, 5, 5, 7}
	independentWays := []int64{1, 4, 1, 16, 16, 120, 8, 728, 92, 8, 2, 840}
	knights := []int64{1, 4, 4, 4, 5, 8, 10, 12, 14, 16, 21, 24}
	var out []Case
	for n := 1; n <= len(queens); n++ {
		c := Case{Name: fmt.Sprintf("queens domination %d", n), File: "queens-domination", Set: []string{fmt.Sprintf("board=%d", n)},
			Task: count, Want: optimal(queens[n-1], queenWays[n-1], Any), Source: "OEIS A075458, A002564", Slow: n == 12}
		if n <= 5 {
			c.Brute = &brute.Solver{MaxPieces: 3}
		}
		out = append(out, c,
			Case{Name: fmt.Sprintf("independent queens domination %d", n),
				YAML: fmt.Sprintf("board: %d\nplace: [min queen]\nrules: [independent, cover dominated]", n),
				Task: count, Want: optimal(independent[n-1], independentWays[n-1], Any), Source: "OEIS A075324, A002568", Slow: n == 12})
	}
	out = append(out, Case{Name: "queens domination 13 counted", File: "queens-domination", Set: []string{"board=13"},
		Task: count, Want: optimal(7, 288, Any), Source: "OEIS A075458, A002564", Slow: true,
		Minutes: []string{"exact"}}) // 38 s of CPU: for the benchmarks
	for i, least := range []int64{7, 8, 9, 9} { // n = 13..16: solved
		n := 13 + i
		c := Case{Name: fmt.Sprintf("queens domination %d", n), File: "queens-domination", Set: []string{fmt.Sprintf("board=%d", n)},
			Task: solve, Want: optimal(least, Any, Any), Source: "OEIS A075458", Slow: true}
		if n > 13 {
			c.Minutes = []string{"exact"} // for the benchmarks
		}
		out = append(out, c)
	}
	for n := 1; n <= len(knights); n++ {
		c := Case{Name: fmt.Sprintf("knights domination %d", n),
			YAML: fmt.Sprintf("board: %d\nplace: [min knight]\nrules: [cover dominated]", n),
			Task: solve, Want: optimal(knights[n-1], Any, Any), Source: "OEIS A006075", Slow: n >= 10}
		if n > 11 {
			c.Minutes = []string{"exact"} // for the benchmarks
		}
		out = append(out, c)
	}
	return append(out,
		Case{Name: "queens domination 8 classes", File: "queens-domination", Task: count, Opts: symmetry,
			Want: optimal(5, 4860, 638), Source: "OEIS A075458, A002564; the 638 classes: exact alone (no published number)"},
		Case{Name: "queens domination 8 solved", File: "queens-domination", Task: solve, Want: optimal(5, Any, Any),
			Source: "OEIS A075458", ILP: true},
		Case{Name: "queens domination 5x5 file", File: "cover-5x5-queens-domination", Task: solve, Want: optimal(3, Any, Any),
			Source: "OEIS A075458", ILP: true},
		Case{Name: "knights domination 5x5 file", File: "cover-5x5-knights-domination", Task: solve, Want: optimal(5, Any, Any),
			Source: "OEIS A006075", ILP: true},
		Case{Name: "queens domination 5 by pieces", YAML: "board: 5\nplace: [1..3 queen]\nrules: [cover dominated]\nobjective: minimize pieces",
			Task: solve, Want: optimal(3, Any, Any), Source: "OEIS A075458", Brute: bySpace},
		Case{Name: "kings 4x4 most", YAML: "board: 4\nplace: [max king]\nrules: [independent]", Task: count, Opts: symmetry,
			Want: optimal(4, 79, Any), Source: "brute force", Brute: bySpace},
	)
}

const blockedSeed = "seed blocked-n-queens"

// blocked: the blocked-n-queens seed's boards with walls.
func blocked() []Case {
	return []Case{
		{Name: "blocked 0 walls", File: "blocked-0w", Task: solve, Want: optimal(8, Any, Any), Source: blockedSeed, ILP: true},
		{Name: "blocked 0 walls counted", File: "blocked-0w", Task: count, Opts: symmetry, Want: optimal(8, 92, 12), Source: blockedSeed},
		{Name: "blocked 2 walls value 10", File: "blocked-2w-value10", Task: solve, Want: optimal(10, Any, Any), Source: blockedSeed, ILP: true},
		{Name: "blocked 3 walls value 11", File: "blocked-3w-value11", Task: solve, Want: optimal(11, Any, Any), Source: blockedSeed, ILP: true},
		{Name: "blocked 3 walls value 11 counted", File: "blocked-3w-value11", Task: count, Want: optimal(11, 1, Any),
			Source: blockedSeed + " (the one board of value 11 has one optimal solution)", ILP: true},
		{Name: "blocked 3 walls value 11 boards", File: "blocked-3w-value11", Task: count, Opts: boards, Want: optimal(11, 1, 1),
			Source: "fixed walls: one wall set"},
		{Name: "blocked 3 walls diagram", File: "blocked-3w-diagram", Task: solve, Want: optimal(11, Any, Any), Source: blockedSeed, ILP: true},
		{Name: "blocked 4 walls value 11", File: "blocked-4w-value11", Task: solve, Want: optimal(11, Any, Any), Source: blockedSeed, ILP: true},
		{Name: "rooks around a wall 3x3", YAML: "board: {size: 3, walls: [b2]}\nplace: [max rook]\nrules: [independent]",
			Task: solve, Want: optimal(4, Any, Any), Source: "brute force", Brute: bySpace},
		{Name: "3 queens no boards", File: "n-queens", Set: []string{"board=3"}, Task: count, Opts: boards, Want: infeasible(true),
			Source: "OEIS A000170"},
	}
}

// leastWalls: the seed's least walls for q queens on 8x8, and its counts
// of boards.
func leastWalls() []Case {
	values := map[int]int64{9: 1, 10: 2, 11: 3, 12: 5, 13: 7, 14: 9, 15: 11}
	var out []Case
	for q := 9; q <= 15; q++ {
		out = append(out, Case{Name: fmt.Sprintf("least walls %d queens", q), File: fmt.Sprintf("least-walls-%d", q), Task: solve,
			Want: optimal(values[q], Any, Any), Source: blockedSeed, ILP: true, Slow: q >= 11})
	}
	return append(out,
		Case{Name: "least walls 16 queens boards", File: "least-walls-16", Task: count, Opts: boards, Want: optimal(12, 2, 1),
			Source: blockedSeed + " (2 boards, mirror images)", ILP: true},
		Case{Name: "least walls 16 queens", File: "least-walls-16", Task: solve, Want: optimal(12, Any, Any), Source: blockedSeed, ILP: true},
		Case{Name: "least walls 7x7 15 queens boards", File: "least-walls-7x7-15", Task: count, Opts: boards, Want: optimal(20, 36, 6),
			Source: blockedSeed + " (36 boards; 6 classes: exact and ilp, no published number)", ILP: true},
		Case{Name: "least walls 7x7 16 queens boards", File: "least-walls-7x7-16", Task: count, Opts: boards, Want: optimal(33, 1, 1),
			Source: blockedSeed + " (unique even up to symmetry)", ILP: true},
		Case{Name: "least walls 6x6 9 queens", File: "least-walls-6x6-9", Task: solve, Want: optimal(6, Any, Any),
			Source: "exact and ilp (no published number)", ILP: true},
		Case{Name: "least walls 6x6 9 queens boards", File: "least-walls-6x6-9", Task: count, Opts: boards, Want: optimal(6, 56, 7),
			Source: "exact alone (no published number)"},
		Case{Name: "least walls 4 queens 3x3", YAML: "board: {size: 3, walls: free}\nplace: [4 queen]\nrules: [independent]\nobjective: minimize walls",
			Task: count, Opts: symmetry, Want: optimal(5, 1, 1), Source: "brute force", Brute: bySpace},
		Case{Name: "2 rooks and 1 free wall 3x3 boards", YAML: "board: {size: 3, walls: {free: 1}}\nplace: [2 rook]\nrules: [independent]",
			Task: count, Opts: boards, Want: satisfied(2, 9, 3),
			Source: "by hand: the wall on any of 9 squares, 3 classes (corner, edge, centre)", Brute: bySpace},
		Case{Name: "5 stacked pieces on 2 squares", YAML: "pieces: {alfil: {leap: [2, 2]}, camel: {leap: [1, 3]}}\nboard: {size: 2x2, walls: [b2, a1]}\nplace: [3 alfil, 2 camel]\nrules: [stack]\nobjective: minimize dominated",
			Task: count, Opts: symmetry, Want: optimal(1, 2, 1),
			Source: "by hand: every piece on a2 or every piece on b1, one square dominated (the two mirror images)", Brute: bySpace},
		Case{Name: "least walls 2 queens 2x2", YAML: "board: {size: 2, walls: free}\nplace: [2 queen]\nrules: [independent]\nobjective: minimize walls",
			Task: solve, Want: infeasible(false), Source: "brute force", Brute: bySpace},
	)
}

const eightPiecesSeed = "seed eight-pieces-cannot-cover"

// pieces: fairy pieces and the eight-pieces seed.
func pieces() []Case {
	return []Case{
		{Name: "amazons", File: "amazons", Task: count, Opts: symmetry, Want: optimal(6, 728, 93),
			Source: "OEIS A051223 (6); brute force (728, 93)", Brute: &brute.Solver{MaxPieces: 6, Budget: 2_000_000}},
		{Name: "amazons solved", File: "amazons", Task: solve, Want: optimal(6, Any, Any), Source: "OEIS A051223", ILP: true},
		{Name: "camels", File: "camels", Task: count, Opts: symmetry, Want: optimal(32, 4, 1),
			Source: "32 (alternate files: a camel's leap changes the file's parity): exact and ilp; 4 ways, 1 class: exact alone"},
		{Name: "camels solved", File: "camels", Task: solve, Want: optimal(32, Any, Any), Source: "exact and ilp (no published number)", ILP: true},
		{Name: "nightriders", File: "nightriders", Task: solve, Want: optimal(16, Any, Any), Source: "exact and ilp (no published number)", ILP: true},
		{Name: "kings on a shaped board", File: "kings-shaped", Task: solve, Want: optimal(11, Any, Any), Source: "exact and ilp (no published number)", ILP: true},
		{Name: "queens 6x9", File: "queens-6x9", Task: solve, Want: optimal(6, Any, Any), Source: "one queen a rank", ILP: true},
		{Name: "eight pieces", File: "eight-pieces", Task: solve, Want: optimal(63, Any, Any), Source: eightPiecesSeed, Slow: true},
		{Name: "eight pieces cannot cover", File: "eight-pieces-cover", Task: solve, Want: infeasible(false), Source: eightPiecesSeed, Slow: true},
		{Name: "eight pieces same colour", File: "eight-pieces-same-colour", Task: count, Opts: symmetry, Want: satisfied(8, 10, 3),
			Source: eightPiecesSeed + " (figure 6: three ways)", Slow: true},
		{Name: "eight pieces stacked", File: "eight-pieces-stack", Task: solve, Want: satisfied(8, Any, Any), Source: "exact alone (the seed's superposition, no published answer)"},
		{Name: "eight pieces superqueen", File: "eight-pieces-superqueen", Task: solve, Want: satisfied(6, Any, Any),
			Source: "exact alone (no published number)"},
		{Name: "eight pieces weak attack", File: "eight-pieces-weak", Task: solve, Want: satisfied(8, Any, Any), Source: eightPiecesSeed + " (figure 3)"},
	}
}

// tour is a tour model on board with spec, fairy leapers defined.
func tour(board, spec string) string {
	return fmt.Sprintf("pieces: {camel: {leap: [1, 3]}}\nboard: %s\ntour: %s\n", board, spec)
}

// tours: knight's tours counted (open ones directed, closed ones
// undirected).
func tours() []Case {
	return []Case{
		{Name: "knight's tours 5x5", YAML: tour("5", "{piece: knight}"), Task: count, Want: satisfied(Any, 1728, Any),
			Source: "OEIS A165134 (directed open tours, n=5)"},
		{Name: "knight's tours 5x5 from a corner", YAML: tour("5", "{piece: knight, start: a1}"), Task: count, Opts: symmetry,
			Want: satisfied(Any, 304, 152), Source: "exact's two methods and ilp (no published number found)", ILP: true},
		{Name: "closed knight's tours 5x6", YAML: tour("5x6", "{piece: knight, closed: true}"), Task: count, Opts: symmetry,
			Want: satisfied(Any, 8, 3), Source: "exact's two methods and ilp (no published number found)", ILP: true},
		{Name: "closed knight's tours 3x10", YAML: tour("3x10", "{piece: knight, closed: true}"), Task: count, Want: satisfied(Any, 16, Any),
			Source: "OEIS A070030 (closed tours of 3 x 2n, n = 5)"},
		{Name: "closed knight's tours 6x6", YAML: tour("6", "{piece: knight, closed: true}"), Task: count, Want: satisfied(Any, 9862, Any),
			Source: "OEIS A001230"},
		{Name: "knight's tours 6x6", YAML: tour("6", "{piece: knight}"), Task: count, Want: satisfied(Any, 6637920, Any),
			Source: "OEIS A165134", Slow: true},
		{Name: "knight's tours 3x12", YAML: tour("\"3x12\"", "{piece: knight}"), Task: count, Want: satisfied(Any, 114496, Any),
			Source: "OEIS A118067"},
		{Name: "closed knight's tours 5x8", YAML: tour("\"5x8\"", "{piece: knight, closed: true}"), Task: count, Want: satisfied(Any, 44202, Any),
			Source: "OEIS A383661"},
		{Name: "knight's tours 3x20", YAML: tour("\"3x20\"", "{piece: knight}"), Task: count, Want: satisfied(Any, 2645699504, Any),
			Source: "OEIS A118067", Minutes: []string{"search"}}, // beyond the search: over 64 squares
		{Name: "closed knight's tours 5x12", YAML: tour("\"5x12\"", "{piece: knight, closed: true}"), Task: count, Want: satisfied(Any, 4557702762, Any),
			Source: "OEIS A383661", Minutes: []string{"search"}},
		{Name: "knight's tours 3x4", YAML: tour("\"3x4\"", "{piece: knight}"), Task: count, Opts: symmetry, Want: satisfied(Any, 16, 4),
			Source: "exact and ilp (no published number)", ILP: true},
		{Name: "camel's tours 6x6", YAML: tour("6", "{piece: camel}"), Task: count, Opts: symmetry, Want: infeasible(true),
			Source: "a camel keeps its colour", ILP: true},
		{Name: "undirected knight's tours 3x4", File: "tour-3x4-undirected", Task: count, Opts: symmetry, Want: satisfied(Any, 8, 3),
			Source: "OEIS A328341 (classes up to symmetry and reversal); 8 = A169696", ILP: true},
		{Name: "undirected knight's tours 4x5", File: "tour-4x5-undirected", Task: count, Opts: symmetry, Want: satisfied(Any, 82, 22),
			Source: "OEIS A328341 (classes); 82 paths: exact and ilp", ILP: true},
		{Name: "undirected knight's tours 5x5", File: "tour-5x5-undirected", Task: count, Want: satisfied(Any, 864, Any),
			Source: "OEIS A165134 (1728 directed open tours, n=5) / 2"},
	}
}

// slides: the least moves of the sliding puzzles.
func slides() []Case {
	const seed = "seed sliding-rooks-and-queens"
	// the seed's table: four rooks from the corners to the centre
	table := []int64{0, 12, 19, 25, 32, 39, 45, 52, 59, 65, 72, 79} // n = 2, 4, ..., 24
	var out []Case
	for i, moves := range table {
		n := 2 * (i + 1)
		c := Case{Name: fmt.Sprintf("sliding rooks %dx%d", n, n), File: "sliding-rooks", Set: cornersToCentre(n),
			Task: solve, Want: optimal(moves, Any, Any), Source: seed}
		if n > 12 {
			c.Minutes = []string{"exact"} // for the benchmarks
		}
		out = append(out, c)
	}
	return append(out,
		Case{Name: "sliding queens", File: "sliding-queens", Task: solve, Want: optimal(12, Any, Any), Source: seed},
		Case{Name: "sliding queens 4x4", File: "sliding-queens", Set: cornersToCentre(4), Task: solve, Want: optimal(6, Any, Any),
			Source: "exact and ilp (no published number)", ILP: true},
		Case{Name: "sliding queens 6x6", File: "sliding-queens", Set: cornersToCentre(6), Task: solve, Want: optimal(10, Any, Any),
			Source: "exact alone (no published number)"},
		Case{Name: "sliding impossible", File: "slide-impossible", Task: solve, Want: infeasible(false), Source: "exact alone (the state graph has no path)"},
		Case{Name: "Guarini's knights", File: "slide-guarini", Task: solve, Want: optimal(16, Any, Any),
			Source: "Guarini (1512); lp_solve takes 4 minutes of CPU (ilp TestSlideGuarini, CHESSMODEL_BENCH_LONG)", Brute: &brute.Solver{}},
		Case{Name: "kings change sides", File: "slide-kings-exchange", Task: solve, Want: optimal(8, Any, Any),
			Source: "exact, ilp and brute (no published number)", ILP: true, Brute: &brute.Solver{}},
		Case{Name: "rook and bishop change places", File: "slide-rook-bishop", Task: solve, Want: optimal(3, Any, Any),
			Source: "exact, ilp and brute (no published number)", ILP: true, Brute: &brute.Solver{}},
	)
}

// cornersToCentre are the overrides that resize the seed's sliding model
// to n x n: the four corners to the four centre squares.
func cornersToCentre(n int) []string {
	sq := func(f, r int) string { return model.Square{File: f, Rank: r}.String() }
	c := n/2 - 1
	return []string{fmt.Sprintf("board=%d", n),
		fmt.Sprintf("slide.from=[%s, %s, %s, %s]", sq(0, 0), sq(0, n-1), sq(n-1, 0), sq(n-1, n-1)),
		fmt.Sprintf("slide.to=[%s, %s, %s, %s]", sq(c, c), sq(c, c+1), sq(c+1, c), sq(c+1, c+1))}
}
