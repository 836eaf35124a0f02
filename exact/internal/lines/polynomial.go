package lines

import (
	"cmp"
	"errors"
	"math/big"
	"math/bits"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
)

// The rook polynomial of a component: coefficient k is the number of
// placements of k pieces on it, for every k at once.

// errStopped says that the stopper ended a frontier count.
var errStopped = errors.New("lines: stopped")

// errOverflow says that a count of the frontier passed 128 bits.
var errOverflow = errors.New("lines: a count of the frontier passed 128 bits")

// A method is how a component's polynomial is counted.
type method int

const (
	methodNested   method = iota // one side's segments nested: the Ferrers product
	methodFrontier               // a frontier of segments swept line by line
)

// A plan is the method chosen for a component, and what it needs.
type plan struct {
	method method
	lines  [][]int // per segment of the side swept, the segments it crosses
	other  int     // segments on the other side
	sideB  bool    // the side swept is the second family's segments
	order  []int   // nested: the side's segments, smallest first
	width  int     // frontier: the most segments open at once
}

// planOf chooses the method of a component: nested when the sets of
// segments crossed by the segments of one side form a chain under
// inclusion (every segment of an empty board of bishops or rooks is so),
// otherwise the frontier over the side that keeps it narrower.
func planOf(c *component) plan {
	a, b := c.sides()
	if order, ok := nested(a, c.nb); ok {
		return plan{method: methodNested, lines: a, other: c.nb, order: order}
	}
	if order, ok := nested(b, c.na); ok {
		return plan{method: methodNested, lines: b, other: c.na, sideB: true, order: order}
	}
	p := plan{method: methodFrontier, lines: a, other: c.nb, width: frontierWidth(a, c.nb)}
	if w := frontierWidth(b, c.na); w < p.width {
		p = plan{method: methodFrontier, lines: b, other: c.na, sideB: true, width: w}
	}
	return p
}

// degree bounds the pieces the component can hold: a piece a segment.
func (p plan) degree() int { return min(len(p.lines), p.other) }

// frontierBytes is what the frontier count holds at its widest.
func (p plan) frontierBytes() float64 { return layerBytes(p.width, p.degree()) }

// layerBytes bounds what a frontier of width slots holds at its widest:
// two layers of at most 2^width states, each state with its polynomial of
// 128-bit counts (twice, for the slice's growth by doubling), its key and
// its map entry (measured: 592 MB for 2^18 states of 35 counts, 18x18
// bishops under a mirror, where 48 bytes a map entry had planned 334 MB).
func layerBytes(width, degree int) float64 {
	return 2 * float64(uint64(1)<<min(width, 62)) * float64(2*16*(degree+1)+96)
}

// nested returns the segments of one side smallest set first when their
// sets of crossed segments (of other on the far side) form a chain.
func nested(sets [][]int, other int) ([]int, bool) {
	order := make([]int, len(sets))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(len(sets[x]), len(sets[y])) })
	stamp := make([]int, other)
	for i := 1; i < len(order); i++ {
		for _, y := range sets[order[i]] {
			stamp[y] = i
		}
		for _, y := range sets[order[i-1]] {
			if stamp[y] != i {
				return nil, false
			}
		}
	}
	return order, true
}

// nestedPolynomial is the rook polynomial of nested segments (a Ferrers
// board), taken smallest first: a segment whose set holds s segments,
// after j-1 pieces on earlier ones (whose crossed segments all lie in its
// set), takes a j-th piece in s-(j-1) ways.
//
// It returns nil when st stops it (a board of thousands of files takes
// seconds: the coefficients have thousands of digits).
func nestedPolynomial(sizes []int, st *tasks.Stopper) []*big.Int {
	p := []*big.Int{big.NewInt(1)}
	var term, ways big.Int
	for _, s := range sizes {
		if st.Stopped() {
			return nil
		}
		p = append(p, new(big.Int))
		for j := len(p) - 1; j >= 1; j-- {
			if free := s - (j - 1); free > 0 {
				term.Mul(p[j-1], ways.SetInt64(int64(free)))
				p[j].Add(p[j], &term)
			}
		}
	}
	return trim(p)
}

// trim drops the zero coefficients past the last that is not.
func trim(p []*big.Int) []*big.Int {
	for len(p) > 1 && p[len(p)-1].Sign() == 0 {
		p = p[:len(p)-1]
	}
	return p
}

