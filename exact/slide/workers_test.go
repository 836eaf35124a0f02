package slide

import (
	"context"
	"runtime"
	"testing"
)

// TestHugeWorkers: a shortest path and an exploration with components
// asked for 2^31 workers run on model.MaxWorkers goroutines, with the
// answers of one worker and a few megabytes (issue 22 item 5).
func TestHugeWorkers(t *testing.T) {
	m := parseSmall(t, "rooks", "board: 5\nslide: {piece: rook, from: [a1, c3, e5], to: [a5, c3, e1]}")
	explore := func(workers int) (*Outcome, *Report) {
		out, err := Shortest(context.Background(), m, Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Explore(context.Background(), m, ExploreOptions{Options: Options{Workers: workers}, Components: true})
		if err != nil {
			t.Fatal(err)
		}
		return out, rep
	}
	oneOut, oneRep := explore(1)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	hugeOut, hugeRep := explore(1 << 31)
	runtime.ReadMemStats(&after)
	if len(hugeOut.Moves) != len(oneOut.Moves) || *hugeRep.Components != *oneRep.Components || hugeRep.ReachableStates != oneRep.ReachableStates {
		t.Errorf("2^31 workers: %d moves, %+v, %d reachable; one worker: %d, %+v, %d", len(hugeOut.Moves), *hugeRep.Components,
			hugeRep.ReachableStates, len(oneOut.Moves), *oneRep.Components, oneRep.ReachableStates)
	}
	if bytes := after.TotalAlloc - before.TotalAlloc; bytes > 64<<20 {
		t.Errorf("2^31 workers allocated %d MB", bytes>>20)
	}
}
