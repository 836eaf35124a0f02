package bitset

import (
	"math/rand/v2"
	"testing"
)

// transpose64 against the bit-by-bit transposition, on random matrices.
func TestTranspose64(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 100; trial++ {
		var a, want [64]uint64
		for r := range a {
			a[r] = rng.Uint64() & rng.Uint64() // sparse and dense rows alike
			if trial%2 == 0 {
				a[r] = rng.Uint64()
			}
		}
		for r := 0; r < 64; r++ {
			for c := 0; c < 64; c++ {
				if a[r]>>uint(c)&1 != 0 {
					want[c] |= 1 << uint(r)
				}
			}
		}
		Transpose64(&a)
		if a != want {
			t.Fatalf("trial %d: transpose differs from the bitwise one", trial)
		}
	}
}
