package slide

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestUnrankColex checks unrank against the subsets listed in colex order,
// for every rank of small spaces, including pieces in the majority (where
// the middle columns of the binomials saturate on larger boards).
func TestUnrankColex(t *testing.T) {
	for _, c := range []struct{ squares, pieces int }{{1, 1}, {5, 2}, {9, 4}, {12, 1}, {12, 11}, {16, 8}, {20, 3}} {
		b, err := newBinomials(c.squares, c.pieces)
		if err != nil {
			t.Fatal(err)
		}
		var subsets [][]int32
		var build func(from int, acc []int32)
		build = func(from int, acc []int32) {
			if len(acc) == c.pieces {
				subsets = append(subsets, slices.Clone(acc))
				return
			}
			for s := from; s < c.squares; s++ {
				build(s+1, append(acc, int32(s)))
			}
		}
		build(0, nil)
		slices.SortFunc(subsets, colex)
		if uint64(len(subsets)) != b.total {
			t.Fatalf("%d of %d: %d subsets, total %d", c.pieces, c.squares, len(subsets), b.total)
		}
		state := make([]int32, c.pieces)
		for r, want := range subsets {
			b.unrank(uint64(r), state)
			if !slices.Equal(state, want) || b.rank(state) != uint64(r) {
				t.Fatalf("%d of %d: unrank(%d) = %v, want %v", c.pieces, c.squares, r, state, want)
			}
		}
	}
}

// TestUnrankLarge round-trips ranks of large spaces: the ends, both sides
// of every C(a, j) of the top column, and random ranks.
func TestUnrankLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ squares, pieces int }{{576, 4}, {1600, 4}, {64, 32}, {400, 7}} {
		b, err := newBinomials(c.squares, c.pieces)
		if err != nil {
			t.Fatal(err)
		}
		ranks := []uint64{0, 1, b.total - 1}
		for a := c.pieces; a < c.squares; a++ {
			ranks = append(ranks, b.c(c.pieces, a)-1, b.c(c.pieces, a))
		}
		for range 20000 {
			ranks = append(ranks, rng.Uint64N(b.total))
		}
		state := make([]int32, c.pieces)
		for _, r := range ranks {
			b.unrank(r, state)
			for i := range state {
				if state[i] < 0 || int(state[i]) >= c.squares || (i > 0 && state[i-1] >= state[i]) {
					t.Fatalf("%d of %d: unrank(%d) = %v, not a sorted state", c.pieces, c.squares, r, state)
				}
			}
			if got := b.rank(state); got != r {
				t.Fatalf("%d of %d: rank(unrank(%d)) = %d", c.pieces, c.squares, r, got)
			}
		}
	}
}
