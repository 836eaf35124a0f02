package nqueens

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// The parts of a split count add up to the published totals, solutions
// (OEIS A000170) and classes under D4 (A002562), whatever the number of
// parts and of workers: no orbit is lost or counted twice, and each part's
// classes are whole.
func TestShardsAddUp(t *testing.T) {
	solutions := []int64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712}
	classes := []int64{1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233}
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	for n := 1; n <= len(solutions); n++ {
		for _, of := range []int{1, 2, 3, 7} {
			var total, classTotal int64
			for k := 0; k < of; k++ {
				c := countQueens(st, n, 1+k%2, model.Shard{Index: k, Of: of}, nil)
				total += c.solutions
				classTotal += c.classCount
				if 8*c.classCount < c.solutions {
					t.Errorf("n=%d, part %d/%d: %d classes for %d solutions", n, k, of, c.classCount, c.solutions)
				}
			}
			if total != solutions[n-1] || classTotal != classes[n-1] {
				t.Errorf("n=%d in %d parts: %d solutions, %d classes; want %d, %d", n, of, total, classTotal, solutions[n-1], classes[n-1])
			}
		}
	}
}

// The list of shards covers every constellation orbit once: the parts'
// constellations add up to the orbits, whatever the split.
func TestShardCosts(t *testing.T) {
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	orbits := len(constellationPlans(12, st))
	for _, of := range []int{1, 4, 9} {
		sum := 0
		for _, c := range constellationCosts(12, of) {
			sum += c.Tasks
			if c.Estimate <= 0 {
				t.Errorf("12 queens in %d parts: a part with an estimate of %v", of, c.Estimate)
			}
		}
		if sum != orbits {
			t.Errorf("12 queens in %d parts: %d constellations, want %d", of, sum, orbits)
		}
	}
}
