package slide

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/chessmodel/chessmodel/model"
)

// binomials holds C(n, j) for n <= squares and j <= pieces, saturated at
// math.MaxUint64. A state a0 < a1 < ... < a(k-1) has rank
// C(a0,1) + C(a1,2) + ... + C(a(k-1),k) (the combinatorial number system):
// the ranks are exactly 0..C(squares, k)-1, and every term of a rank is at
// most the rank, so saturated entries are never used once C(squares, k)
// itself fits.
type binomials struct {
	pieces int
	stride int      // squares+1
	table  []uint64 // table[j*stride+n] = C(n, j), one slice: one load a term
	total  uint64   // C(squares, pieces)
	guides []guide  // guides[j-1] starts unrank's search in column j
}

// A guide narrows unrank's search for the largest a with C(a, j) <= r: the
// rest of a rank in column j is below min(C(squares, j), total), and the
// guide cuts that range into at most 2^guideBits buckets by the high bits
// of r, holding for each bucket's least r the answer (from[b]); an r of
// bucket b has its answer in from[b]..from[b+1].
type guide struct {
	shift uint
	from  []int32
}

// guideBits sets the buckets of a guide: 4 KiB a piece, so that a search
// takes a few halvings instead of log2(squares), and the guides of a few
// pieces stay in the first-level cache.
const guideBits = 10

// maxStates bounds C(squares, pieces): ranks and counts of states are
// uint64, with room for rank+1 in the hash table.
const maxStates = math.MaxUint64 - 1

func newBinomials(squares, pieces int) (*binomials, error) {
	if pieces > squares {
		return nil, fmt.Errorf("more pieces than squares: %w", model.ErrUnsupported)
	}
	b := &binomials{pieces: pieces, stride: squares + 1, table: make([]uint64, (pieces+1)*(squares+1))}
	for n := 0; n <= squares; n++ {
		b.table[n] = 1
		for j := 1; j <= pieces && j <= n; j++ {
			b.table[j*b.stride+n] = saturatingAdd(b.c(j-1, n-1), b.c(j, n-1))
		}
	}
	b.total = b.c(pieces, squares)
	if b.total >= maxStates {
		return nil, fmt.Errorf("C(%d, %d) states cannot be ranked in 64 bits: %w", squares, pieces, model.ErrUnsupported)
	}
	for j := 1; j <= pieces; j++ {
		b.guides = append(b.guides, b.newGuide(j, squares))
	}
	return b, nil
}

// newGuide lays out the guide of column j.
func (b *binomials) newGuide(j, squares int) guide {
	bound := min(b.c(j, squares), b.total) // every rest in column j is below
	g := guide{shift: uint(max(0, bits.Len64(bound)-guideBits))}
	buckets := int((bound-1)>>g.shift) + 1
	a := j - 1 // C(j-1, j) = 0
	for bucket := range buckets {
		for a+1 < squares && b.c(j, a+1) <= uint64(bucket)<<g.shift {
			a++
		}
		g.from = append(g.from, int32(a))
	}
	g.from = append(g.from, int32(squares-1))
	return g
}

func saturatingAdd(a, b uint64) uint64 {
	if s := a + b; s >= a {
		return s
	}
	return math.MaxUint64
}

// c is C(n, j).
func (b *binomials) c(j, n int) uint64 { return b.table[j*b.stride+n] }

// rank of a sorted state.
func (b *binomials) rank(state []int32) uint64 {
	r := uint64(0)
	for i, s := range state {
		r += b.c(i+1, int(s))
	}
	return r
}

// unrank writes the state of rank r into state (len pieces), sorted.
func (b *binomials) unrank(r uint64, state []int32) {
	hi := b.stride - 1 // the squares above the piece being found
	for i := len(state) - 1; i >= 0; i-- {
		col := b.table[(i+1)*b.stride:][:hi]
		g := &b.guides[i]
		bucket := int(r >> g.shift)
		// the largest a in [lo, up] with C(a, i+1) <= r, where
		// C(lo, i+1) <= r: each halving keeps a candidate and drops the
		// rest, by a conditional move, not a branch, whose way would be a
		// coin toss
		lo, up := int(g.from[bucket]), min(int(g.from[bucket+1]), hi-1)
		for n := up - lo + 1; n > 1; {
			half := n / 2
			if col[lo+half] <= r {
				lo += half
			}
			n -= half
		}
		state[i] = int32(lo)
		r -= col[lo]
		hi = lo
	}
}

// rankAfter is the rank of a sorted state whose piece at index p moves to
// the free square t, without building the state: every other piece keeps
// its square and shifts one index down when it passed p's old index and one
// up when it lies above t.
func (b *binomials) rankAfter(state []int32, p int, t int32) uint64 {
	r, below := uint64(0), 0
	for j, s := range state {
		if j == p {
			continue
		}
		index := j - oneIf(j > p) + oneIf(s > t)
		below += oneIf(s < t)
		r += b.c(index+1, int(s))
	}
	return r + b.c(below+1, int(t))
}

// oneIf is 1 for true, 0 for false (compiled without a branch).
func oneIf(b bool) int {
	if b {
		return 1
	}
	return 0
}
