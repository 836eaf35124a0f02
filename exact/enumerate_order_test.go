package exact

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestEnumerationOrder: the solutions are emitted in one order, the same on
// every run and any number of workers, so that the first N of them (the
// CLI's --limit) are well defined; and an error from Emit stops the search
// at once, with nothing emitted after it.
func TestEnumerationOrder(t *testing.T) {
	for _, name := range []string{"eight-queens", "amazons", "least-walls-9", "kings-shaped", "queens-domination", "n-rooks"} {
		t.Run(name, func(t *testing.T) {
			m := load(t, name)
			var first []string
			for _, workers := range []int{1, 2, 1, 2} {
				var keys []string
				opts := model.Options{Task: model.TaskEnumerate, Workers: workers, Emit: func(s model.Solution) error {
					keys = append(keys, s.Key())
					return nil
				}}
				run(t, m, opts)
				if first == nil {
					first = keys
					continue
				}
				if fmt.Sprint(keys) != fmt.Sprint(first) {
					t.Fatalf("workers %d: %d solutions in another order than the first run's %d", workers, len(keys), len(first))
				}
			}
			stop := errors.New("enough")
			for _, limit := range []int{1, len(first) / 2} {
				var keys []string
				opts := model.Options{Task: model.TaskEnumerate, Workers: 2, Emit: func(s model.Solution) error {
					if len(keys) == limit {
						return stop
					}
					keys = append(keys, s.Key())
					return nil
				}}
				_, err := New().Solve(context.Background(), m, opts)
				if !errors.Is(err, stop) {
					t.Fatalf("limit %d: error %v, want the Emit error", limit, err)
				}
				if fmt.Sprint(keys) != fmt.Sprint(first[:limit]) {
					t.Errorf("limit %d: not the first %d solutions", limit, limit)
				}
			}
		})
	}
}
