package tour

import "math/bits"

// A frontier class, packed into one machine word. Each square of the
// frontier (and the extra vertex of an open tour, first) is bare (no move
// of the tour chosen yet), an end (one move: the end of a partial path) or
// inner (two moves); that takes 2 bits a square. The ends are paired, each
// with the other end of its path; a pairing of k ends is one of
// (k-1)!! = (k-1)(k-3)...1, and its rank in that mixed radix takes the
// bits above the squares'. The pairing needs no labels, so equal classes
// are equal words without renumbering.
// maxFrontierSlots is the widest class a 64-bit key holds whatever its
// pairing (frontierKeyBits(19) = 64); maxWork adds the square entering.
const (
	maxFrontierSlots = 19
	maxWork          = maxFrontierSlots + 1
)

// A class's squares, with the square entering, are kept in one word of
// 2-bit fields holding each square's degree (0 bare, 1 end, 2 inner), so
// that taking a move adds 1 to two fields, the tests of degrees are a few
// word operations, and the next class's fields are this word with the
// leaving fields cut out. Measured: unpacking the fields into an array and
// packing them back took a third of a count's time.

// fieldLows has the low bit of every 2-bit field.
const fieldLows = 0x5555555555555555

// fieldBit is the unit of work index x's field.
func fieldBit(x int8) uint64 { return 1 << (2 * uint(x)) }

// frontierState holds the pairing of a class's ends: mate is the work
// index of an end's partner.
type frontierState struct {
	mate [maxWork]int8
}

// frontierKeyBits is the number of bits the classes of a frontier of
// slots squares need at most: 2 a square, and the rank of a pairing of as
// many ends as squares (rounded down to even).
func frontierKeyBits(slots int) int {
	pairings := uint64(1)
	for r := slots &^ 1; r >= 2; r -= 2 {
		hi, lo := bits.Mul64(pairings, uint64(r-1))
		if hi != 0 {
			return 128
		}
		pairings = lo
	}
	return 2*slots + bits.Len64(pairings-1)
}

// decode unpacks the pairing of a class of slots squares into s and
// returns its degree word.
func (s *frontierState) decode(key uint64, slots int) uint64 {
	deg := key & (1<<(2*slots) - 1)
	ends := deg &^ (deg >> 1) & fieldLows
	k := bits.OnesCount64(ends)
	if k == 0 {
		return deg
	}
	// The digits of the rank, least significant first: radix 1, 3, ...,
	// k-1 (the radix is the number of ends an end may still pair with).
	// The rank is below 2^32 (17!! < 2^26), so a division is a multiply
	// by the radix's reciprocal.
	rank := key >> (2 * slots)
	var digit [maxWork/2 + 1]uint64
	for r := 4; r <= k; r += 2 {
		q, _ := bits.Mul64(rank, reciprocal[r-1])
		digit[r/2] = rank - q*uint64(r-1)
		rank = q
	}
	unused := ends
	for r := k; r >= 2; r -= 2 {
		a := unused & -unused
		unused &^= a
		rest := unused
		for d := digit[r/2]; d > 0; d-- {
			rest &= rest - 1
		}
		b := rest & -rest
		unused &^= b
		x, y := int8(bits.TrailingZeros64(a)/2), int8(bits.TrailingZeros64(b)/2)
		s.mate[x], s.mate[y] = y, x
	}
	return deg
}

// reciprocal[d] is 2^64/d rounded up: for x < 2^32 and d < 2^31, the high
// word of x*reciprocal[d] is x/d.
var reciprocal = func() [maxWork]uint64 {
	var r [maxWork]uint64
	for d := 2; d < maxWork; d++ {
		r[d] = ^uint64(0)/uint64(d) + 1
	}
	return r
}()

// encode packs the degree word deg, its leaving fields cut out, and the
// pairing of its ends into the next class of the step.
func (s *frontierState) encode(deg uint64, st *frontierStep) uint64 {
	for l := st.leaving; l != 0; {
		x := 31 - bits.LeadingZeros32(l) // highest first: the lower fields stay put
		l &^= 1 << x
		low := uint64(1)<<(2*x) - 1
		deg = deg&low | deg>>2&^low
	}
	ends := deg &^ (deg >> 1) & fieldLows
	var rank uint64
	r := bits.OnesCount64(ends)
	for unused := ends; unused != 0; r -= 2 {
		a := unused & -unused
		i := bits.TrailingZeros64(a) / 2
		p := st.next[s.mate[st.keep[i]]]
		below := unused & (fieldBit(p) - 1)
		rank = rank*uint64(r-1) + uint64(bits.OnesCount64(below)-1)
		unused &^= a | fieldBit(p)
	}
	return deg | rank<<(2*len(st.keep))
}

// link adds the move x-y between squares of degrees dx and dy (below two)
// to the pairing; closed when it joins the two ends of one path into a
// cycle.
func (s *frontierState) link(x, y int8, dx, dy uint64) (closed bool) {
	switch {
	case dx == 0 && dy == 0:
		s.mate[x], s.mate[y] = y, x
	case dx == 0:
		m := s.mate[y]
		s.mate[x], s.mate[m] = m, x
	case dy == 0:
		m := s.mate[x]
		s.mate[y], s.mate[m] = m, y
	case s.mate[x] == y:
		return true
	default:
		mx, my := s.mate[x], s.mate[y]
		s.mate[mx], s.mate[my] = my, mx
	}
	return false
}
