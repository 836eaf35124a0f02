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
const (
	bare  = 0
	end   = 1
	inner = 2
)

// maxFrontierSlots is the widest class a 64-bit key holds whatever its
// pairing (frontierKeyBits(19) = 64); maxWork adds the square entering.
const (
	maxFrontierSlots = 19
	maxWork          = maxFrontierSlots + 1
)

// frontierState is a class unpacked, with the square entering: typ is
// bare, end or inner, and mate the index of an end's partner.
type frontierState struct {
	typ  [maxWork]uint8
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

// decode unpacks a class of slots squares into s and returns the sets of
// its bare and inner squares.
func (s *frontierState) decode(key uint64, slots int) (bareSet, innerSet uint32) {
	var ends [maxWork]int8
	k := 0
	for i := 0; i < slots; i++ {
		t := uint8(key>>(2*i)) & 3
		s.typ[i] = t
		switch t {
		case bare:
			bareSet |= 1 << i
		case inner:
			innerSet |= 1 << i
		default:
			ends[k] = int8(i)
			k++
		}
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
	unused := uint32(1)<<k - 1
	for r := k; r >= 2; r -= 2 {
		i := bits.TrailingZeros32(unused)
		unused &^= 1 << i
		rest := unused
		for d := digit[r/2]; d > 0; d-- {
			rest &= rest - 1
		}
		j := bits.TrailingZeros32(rest)
		unused &^= 1 << j
		a, b := ends[i], ends[j]
		s.mate[a], s.mate[b] = b, a
	}
	return bareSet, innerSet
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

// encode packs the squares keep of s, in that order, into a class.
func (s *frontierState) encode(keep []int8) uint64 {
	var key uint64
	var order [maxWork]int8 // work index -> position among the ends
	var ends [maxWork]int8  // position among the ends -> work index
	k := 0
	for i, w := range keep {
		t := s.typ[w]
		key |= uint64(t) << (2 * i)
		if t == end {
			order[w] = int8(k)
			ends[k] = w
			k++
		}
	}
	var rank uint64
	unused := uint32(1)<<k - 1
	for r := k; unused != 0; r -= 2 {
		i := bits.TrailingZeros32(unused)
		p := order[s.mate[ends[i]]]
		j := bits.OnesCount32(unused&(uint32(1)<<p-1)) - 1
		rank = rank*uint64(r-1) + uint64(j)
		unused &^= 1<<i | 1<<p
	}
	return key | rank<<(2*len(keep))
}

// link adds the move x-y, between squares with fewer than two moves, to
// the partial paths; closed when it joins the two ends of one path into a
// cycle.
func (s *frontierState) link(x, y int8) (closed bool) {
	tx, ty := s.typ[x], s.typ[y]
	switch {
	case tx == bare && ty == bare:
		s.typ[x], s.typ[y] = end, end
		s.mate[x], s.mate[y] = y, x
	case tx == bare:
		m := s.mate[y]
		s.typ[x], s.typ[y] = end, inner
		s.mate[x], s.mate[m] = m, x
	case ty == bare:
		m := s.mate[x]
		s.typ[y], s.typ[x] = end, inner
		s.mate[y], s.mate[m] = m, y
	case s.mate[x] == y:
		s.typ[x], s.typ[y] = inner, inner
		return true
	default:
		mx, my := s.mate[x], s.mate[y]
		s.typ[x], s.typ[y] = inner, inner
		s.mate[mx], s.mate[my] = my, mx
	}
	return false
}
