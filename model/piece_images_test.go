package model

import (
	"math/rand/v2"
	"testing"
)

// AllImages checks two generators of D4; a set is closed under them exactly
// when it is closed under all eight images. Random small sets of vectors,
// and every set's D4 closure, answer the same both ways, asked each time or
// remembered by seal.
func TestAllImagesByGenerators(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	closedSeen, openSeen := 0, 0
	for range 5000 {
		var vs []Vector
		for range 1 + rng.IntN(6) {
			v := Vector{File: rng.IntN(5) - 2, Rank: rng.IntN(5) - 2}
			if v != (Vector{}) {
				vs = appendNew(vs, v)
			}
		}
		if rng.IntN(2) == 0 { // half the sets closed under D4 on purpose
			for _, v := range vs {
				for _, tr := range allTransforms {
					vs = appendNew(vs, tr.linear(v))
				}
			}
		}
		p := &Piece{Leaps: vs}
		want := closedUnder(vs, allTransforms)
		if got := p.AllImages(); got != want {
			t.Fatalf("%v: AllImages %v, closed under all eight images %v", vs, got, want)
		}
		if got := seal(&Piece{Leaps: vs}).AllImages(); got != want { // remembered as made
			t.Fatalf("%v: a sealed piece's AllImages %v, closed under all eight images %v", vs, got, want)
		}
		if want {
			closedSeen++
		} else {
			openSeen++
		}
	}
	if closedSeen == 0 || openSeen == 0 {
		t.Fatalf("the draw gave %d closed and %d open sets: both kinds must be tested", closedSeen, openSeen)
	}
}

func appendNew(vs []Vector, v Vector) []Vector {
	for _, w := range vs {
		if w == v {
			return vs
		}
	}
	return append(vs, v)
}

// BenchmarkPlain is the check dispatch makes on every solve, for eight
// queens (dispatch, the compiler and the symmetries each ask it).
func BenchmarkPlain(b *testing.B) {
	m, err := Parse([]byte("board: {size: 8}\nplace: [8 queen]\nrules: [independent]\n"), "q.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if !m.Plain() {
			b.Fatal("eight queens: not plain")
		}
	}
}
