package tour

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestFrontierKeyBits: the widest class, 19 squares all ends but one, fits
// in 64 bits (38 bits of squares and the rank of one of 17!! pairings), and
// 20 squares do not.
func TestFrontierKeyBits(t *testing.T) {
	if b := frontierKeyBits(maxFrontierSlots); b > 64 {
		t.Errorf("%d squares take %d bits", maxFrontierSlots, b)
	}
	if b := frontierKeyBits(maxFrontierSlots + 1); b <= 64 {
		t.Errorf("%d squares take only %d bits: maxFrontierSlots could grow", maxFrontierSlots+1, b)
	}
}

// TestFrontierEncodeRoundTrip: random classes (squares bare, inner or
// ends, the ends paired at random) survive encode and decode, and two
// pairings that differ give different keys.
func TestFrontierEncodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		slots := 1 + rng.IntN(maxFrontierSlots)
		var s frontierState
		var ends []int8
		keep := make([]int8, slots)
		for i := range keep {
			keep[i] = int8(i)
			s.typ[i] = uint8(rng.IntN(3))
			if s.typ[i] == end {
				ends = append(ends, int8(i))
			}
		}
		if len(ends)%2 == 1 {
			s.typ[ends[len(ends)-1]] = inner
			ends = ends[:len(ends)-1]
		}
		rng.Shuffle(len(ends), func(i, j int) { ends[i], ends[j] = ends[j], ends[i] })
		for i := 0; i < len(ends); i += 2 {
			s.mate[ends[i]], s.mate[ends[i+1]] = ends[i+1], ends[i]
		}
		key := s.encode(keep)
		var back frontierState
		back.decode(key, slots)
		for i := 0; i < slots; i++ {
			if back.typ[i] != s.typ[i] || (s.typ[i] == end && back.mate[i] != s.mate[i]) {
				t.Fatalf("%d squares, square %d: %d/%d decoded as %d/%d", slots, i, s.typ[i], s.mate[i], back.typ[i], back.mate[i])
			}
		}
		if len(ends) >= 4 {
			a, b := ends[0], ends[2] // swap two partners: another pairing
			ma, mb := s.mate[a], s.mate[b]
			s.mate[a], s.mate[mb], s.mate[b], s.mate[ma] = mb, a, ma, b
			if s.encode(keep) == key {
				t.Fatalf("two pairings of %d ends share key %#x", len(ends), key)
			}
		}
	}
}

// TestFrontierWidthLimit: the knight's frontier fits up to 9 files closed
// and 8 open; beyond, the frontier method refuses with
// model.ErrUnsupported (and Auto falls back to the search within 64
// squares).
func TestFrontierWidthLimit(t *testing.T) {
	for _, c := range []struct {
		board, spec string
		fits        bool
	}{
		{"9x12", "{piece: knight, closed: true}", true},
		{"8x12", "{piece: knight}", true},
		{"10x10", "{piece: knight, closed: true}", false},
		{"9x9", "{piece: knight}", false},
	} {
		m := tourModel(t, c.board, c.spec)
		g, err := model.NewMoveGraph(m.Board, m.Tour.Piece, MaxSearchSquares)
		if err != nil {
			t.Fatal(err)
		}
		plan, err := frontierPlanFor(m, g)
		switch {
		case c.fits && err != nil:
			t.Errorf("%s %s: %v", c.board, c.spec, err)
		case !c.fits && !errors.Is(err, model.ErrUnsupported):
			t.Errorf("%s %s: error %v, want model.ErrUnsupported", c.board, c.spec, err)
		case err == nil:
			t.Logf("%s %s: %d squares at the widest", c.board, c.spec, plan.maxSlots)
		}
	}
}
