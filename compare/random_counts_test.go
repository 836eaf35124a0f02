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

// TestRandomCountsAgreement is the differential test of attack counts and
// square weights: for three seeds, random small models of those rules
// solved by exact, ILP and the brute referee, and counted by all three
// where the referee can list the space. A disagreement or a rejected
// solution fails; a backend that cannot answer (in time, or at all: the
// ILP's documented limits) is allowed.
func TestRandomCountsAgreement(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 8
	}
	for _, seed := range []uint64{29, 2911, 291129} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			solvers := []model.Solver{exact.New(), ilp.New(), &brute.Solver{Budget: 20_000}}
			tally := randomTest{prefix: fmt.Sprintf("counts-%d", seed), n: n, rng: rand.New(rand.NewPCG(seed, 29)),
				draw: compare.RandomCounts, solvers: solvers, referee: solvers[2],
				opts: compare.Options{Timeout: 10 * time.Second, Symmetry: true}}.run(t)
			t.Logf("seed %d, %d models: %v", seed, n, tally)
			if tally[compare.Agree] < n/2 {
				t.Errorf("only %d rows agree of %d models", tally[compare.Agree], n)
			}
		})
	}
}
