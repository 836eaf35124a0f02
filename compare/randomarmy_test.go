package compare_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestRandomArmyAgainstBrute is the differential test of group models
// (issue 29): seeded random models from compare.RandomArmy — two or three
// groups of built-in and fairy pieces, rules between and within groups,
// equal groups, strong and weak attack, walls — solved and counted (with
// classes up to the model's symmetries and group swaps) by the exact and
// ILP backends against the brute-force referee. Any disagreement or
// rejected solution fails, naming the model.
func TestRandomArmyAgainstBrute(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 4
	}
	for _, seed := range []uint64{29, 290, 2900} {
		rng := rand.New(rand.NewPCG(seed, 3))
		solvers := []model.Solver{exact.New(), ilp.New(), &brute.Solver{Budget: 50_000}}
		opts := compare.Options{Timeout: 3 * time.Second, Symmetry: true}
		tally := map[compare.Verdict]int{}
		for i := 0; i < n; i++ {
			name := fmt.Sprintf("army-%d-%d", seed, i+1)
			text := compare.RandomArmy(rng, name)
			m, err := model.Parse([]byte(text), name+".yaml")
			if err != nil {
				t.Fatal(err)
			}
			for _, task := range []model.Task{model.TaskSolve, model.TaskCount} {
				row := compare.Run(context.Background(), m, solvers, task, opts)
				tally[row.Verdict]++
				if row.Verdict == compare.Disagree || row.Verdict == compare.Failed {
					t.Errorf("%s %s: %s: %s\n%s", name, task, row.Verdict, row.Reason, text)
				}
				if testing.Verbose() && row.Verdict != compare.Agree {
					t.Logf("%s %s: %s: %s", name, task, row.Verdict, row.Reason)
				}
			}
		}
		t.Logf("seed %d: %d models, solve and count: %v", seed, n, tally)
		if tally[compare.Agree] < n {
			t.Errorf("seed %d: only %d rows agree of %d models: the test is not comparing enough", seed, tally[compare.Agree], n)
		}
	}
}
