package slide

import (
	"slices"
	"testing"
)

// foldMove, which works from the parent's images, must agree with folding
// the child from scratch, on every move and move back of every state.
func TestFoldMove(t *testing.T) {
	models := append(smallModels[:len(smallModels):len(smallModels)],
		struct{ name, src string }{"queens 6x6", "board: 6\nslide: {piece: queen, from: [a1, a6, f1, f6], to: [c3, c4, d3, d4]}"},
		struct{ name, src string }{"one king 5x5", "board: 5\nslide: {piece: king, from: [c3], to: [c3]}"})
	for _, c := range models {
		sp, err := compile(parseSmall(t, c.name, c.src))
		if err != nil {
			t.Fatal(err)
		}
		mv, mf, f := newMover(sp), newMoveFolder(sp), newFolder(sp)
		state, child := make([]int32, sp.pieces), make([]int32, sp.pieces)
		checked := 0
		for r := uint64(0); r < sp.states(); r += 1 + sp.states()/5000 {
			sp.binom.unrank(r, state)
			mf.prepare(state)
			moves := append(slices.Clone(mv.successors(state)), mv.predecessors(state)...)
			for _, m := range moves {
				got, by := mf.foldMove(state, m)
				apply(child, state, m)
				want, byFold, stabilizer := f.orbit(child)
				if got != want {
					t.Fatalf("%s: %v after %v: foldMove %d, fold %d", c.name, sp.squaresOf(state), m, got, want)
				}
				for _, e := range []int{by, byFold} {
					if r := sp.binom.rank(imageOf(sp, e, child)); r != want {
						t.Fatalf("%s: %v after %v: element %d maps the child to rank %d, not %d", c.name, sp.squaresOf(state), m, e, r, want)
					}
				}
				for e := range sp.groupOrder() {
					if fixes := slices.Equal(imageOf(sp, e, child), child); fixes != (stabilizer&(1<<e) != 0) {
						t.Fatalf("%s: %v: element %d fixes it: %v, stabilizer %b", c.name, sp.squaresOf(child), e, fixes, stabilizer)
					}
				}
				checked++
			}
		}
		t.Logf("%s: %d moves, group of order %d", c.name, checked, sp.groupOrder())
	}
}

// imageOf is the sorted image of a state under element e of the group
// (numbered as in groupTable).
func imageOf(sp *space, e int, state []int32) []int32 {
	img := slices.Clone(state)
	if e > 0 {
		for i, s := range state {
			img[i] = sp.group[e-1][s]
		}
	}
	slices.Sort(img)
	return img
}
