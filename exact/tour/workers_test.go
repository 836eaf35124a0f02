package tour_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/model"
)

// TestHugeWorkers: a tour count asked for 2^31 workers runs on
// model.MaxWorkers goroutines with the right count and a few megabytes
// (issue 22 item 5).
func TestHugeWorkers(t *testing.T) {
	m := tourModel(t, "5", "{piece: knight}")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := tour.SolveWith(context.Background(), m, model.Options{Task: model.TaskCount, Workers: 1 << 31}, tour.Search)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if res.Count == nil || *res.Count != 1728 {
		t.Errorf("count %v, want 1728", res.Count)
	}
	if bytes := after.TotalAlloc - before.TotalAlloc; bytes > 64<<20 {
		t.Errorf("2^31 workers allocated %d MB", bytes>>20)
	}
}
