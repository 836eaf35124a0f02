package slide

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMergeRuns sorts random sorted runs, empty ones among them, on one
// and on three goroutines, against a sort of the whole.
func TestMergeRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, runs := range []int{0, 1, 2, 3, 7, 8, 33} {
		for _, workers := range []int{1, 3} {
			var a []uint64
			var starts []int
			for range runs {
				starts = append(starts, len(a))
				run := make([]uint64, rng.IntN(4)*rng.IntN(300))
				for i := range run {
					run[i] = rng.Uint64N(1 << 40)
				}
				slices.Sort(run)
				a = append(a, run...)
			}
			want := slices.Sorted(slices.Values(a))
			if got := mergeRuns(a, starts, workers); !slices.Equal(got, want) {
				t.Fatalf("%d runs on %d goroutines: %d states, not sorted as %d", runs, workers, len(got), len(want))
			}
		}
	}
}
