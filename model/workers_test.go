package model

import (
	"runtime"
	"testing"
)

// TestWorkerCount: 0 or less is every core, and no request runs more than
// MaxWorkers goroutines (issue 22 item 5: 2^31 workers ran out of memory).
func TestWorkerCount(t *testing.T) {
	for _, c := range []struct{ requested, want int }{
		{-1, min(runtime.NumCPU(), MaxWorkers)},
		{0, min(runtime.NumCPU(), MaxWorkers)},
		{1, 1},
		{MaxWorkers, MaxWorkers},
		{MaxWorkers + 1, MaxWorkers},
		{1 << 31, MaxWorkers},
		{1<<63 - 1, MaxWorkers},
	} {
		if got := WorkerCount(c.requested); got != c.want {
			t.Errorf("WorkerCount(%d) = %d, want %d", c.requested, got, c.want)
		}
	}
}
