package tour

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

func tourModel(t *testing.T, board, spec string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(fmt.Sprintf("name: tour\nboard: %s\ntour: %s\n", board, spec)), "tour.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// allocated runs f and returns the bytes it allocated (garbage included).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// peakLive runs f with the garbage collector collecting at 10% growth
// and returns the highest heap it saw above the heap before, sampled every
// 100 microseconds: about the live bytes of f at its peak.
func peakLive(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	heap := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	runtime.GC()
	base := heap()
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		for {
			peak.Store(max(peak.Load(), heap()))
			select {
			case <-done:
				return
			case <-time.After(100 * time.Microsecond):
			}
		}
	}()
	f()
	close(done)
	<-stopped
	return max(peak.Load(), heap()) - min(base, peak.Load())
}

// TestMemoryEstimate: the plan of a solve is at least what the solve and
// the checker's verification of its tour allocate, on the construction and
// on the search (leapers and riders, open and closed, with and without a
// start).
func TestMemoryEstimate(t *testing.T) {
	for _, c := range []struct{ board, spec string }{
		{"1000", "{piece: knight, start: e5}"},
		{"23x200", "{piece: knight}"},
		{"{size: 100, walls: [e5]}", "{piece: king, start: a1}"},
		{"100", "{piece: king}"},
		{"60", "{piece: rook, closed: true}"},
		{"40", "{piece: queen, start: b3}"},
	} {
		t.Run(c.board+c.spec, func(t *testing.T) {
			m := tourModel(t, c.board, c.spec)
			var res *model.Result
			var err error
			solve := func() {
				res, err = Solve(context.Background(), m, model.Options{MaxMemory: -1})
				if err == nil && res.Solution != nil {
					err = model.Verify(m, res)
				}
			}
			// Garbage the collector has not yet reclaimed only adds to a
			// sample, most on a loaded machine: the lesser of two runs'
			// peaks is the nearer to what is live.
			used := min(peakLive(solve), peakLive(solve))
			if err != nil || !res.Verified {
				t.Fatalf("%v %v", res, err)
			}
			plan := planBytes(m, model.TaskSolve)
			t.Logf("%d squares: peak %d bytes, planned %d (%.2f)", m.Board.OpenCount(), used, plan, float64(plan)/float64(used))
			if int64(used) > plan {
				t.Errorf("a peak of %d bytes, more than the plan of %d", used, plan)
			}
		})
	}
}

// TestMemoryBound: a tour above Options.MaxMemory is refused with
// model.ErrTooLarge before anything of the board's size is allocated (the
// 8000x8000 knight's tour took 2.13 GB under --max-memory 256M); under it,
// it is solved.
func TestMemoryBound(t *testing.T) {
	big := tourModel(t, "8000", "{piece: knight, start: a1}")
	var err error
	used := allocated(func() {
		_, err = Solve(context.Background(), big, model.Options{MaxMemory: 256 << 20})
	})
	if !errors.Is(err, model.ErrTooLarge) {
		t.Fatalf("error %v, want one wrapping model.ErrTooLarge", err)
	}
	if used > 1<<20 {
		t.Errorf("refusing took %d bytes", used)
	}
	for _, task := range []model.Task{model.TaskCount, model.TaskEnumerate} {
		opts := model.Options{Task: task, MaxMemory: 256 << 20, Emit: func(model.Solution) error { return nil }}
		var err error
		used := allocated(func() { _, err = Solve(context.Background(), tourModel(t, "1000", "{piece: rook}"), opts) })
		if !errors.Is(err, model.ErrTooLarge) || used > 1<<20 {
			t.Errorf("%v of a 1000x1000 rook's tour (16 GB of moves): %v after %d bytes, want model.ErrTooLarge at once", task, err, used)
		}
	}
	small := tourModel(t, "1000", "{piece: knight, start: a1}")
	if plan := planBytes(small, model.TaskSolve); plan > 64<<20 {
		t.Fatalf("the 1000x1000 tour plans %d bytes", plan)
	}
	res, err := Solve(context.Background(), small, model.Options{MaxMemory: 64 << 20})
	if err != nil || res.Status != model.StatusFeasible {
		t.Fatalf("1000x1000 under 64 MiB: %v %v", res, err)
	}
}

// TestFrontierMemoryBound: a frontier count whose tables would pass
// Options.MaxMemory stops with an error wrapping model.ErrTooLarge, the
// heap never much above the bound (the tables are counted against it; the
// rest, a few MiB, is the run's other data and garbage not yet collected);
// under a larger bound it counts.
func TestFrontierMemoryBound(t *testing.T) {
	m := tourModel(t, "6", "{piece: knight}")
	const bound = 1 << 20
	var err error
	var res *model.Result
	used := peakLive(func() {
		res, err = SolveWith(context.Background(), m, model.Options{Task: model.TaskCount, MaxMemory: bound}, Frontier)
	})
	if !errors.Is(err, model.ErrTooLarge) {
		t.Fatalf("error %v, want one wrapping model.ErrTooLarge", err)
	}
	t.Logf("%v; peak live heap %d bytes", err, used)
	if used > bound+4<<20 {
		t.Errorf("a peak of %d bytes under a bound of %d", used, bound)
	}
	res, err = SolveWith(context.Background(), m, model.Options{Task: model.TaskCount, MaxMemory: 64 << 20}, Frontier)
	if err != nil || *res.Count != 6637920 {
		t.Fatalf("under 64 MiB: %v %v", res, err)
	}
	if peak := res.Stats.Extra["peak_table_bytes"].(int64); peak > 64<<20 || peak < bound {
		t.Errorf("the tables peaked at %d bytes", peak)
	}
}
