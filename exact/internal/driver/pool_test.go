package driver

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
)

// TestSpreadRunsEachTaskOnce: every task of the list runs once, on one
// of the searches Spread made (one per worker, in worker order), and a
// stopped pool runs none.
func TestSpreadRunsEachTaskOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped := tasks.NewStopper(ctx)
	defer stopped.Close()
	ran := 0
	Spread(stopped, 2, 10, nil, "test", func() int { return 0 }, func(int, int, int) { ran++ })
	if ran != 0 {
		t.Errorf("a stopped pool ran %d tasks", ran)
	}
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	type search struct{ id, ran int }
	for _, workers := range []int{1, 3, 8} {
		const n = 1000
		made := 0
		seen := make([]int, n) // tasks write their own slot: no race
		searches := Spread(st, workers, n, nil, "test", func() *search {
			made++
			return &search{id: made - 1}
		}, func(w int, s *search, task int) {
			if s.id != w {
				t.Errorf("worker %d ran search %d", w, s.id)
			}
			s.ran++
			seen[task]++
		})
		total := 0
		for _, s := range searches {
			total += s.ran
		}
		if len(searches) != workers || made != workers || total != n {
			t.Errorf("%d workers: %d searches made, %d returned, %d tasks run, want %d, %d, %d", workers, made, len(searches), total, workers, workers, n)
		}
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("%d workers: task %d ran %d times", workers, i, c)
			}
		}
	}
}
