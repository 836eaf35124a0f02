package compare_test

import (
	"flag"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

var randomModels = flag.Int("random", 200, "random models for TestRandomAgreement")

// TestRandomAgreement is the differential test: seeded random small models
// (board shapes, walls fixed and free, fixed pieces, fairy pieces, every
// rule and objective) solved by the exact and ILP backends and, where it is
// small enough, counted by both and by the brute-force referee. Any
// disagreement or rejected solution fails, naming the model; a backend that
// cannot answer in time is allowed (it is never counted as agreement).
func TestRandomAgreement(t *testing.T) {
	n := *randomModels
	if testing.Short() {
		n = 40
	}
	referee := &brute.Solver{Budget: 20_000}
	tally := randomTest{prefix: "random-2026", n: n, rng: rand.New(rand.NewPCG(2026, 11)), draw: compare.Random,
		solvers: []model.Solver{exact.New(), ilp.New(), referee}, referee: referee,
		opts: compare.Options{Timeout: 5 * time.Second, Symmetry: true}}.run(t)
	t.Logf("%d models: %v", n, tally)
	if tally[compare.Agree] < n/2 {
		t.Errorf("only %d rows agree of %d models: the test is not comparing enough", tally[compare.Agree], n)
	}
}
