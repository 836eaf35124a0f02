package known

import (
	"fmt"

	"github.com/chessmodel/chessmodel/brute"
)

// wrapped: models on wrapped boards and with one-sided pieces (docs/model.md,
// "Wrapped boards and one-sided pieces").
//
// n queens on the n x n torus exist exactly when gcd(n, 6) = 1 (Pólya,
// 1918); OEIS A051906 counts them. For n = 5, 7 and 11 every solution is
// a line of queens of slope k (k = 2, ..., n-2: those for which k-1, k and
// k+1 are prime to n) and its n shifts, and D4 maps slope k to -k and 1/k
// (mod n): one class for 5 and 7, two for 11 ({2, 5, 6, 9}, {3, 4, 7, 8}).
func wrapped() []Case {
	torus := []struct {
		n              int
		count, classes int64
	}{{5, 10, 1}, {6, 0, 0}, {7, 28, 1}, {11, 88, 2}}
	var out []Case
	for _, q := range torus {
		c := Case{Name: fmt.Sprintf("torus queens %d", q.n), File: "torus-queens", Set: []string{fmt.Sprintf("board.size=%d", q.n)},
			Task: count, Opts: symmetry, Want: satisfiedOrNot(int64(q.n), q.count, q.classes),
			Source: "OEIS A051906 (Pólya 1918); classes by the slopes of the lines", ILP: true}
		if q.n <= 6 {
			c.Brute = &brute.Solver{MaxPieces: q.n}
		}
		out = append(out, c)
	}
	return append(out,
		Case{Name: "left-handed knights 4x4", File: "lefthanded-knights", Task: count, Opts: symmetry, Want: optimal(10, 2, 1),
			Source: "brute force (no published number found for the most; OEIS A187172 defines the piece)", ILP: true, Brute: bySpace},
		Case{Name: "pawns cover 4x4", File: "pawns-cover", Task: count, Opts: symmetry, Want: optimal(8, 4, 3),
			Source: "brute force", ILP: true, Brute: bySpace},
		Case{Name: "torus knight tours 4x4", File: "torus-knight-tour", Task: count, Opts: symmetry, Want: satisfied(16, 1344, 19),
			Source: "counted by hand in compare/wrap_test.go (classes: exact alone)"},
		Case{Name: "torus knight tour 4x4", File: "torus-knight-tour", Task: solve, Want: satisfied(16, Any, Any),
			Source: "compare/wrap_test.go", ILP: true},
		Case{Name: "cylinder slide", File: "cylinder-slide", Task: solve, Want: optimal(1, Any, Any),
			Source: "by hand: round the seam against the wall", ILP: true},
		Case{Name: "cylinder slide, plain board", File: "cylinder-slide", Set: []string{"board.wrap=none"}, Task: solve, Want: infeasible(false),
			Source: "by hand: on the plain board the rank ends at the wall"},
	)
}
