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
		st := &frontierStep{}
		var deg uint64
		for i := range slots {
			x := int8(i)
			st.keep = append(st.keep, x)
			st.next[x] = x
			d := uint64(rng.IntN(3))
			deg |= d * fieldBit(x)
			if d == 1 {
				ends = append(ends, x)
			}
		}
		if len(ends)%2 == 1 {
			deg += fieldBit(ends[len(ends)-1]) // inner
			ends = ends[:len(ends)-1]
		}
		rng.Shuffle(len(ends), func(i, j int) { ends[i], ends[j] = ends[j], ends[i] })
		for i := 0; i < len(ends); i += 2 {
			s.mate[ends[i]], s.mate[ends[i+1]] = ends[i+1], ends[i]
		}
		key := s.encode(deg, st)
		var back frontierState
		if got := back.decode(key, slots); got != deg {
			t.Fatalf("%d squares: degrees %#x decoded as %#x", slots, deg, got)
		}
		for _, x := range ends {
			if back.mate[x] != s.mate[x] {
				t.Fatalf("%d squares, end %d: partner %d decoded as %d", slots, x, s.mate[x], back.mate[x])
			}
		}
		if len(ends) >= 4 {
			a, b := ends[0], ends[2] // swap two partners: another pairing
			ma, mb := s.mate[a], s.mate[b]
			s.mate[a], s.mate[mb], s.mate[b], s.mate[ma] = mb, a, ma, b
			if s.encode(deg, st) == key {
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
		plan, err := frontierPlanFor(m, g, model.DefaultMaxMemory)
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

// TestFrontierPlanBound: the frontier's plan on a board of millions of
// squares (a wazir's 1 x 2,000,000 path, counted without overflow) is
// refused with model.ErrTooLarge under a bound it would pass, before it
// is laid out; and its estimate is above the peak of laying out a plan.
func TestFrontierPlanBound(t *testing.T) {
	m := tourModel(t, "1x2000000", "{piece: wazir}\npieces: {wazir: {leap: [1, 0]}}")
	g, err := model.NewMoveGraph(m.Board, m.Tour.Piece, MaxSearchSquares)
	if err != nil {
		t.Fatal(err)
	}
	var plan *frontierPlan
	used := allocated(func() { plan, err = frontierPlanFor(m, g, 64<<20) })
	if !errors.Is(err, model.ErrTooLarge) || used > 1<<20 {
		t.Fatalf("%v after %d bytes, want model.ErrTooLarge at once", err, used)
	}
	small := tourModel(t, "3x300", "{piece: knight}")
	g, err = model.NewMoveGraph(small.Board, small.Tour.Piece, MaxSearchSquares)
	if err != nil {
		t.Fatal(err)
	}
	used = peakLive(func() { plan, err = frontierPlanFor(small, g, model.DefaultMaxMemory) })
	if err != nil || plan == nil {
		t.Fatal(err)
	}
	if est := frontierPlanBytes(g); uint64(est) < used {
		t.Errorf("a plan of %d squares took %d bytes at its peak, estimated %d", g.Len(), used, est)
	}
}
