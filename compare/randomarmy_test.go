package compare_test

import (
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
		tally := randomTest{prefix: fmt.Sprintf("army-%d", seed), n: n, rng: rand.New(rand.NewPCG(seed, 3)), draw: compare.RandomArmy,
			solvers: []model.Solver{exact.New(), ilp.New(), &brute.Solver{Budget: 50_000}},
			opts:    compare.Options{Timeout: 3 * time.Second, Symmetry: true}}.run(t)
		t.Logf("seed %d: %d models, solve and count: %v", seed, n, tally)
		if tally[compare.Agree] < n {
			t.Errorf("seed %d: only %d rows agree of %d models: the test is not comparing enough", seed, tally[compare.Agree], n)
		}
	}
}
