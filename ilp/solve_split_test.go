//go:build cgo

package ilp_test

import (
	"context"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestSplitAgreesWithExact solves optimisations with lone pieces cell by
// cell (ilp.NewSplit) and sets the optimum against the exact backend's:
// the fewest squares a king, a queen and a knight attack on 5x5, and
// maxima with a fixed wall (fewer symmetries) and with stacking.
func TestSplitAgreesWithExact(t *testing.T) {
	for _, name := range []string{"cover-5x5-fewest", "cover-5x5-wall", "cover-5x5-stack"} {
		t.Run(name, func(t *testing.T) {
			m, err := model.Load("../testdata/models/" + name + ".yaml")
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			want, err := exact.New().Solve(ctx, m, model.Options{})
			if err != nil || want.Status != model.StatusOptimal {
				t.Fatalf("exact: %v %v", want, err)
			}
			got, err := ilp.NewSplit().Solve(ctx, m, model.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got.Status != model.StatusOptimal || *got.Value != *want.Value {
				t.Fatalf("split: %v, value %v; exact %d", got.Status, show(got.Value), *want.Value)
			}
			cells, _ := got.Stats.Extra["cells"].(int)
			if cells < 2 {
				t.Errorf("solved in %d cells, want a split", cells)
			}
			t.Logf("%d in %d cells (%v solved, the others pruned by their LP bound), %d nodes, %.1fs",
				*got.Value, cells, got.Stats.Extra["cells_solved"], got.Stats.Nodes, got.Stats.Seconds)
		})
	}
}
