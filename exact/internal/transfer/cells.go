package transfer

import (
	"fmt"
	"math/big"
	"math/bits"

	"github.com/chessmodel/chessmodel/model"
)

// maxCells bounds the counts one state carries: the product over kinds of
// the counts of each that are told apart.
const maxCells = 1 << 16

// A cell is the number of partial placements (128 bits) that reach one
// state with one tuple of counts; when the objective is the most pieces,
// only those with the most pieces beyond what the tuple records (best).
type cell struct {
	lo, hi uint64
	best   int32
}

// cellBytes is the size of a cell in memory.
const cellBytes = 24

// add folds n placements with best further pieces into c, keeping the
// larger best; it reports a count past 2^128.
func (c *cell) add(lo, hi uint64, best int32) (overflow bool) {
	if c.lo|c.hi == 0 || best > c.best {
		c.lo, c.hi, c.best = lo, hi, best
		return false
	}
	if best < c.best {
		return false
	}
	var carry uint64
	c.lo, carry = bits.Add64(c.lo, lo, 0)
	c.hi, carry = bits.Add64(c.hi, hi, carry)
	return carry != 0
}

// A counter says how the pieces placed so far are told apart: per kind, a
// count from 0 to its upper bound (beyond it the placement is dropped) or,
// when the place list sets no upper bound, to its lower bound (beyond it
// further pieces only add to best when they are maximised). The tuple of
// those counts, in mixed radix, numbers the cells of a state.
type counter struct {
	lo, hi, radix, stride []int
	size                  int // cells per state
	maximize              bool
	shifts                map[[2]int][]shift // per (kind, weight)
}

// A shift is where one cell goes when a piece is placed: to cell to (-1:
// over the upper bound, dropped) with gain more pieces in best.
type shift struct{ to, gain int32 }

var errTooManyCells = fmt.Errorf("transfer: the place list tells apart more than %d counts of pieces: %w", maxCells, model.ErrUnsupported)

func newCounter(s *spec) (*counter, error) {
	c := &counter{size: 1, maximize: s.maximize, shifts: map[[2]int][]shift{}}
	for _, k := range s.kinds {
		top := k.hi
		if k.hi == model.Unbounded {
			top = k.lo
		}
		if top >= maxCells {
			return nil, errTooManyCells
		}
		c.lo, c.hi = append(c.lo, k.lo), append(c.hi, k.hi)
		c.radix, c.stride = append(c.radix, top+1), append(c.stride, c.size)
		c.size *= top + 1
		if c.size > maxCells {
			return nil, errTooManyCells
		}
	}
	return c, nil
}

// shift returns where each cell goes when weight pieces of kind a are
// placed, built once per kind and weight. The shifts are built before the
// workers start (prepare), so that they only read the map.
func (c *counter) shift(a, weight int) []shift {
	return c.shifts[[2]int{a, weight}]
}

// prepare builds the shifts every step of the plan needs.
func (c *counter) prepare(p *plan) {
	for _, st := range p.steps {
		for a := range p.g.kinds {
			if st.allowed&(1<<a) == 0 {
				continue
			}
			key := [2]int{a, st.weight}
			if _, ok := c.shifts[key]; !ok {
				c.shifts[key] = c.buildShift(a, st.weight)
			}
		}
	}
}

func (c *counter) buildShift(a, weight int) []shift {
	out := make([]shift, c.size)
	for i := range out {
		idx := i / c.stride[a] % c.radix[a]
		n := idx + weight
		switch {
		case c.hi[a] != model.Unbounded && n > c.hi[a]:
			out[i] = shift{to: -1}
		case c.hi[a] != model.Unbounded:
			out[i] = shift{to: int32(i + weight*c.stride[a])}
		default:
			kept := min(n, c.lo[a])
			gain := 0
			if c.maximize {
				gain = n - kept
			}
			out[i] = shift{to: int32(i + (kept-idx)*c.stride[a]), gain: int32(gain)}
		}
	}
	return out
}

// A total is the answer the final cells give: the number of placements
// the place list accepts, and with the most pieces as objective the most
// pieces and the placements that have them.
type total struct {
	count *big.Int
	value int64 // the most pieces (when maximising)
	found bool
	cell  int // the first cell counted, and its best: where an example ends
	best  int32
}

// sum reads the final cells: a tuple is accepted when every kind has at
// least its lower bound (its upper bound was kept throughout).
func (c *counter) sum(cells []cell) total {
	t := total{count: new(big.Int)}
	for i, x := range cells {
		if x.lo|x.hi == 0 {
			continue
		}
		pieces := int64(x.best)
		ok := true
		for a := range c.lo {
			idx := i / c.stride[a] % c.radix[a]
			ok = ok && idx >= c.lo[a]
			pieces += int64(idx)
		}
		if !ok {
			continue
		}
		n := new(big.Int).Lsh(new(big.Int).SetUint64(x.hi), 64)
		n.Or(n, new(big.Int).SetUint64(x.lo))
		switch {
		case !c.maximize || !t.found || pieces == t.value:
			t.count.Add(t.count, n)
		case pieces > t.value:
			t.count.Set(n)
		default:
			continue
		}
		if !t.found || pieces > t.value {
			t.value, t.cell, t.best = pieces, i, x.best
		}
		t.found = true
	}
	return t
}
