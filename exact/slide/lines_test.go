package slide

import (
	"slices"
	"testing"
)

// The moves read from line words must be those of the walk, in the same
// order, on the small models and on a board whose long lines (70 squares)
// keep the walk for one direction pair and not the other.
func TestLinesAgainstWalk(t *testing.T) {
	models := append(smallModels[:len(smallModels):len(smallModels)],
		struct{ name, src string }{"queens 70x3", "board: 70x3\nslide: {piece: queen, from: [a1, b2, c3], to: [a3, b3, c1]}"})
	for _, c := range models {
		sp, err := compile(parseSmall(t, c.name, c.src))
		if err != nil {
			t.Fatal(err)
		}
		walk := *sp
		walk.rideLines = slices.Clone(sp.rideLines)
		for d := range walk.rideLines {
			walk.rideLines[d].layout = -1
		}
		byLines, byWalk := newMover(sp), newMover(&walk)
		state := make([]int32, sp.pieces)
		checked := 0
		for r := uint64(0); r < sp.states(); r += 1 + sp.states()/3000 {
			sp.binom.unrank(r, state)
			if got, want := byLines.successors(state), byWalk.successors(state); !slices.Equal(got, want) {
				t.Fatalf("%s: successors of %v: %v, want %v", c.name, sp.squaresOf(state), got, want)
			}
			if got, want := byLines.predecessors(state), byWalk.predecessors(state); !slices.Equal(got, want) {
				t.Fatalf("%s: predecessors of %v: %v, want %v", c.name, sp.squaresOf(state), got, want)
			}
			checked += len(byWalk.moves)
		}
		lined := 0
		for _, rl := range sp.rideLines {
			lined += oneIf(rl.layout >= 0)
		}
		t.Logf("%s: %d directions of %d by lines, %d moves back checked", c.name, lined, len(sp.rideNext), checked)
		if c.name == "queens 70x3" && lined != 6 {
			t.Errorf("%s: %d directions by lines, want 6 (all but the two along the 70-square ranks)", c.name, lined)
		}
	}
}
