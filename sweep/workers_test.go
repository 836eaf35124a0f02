package sweep_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// TestHugeWorkers: a sweep asked for 2^31 workers solves its boards on
// model.MaxWorkers goroutines, with a few megabytes (issue 22 item 5).
func TestHugeWorkers(t *testing.T) {
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	sum, err := sweep.Run(context.Background(), m, exact.New(), sweep.Options{Walls: 1, Workers: 1 << 31})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Complete || sum.Boards != 64 || sum.Classes != 10 {
		t.Errorf("complete=%v %d boards %d classes, want 64 and 10", sum.Complete, sum.Boards, sum.Classes)
	}
	if bytes := after.TotalAlloc - before.TotalAlloc; bytes > 64<<20 {
		t.Errorf("2^31 workers allocated %d MB", bytes>>20)
	}
}
