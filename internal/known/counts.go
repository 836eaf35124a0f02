package known

import "github.com/chessmodel/chessmodel/brute"

// attackCounts: the attack-count rules and square weights,
// against published values where they exist and the brute referee.
func attackCounts() []Case {
	return []Case{
		{Name: "queens attacking one 4x4", File: "queens-attack-one", Task: count, Opts: symmetry, Want: optimal(4, 26, 5),
			Source: "OEIS A051754 (4), A051567 (5 classes); brute force", ILP: true, Brute: bySpace},
		{Name: "queens attacking one 6x6", File: "queens-attack-one", Set: []string{"board=6"}, Task: count, Opts: symmetry,
			Want: optimal(8, 4, 2), Source: "OEIS A051754 (8), A051567 (2 classes)"},
		{Name: "queens attacking one 6x6 solved", File: "queens-attack-one", Set: []string{"board=6"}, Task: solve,
			Want: optimal(8, Any, Any), Source: "OEIS A051754", ILP: true, Slow: true,
			Minutes: []string{"ilp"}}, // lp_solve: 62 s on an idle machine, past the suite's 2 min under load
		{Name: "queens attacking one 7x7", File: "queens-attack-one", Set: []string{"board=7"}, Task: count, Opts: symmetry,
			Want: optimal(8, 1116, 149), Source: "OEIS A051754 (8), A051567 (149 classes)", Slow: true},
		{Name: "queens attacking four 4x4", File: "queens-attack-four", Task: count, Opts: symmetry, Want: optimal(8, 1, 1),
			Source: "OEIS A063724 (8); brute force", ILP: true, Brute: bySpace},
		{Name: "queens attacking four 5x5", File: "queens-attack-four", Set: []string{"board=5"}, Task: solve,
			Want: optimal(11, Any, Any), Source: "OEIS A063724", ILP: true},
		{Name: "queens attacking four 6x6", File: "queens-attack-four", Set: []string{"board=6"}, Task: count, Opts: symmetry,
			Want: optimal(15, 8, 1), Source: "OEIS A063724 (15)"},
		{Name: "queens total domination 4x4", File: "queens-total-domination", Task: count, Opts: symmetry, Want: optimal(2, 12, 3),
			Source: "OEIS A002566 (12); brute force", ILP: true, Brute: bySpace},
		{Name: "queens total domination 5x5", File: "queens-total-domination", Set: []string{"board=5"}, Task: count, Opts: symmetry,
			Want: optimal(3, 70, 15), Source: "OEIS A002566 (70)", ILP: true, Slow: true},
		{Name: "queens total domination 6x6", File: "queens-total-domination", Set: []string{"board=6"}, Task: count, Opts: symmetry,
			Want: optimal(4, 960, 150), Source: "OEIS A002566 (960)", Slow: true},
		{Name: "weighted eight queens", File: "weighted-eight-queens", Task: count, Opts: symmetry, Want: optimal(28, 2, 2),
			Source: "brute force over the 92 placements", ILP: true, Brute: &brute.Solver{MaxPieces: 8, Budget: 1_000_000}},
		{Name: "protected knights", File: "knights-protected", Task: count, Opts: symmetry, Want: optimal(10, 16, 3),
			Source: "brute force", ILP: true, Brute: bySpace},
		{Name: "attacked weight, weak", File: "attacked-weight-weak", Task: count, Opts: symmetry, Want: optimal(11, 26, 26),
			Source: "brute force", ILP: true, Brute: bySpace},
		{Name: "guarded kings", File: "kings-guarded", Task: count, Opts: symmetry, Want: optimal(2, 156, 81),
			Source: "brute force", Brute: bySpace},
		{Name: "guarded kings solved", File: "kings-guarded", Task: solve, Want: optimal(2, Any, Any), Source: "brute force", ILP: true},
		{Name: "stacked attack counts", File: "stacked-attack-counts", Task: count, Opts: symmetry, Want: satisfied(Any, 85, 14),
			Source: "brute force", Brute: bySpace},
	}
}