// spans gives, for each segment of the far side, the first and the last
// segment of the swept side that crosses it (-1 when none does).
func spans(lines [][]int, other int) (first, last []int) {
	first, last = make([]int, other), make([]int, other)
	for y := range first {
		first[y], last[y] = -1, -1
	}
	for i, set := range lines {
		for _, y := range set {
			if first[y] < 0 {
				first[y] = i
			}
			last[y] = i
		}
	}
	return first, last
}

// frontierWidth is the most segments of the far side open at once when
// the side's segments are swept in order: a far segment is open from the
// first swept segment that crosses it to the last.
func frontierWidth(lines [][]int, other int) int {
	first, last := spans(lines, other)
	width, open := 0, 0
	for i := range lines {
		for y := range first {
			if first[y] == i {
				open++
			}
		}
		width = max(width, open)
		for y := range last {
			if last[y] == i {
				open--
			}
		}
	}
	return width
}

// u128 is an unsigned 128-bit count.
type u128 struct{ hi, lo uint64 }

// add adds b, reporting false on an overflow.
func (a *u128) add(b u128) bool {
	var carry uint64
	a.lo, carry = bits.Add64(a.lo, b.lo, 0)
	a.hi, carry = bits.Add64(a.hi, b.hi, carry)
	return carry == 0
}

func (a u128) big() *big.Int {
	v := new(big.Int).SetUint64(a.hi)
	v.Lsh(v, 64)
	return v.Or(v, new(big.Int).SetUint64(a.lo))
}

// A layer is the states of the frontier before one swept segment: each
// the set of open far segments that hold a piece (a bit a slot), with the
// counts of the placements so far that leave it, by pieces.
type layer struct {
	index  map[uint64]int
	keys   []uint64
	counts []u128 // len(keys) * width, the polynomial of each key
	width  int
	ok     bool // no count overflowed
}

func newLayer(width int) *layer {
	return &layer{index: map[uint64]int{}, width: width, ok: true}
}

// add adds p, shifted up by shift pieces, to the polynomial of key.
func (l *layer) add(key uint64, p []u128, shift int) {
	i, seen := l.index[key]
	if !seen {
		i = len(l.keys)
		l.index[key] = i
		l.keys = append(l.keys, key)
		l.counts = append(l.counts, make([]u128, l.width)...)
	}
	q := l.counts[i*l.width : (i+1)*l.width]
	for j := 0; j+shift < l.width; j++ {
		if p[j] != (u128{}) && !q[j+shift].add(p[j]) {
			l.ok = false
		}
	}
}

// frontierPolynomial is the rook polynomial of any component, by sweeping
// the segments of one side in order and keeping, per set of open far
// segments that hold a piece, the count of placements by pieces. A far
// segment takes a slot when the first swept segment crossing it comes and
// gives it back after the last, so the states are at most 2^width.
func frontierPolynomial(p plan, st *tasks.Stopper) ([]*big.Int, error) {
	first, last := spans(p.lines, p.other)
	width := p.degree() + 1
	slot := make([]int, p.other)
	var free []int
	for s := p.width - 1; s >= 0; s-- {
		free = append(free, s)
	}
	cur := newLayer(width)
	one := make([]u128, width)
	one[0] = u128{lo: 1}
	cur.add(0, one, 0)
	for i, set := range p.lines {
		if st.Stopped() {
			return nil, errStopped
		}
		var closing uint64
		for _, y := range set {
			if first[y] == i {
				slot[y], free = free[len(free)-1], free[:len(free)-1]
			}
			if last[y] == i {
				closing |= 1 << uint(slot[y])
			}
		}
		next := newLayer(width)
		for k, key := range cur.keys {
			poly := cur.counts[k*width : (k+1)*width]
			next.add(key&^closing, poly, 0)
			for _, y := range set {
				if bit := uint64(1) << uint(slot[y]); key&bit == 0 {
					next.add((key|bit)&^closing, poly, 1)
				}
			}
		}
		if !next.ok {
			return nil, errOverflow
		}
		for _, y := range set {
			if last[y] == i {
				free = append(free, slot[y])
			}
		}
		cur = next
	}
	out := make([]*big.Int, width)
	for j := range out {
		out[j] = cur.counts[j].big() // every far segment closed: the one state 0
	}
	return trim(out), nil
}

// multiply is the product of two polynomials, or nil when st stops it.
func multiply(a, b []*big.Int, st *tasks.Stopper) []*big.Int {
	out := make([]*big.Int, len(a)+len(b)-1)
	for i := range out {
		out[i] = new(big.Int)
	}
	var term big.Int
	for i, x := range a {
		if st.Stopped() {
			return nil
		}
		for j, y := range b {
			out[i+j].Add(out[i+j], term.Mul(x, y))
		}
	}
	return out
}
