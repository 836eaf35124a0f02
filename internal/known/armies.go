package known

import (
	"fmt"

	"github.com/chessmodel/chessmodel/internal/oeis"
)

// armies: pieces in groups. Peaceable queens: the most queens
// m of each colour on n x n, OEIS A250000 (the value is 2m pieces), and
// the optimal placements up to rotations, reflections and swapping the
// colours, A260680 — the model's own symmetry group of 16 (model/groups.go).
// The solutions themselves are not published: the referee counts them
// where it can (n <= 3); the mixed model's numbers are the referee's.
// lp_solve solves n = 7 in about 15 s of CPU, and n = 8 not in 20 minutes
// (ilp/doc.go): those are left to the exact backend here.
func armies() []Case {
	var out []Case
	for n := 1; n <= 8; n++ {
		c := Case{Name: fmt.Sprintf("peaceable queens %d", n), File: "peaceable-queens-8", Set: []string{fmt.Sprintf("board=%d", n)},
			Task: count, Opts: symmetry, Want: optimal(2*oeis.A250000[n-1], Any, oeis.A260680[n-1]),
			Source: "OEIS A250000, A260680", ILP: n <= 5, Slow: n >= 7}
		if n <= 3 {
			c.Brute = bySpace
			c.Want.Count = []int64{1, 1, 16}[n-1]
		}
		if n == 8 {
			c.Minutes = []string{"ilp"}
		}
		out = append(out, c)
	}
	for n := 6; n <= 7; n++ {
		out = append(out, Case{Name: fmt.Sprintf("peaceable queens %d solved", n), File: "peaceable-queens-8", Set: []string{fmt.Sprintf("board=%d", n)},
			Task: solve, Want: optimal(2*oeis.A250000[n-1], Any, Any), Source: "OEIS A250000", ILP: n == 6, Slow: true})
	}
	return append(out,
		Case{Name: "peaceable queens 8 solved", File: "peaceable-queens-8", Task: solve, Want: optimal(18, Any, Any),
			Source: "OEIS A250000", Slow: true, Minutes: []string{"ilp"}},
		Case{Name: "peaceable queens 8, ten each", File: "peaceable-queens-8", Set: []string{"place=[10 queen as white, 10 queen as black]"},
			Task: solve, Want: infeasible(false), Source: "OEIS A250000", Slow: true, Minutes: []string{"ilp"}},
		Case{Name: "peaceable queens 3 listed", File: "peaceable-queens-8", Set: []string{"board=3"}, Task: enumerate,
			Want: optimal(Any, 16, 1), Source: "brute force", ILP: true, Brute: bySpace},
		Case{Name: "court and cavalry 4x4", File: "armies-queens-knights", Set: []string{"board=4", "place=[1 queen as court, 1..4 knight as cavalry]"},
			Task: count, Opts: symmetry, Want: satisfied(Any, 116, 16), Source: "brute force", ILP: true, Brute: bySpace},
	)
}
