package slide

import (
	"context"
	"testing"
)

// The seed's numbers for four pieces from the corners to the centre of 8x8.
func TestExploreSeed(t *testing.T) {
	cases := []struct {
		piece                            string
		goal, farthest                   int
		states, orbits                   uint64
		reachableStates, reachableOrbits uint64
		largest, next                    uint64
		unreachableSingletons            bool
	}{
		{"rook", 25, 32, 635376, 79920, 218412, 27467, 218412, 278, false},
		{"queen", 12, 18, 635376, 79920, 618542, 77766, 618542, 1, true},
	}
	for _, c := range cases {
		t.Run(c.piece, func(t *testing.T) {
			rep, err := Explore(context.Background(), seedModel(t, c.piece, 8), ExploreOptions{Components: true})
			if err != nil {
				t.Fatal(err)
			}
			comp := rep.Components
			got := []uint64{uint64(rep.GoalDistance), uint64(rep.Farthest), rep.States, rep.Orbits, rep.ReachableStates, rep.ReachableOrbits, comp.Largest, comp.NextLargest, comp.StartComponent}
			want := []uint64{uint64(c.goal), uint64(c.farthest), c.states, c.orbits, c.reachableStates, c.reachableOrbits, c.largest, c.next, c.reachableStates}
			names := []string{"goal", "farthest", "states", "orbits", "reachable states", "reachable orbits", "largest component", "next largest", "start's component"}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%s = %d, want %d", names[i], got[i], want[i])
				}
			}
			if comp.UnreachableSingletons != c.unreachableSingletons {
				t.Errorf("unreachable components all singletons = %v, want %v", comp.UnreachableSingletons, c.unreachableSingletons)
			}
			// the seed: 2,154 orbits of queens lie outside, each a singleton
			if c.piece == "queen" && rep.Orbits-rep.ReachableOrbits != 2154 {
				t.Errorf("unreachable orbits %d, want 2154", rep.Orbits-rep.ReachableOrbits)
			}
			if c.piece == "rook" && (rep.FarthestStates != 8 || rep.FarthestOrbits != 1) {
				t.Errorf("farthest: %d states in %d orbits, want 8 in 1", rep.FarthestStates, rep.FarthestOrbits)
			}
			var sum uint64
			for _, l := range rep.Distances {
				sum += l.States
			}
			if sum != rep.ReachableStates {
				t.Errorf("distances add up to %d states, reachable %d", sum, rep.ReachableStates)
			}
		})
	}
}

// The seed: with queens, the states not reachable from the corners are all
// singleton components on 6x6 and 10x10, but not on 12x12 (17,417,133
// states, some seconds; skipped with -short).
func TestQueensUnreachableSingletons(t *testing.T) {
	sizes := []struct {
		n          int
		singletons bool
	}{{4, true}, {6, true}, {10, true}, {12, false}}
	for _, c := range sizes {
		if c.n > 10 && testing.Short() {
			t.Logf("%dx%d skipped with -short", c.n, c.n)
			continue
		}
		rep, err := Explore(context.Background(), seedModel(t, "queen", c.n), ExploreOptions{Components: true})
		if err != nil {
			t.Fatal(err)
		}
		comp := rep.Components
		if comp.UnreachableSingletons != c.singletons || comp.StartComponent != rep.ReachableStates {
			t.Errorf("%dx%d: unreachable all singletons %v (largest %d), want %v; start's component %d of %d reachable",
				c.n, c.n, comp.UnreachableSingletons, comp.LargestUnreachable, c.singletons, comp.StartComponent, rep.ReachableStates)
		}
		t.Logf("%dx%d queens: %d of %d orbits reachable, largest unreachable component %d", c.n, c.n, rep.ReachableOrbits, rep.Orbits, comp.LargestUnreachable)
	}
}
