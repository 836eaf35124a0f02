package ilp

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestSlideCostEstimate: the estimate from horizons 1 and 2 is the cost the
// built program counts, within the growth of its names (under 2%), for
// every formulation.
func TestSlideCostEstimate(t *testing.T) {
	m := rook3x3(t)
	for _, form := range []slideForm{defaultSlideForm, lpSolveSlideForm, {firstMove: true, idleLast: true, order: true, distance: true}} {
		for _, h := range []int{3, 40, 400} {
			p, err := compileSlide(m, h, form)
			if err != nil {
				t.Fatal(err)
			}
			est, err := slideCost(m, h, form)
			if err != nil {
				t.Fatal(err)
			}
			if diff := float64(est-p.cost) / float64(p.cost); diff < -0.02 || diff > 0.02 {
				t.Errorf("%+v, horizon %d: estimated %d bytes, the program counts %d", form, h, est, p.cost)
			}
		}
	}
}

// TestSlideHorizonRefused: a horizon whose program is above the bound is
// refused before it is built (issue 22, item 4: --horizon 1000000000 ran
// out of memory), with next to nothing allocated; one within it is built.
func TestSlideHorizonRefused(t *testing.T) {
	m := rook3x3(t)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := CompileSlideWithin(context.Background(), m, 1_000_000_000, 0)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, model.ErrTooLarge) {
		t.Fatalf("horizon 10^9: want an error wrapping model.ErrTooLarge, got %v", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("horizon 10^9 allocated %d bytes before it was refused", alloc)
	}
	if _, err := CompileSlideWithin(context.Background(), m, 200, 1<<20); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("horizon 200 within 1 MiB: want an error wrapping model.ErrTooLarge, got %v", err)
	}
	p, err := CompileSlideWithin(context.Background(), m, 200, 0)
	if err != nil || p.cost > model.DefaultMaxMemory {
		t.Fatalf("horizon 200 within the default bound: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CompileSlideWithin(ctx, m, 200, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled build: want context.Canceled, got %v", err)
	}
}

func rook3x3(t *testing.T) *model.Model {
	t.Helper()
	m, err := model.Load("../testdata/models/sliding-rook-3x3.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}
