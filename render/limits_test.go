package render

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// TestRefusedBeforeDrawing (issue 22, item 8): a picture whose estimated
// memory is above Options.MaxMemory is refused with model.ErrTooLarge
// before anything is drawn — an 8000-pixel GIF of the knight's tour took
// 2.9 GB — and drawn when the bound allows it.
func TestRefusedBeforeDrawing(t *testing.T) {
	m := loadModel(t, "knights-tour")
	tour := []model.Solution{*knightsTour()}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := Draw(context.Background(), io.Discard, m, tour, FormatGIF, Options{Size: 8000})
	runtime.ReadMemStats(&after)
	if !errors.Is(err, model.ErrTooLarge) {
		t.Fatalf("an 8000-pixel GIF within the default bound: want model.ErrTooLarge, got %v", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("refused after allocating %d bytes", alloc)
	}
	if err := Check(m, tour, FormatSVG, Options{Size: 480, MaxMemory: 1 << 20}); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("an SVG within 1 MiB: want model.ErrTooLarge, got %v", err)
	}
	if err := Draw(context.Background(), io.Discard, m, tour, FormatGIF, Options{Size: 480}); err != nil {
		t.Errorf("a 480-pixel GIF: %v", err)
	}
}

// TestMemoryEstimate: the heap drawing takes, sampled as it draws, stays
// under the estimate, for tours drawn as a line (small squares), with dots
// and with numbered discs, in each format.
func TestMemoryEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("draws long tours")
	}
	for _, tc := range []struct{ side, size int }{{200, 400}, {40, 800}, {20, 800}} {
		m := loadModel(t, "knights-tour", fmt.Sprintf("board=%d", tc.side), "tour.start=a1")
		tour := []model.Solution{{Squares: warnsdorff(tc.side, model.Square{})}}
		for _, f := range []Format{FormatSVG, FormatPNG, FormatGIF} {
			opts := Options{Size: tc.size}
			est, err := Memory(m, tour, f, opts)
			if err != nil {
				t.Fatal(err)
			}
			peak := peakHeap(func() {
				if err := Draw(context.Background(), io.Discard, m, tour, f, opts); err != nil {
					t.Error(err)
				}
			})
			t.Logf("%dx%d tour, %s at %d pixels: estimated %.1f MB, peak heap %.1f MB", tc.side, tc.side, f, tc.size, float64(est)/(1<<20), float64(peak)/(1<<20))
			if peak > uint64(est) {
				t.Errorf("%dx%d tour, %s: the heap grew by %d bytes, above the estimate of %d", tc.side, tc.side, f, peak, est)
			}
		}
	}
}

// peakHeap runs f and returns the most the heap grew while it ran, as
// sampled every few milliseconds.
func peakHeap(f func()) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			var s runtime.MemStats
			runtime.ReadMemStats(&s)
			if s.HeapAlloc > base && s.HeapAlloc-base > peak.Load() {
				peak.Store(s.HeapAlloc - base)
			}
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	f()
	close(done)
	<-sampled
	return peak.Load()
}

// TestDrawStops: drawing ends with ctx's error within a second of ctx
// ending, in each format (a 60x60 tour at 2000 pixels takes seconds).
func TestDrawStops(t *testing.T) {
	if testing.Short() {
		t.Skip("draws a long tour")
	}
	m := loadModel(t, "knights-tour", "board=60", "tour.start=a1")
	tour := []model.Solution{{Squares: warnsdorff(60, model.Square{})}}
	for _, f := range []Format{FormatSVG, FormatPNG, FormatGIF} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		began := time.Now()
		err := Draw(ctx, io.Discard, m, tour, f, Options{Size: 2000})
		took := time.Since(began)
		if f == FormatGIF && !errors.Is(err, context.Canceled) {
			t.Errorf("%s: want context.Canceled, got %v", f, err) // the others may finish first
		}
		if took > 100*time.Millisecond+time.Second {
			t.Errorf("%s: returned %v after it was cancelled at 100ms", f, took)
		}
		cancel()
	}
}
