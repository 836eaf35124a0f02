package exact

import (
	"runtime"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// allocated is the bytes f allocates on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestHugeWorkers: a count asked for 2^31 workers runs on model.MaxWorkers
// goroutines, with the answer of one worker and a few megabytes (issue 22
// item 5: it ran out of memory; 10^7 workers took 10 GB).
func TestHugeWorkers(t *testing.T) {
	m := load(t, "amazons")
	one := run(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: 1})
	var huge *model.Result
	bytes := allocated(func() { huge = run(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: 1 << 31}) })
	if *huge.Count != *one.Count || *huge.Classes != *one.Classes {
		t.Errorf("2^31 workers: count %d classes %d; one worker: %d %d", *huge.Count, *huge.Classes, *one.Count, *one.Classes)
	}
	if bytes > 64<<20 {
		t.Errorf("2^31 workers allocated %d MB", bytes>>20)
	}
	t.Logf("2^31 workers: %d KB allocated", bytes>>10)
}
