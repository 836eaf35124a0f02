package slide

import (
	"fmt"
	"math"

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
	table  [][]uint64 // table[j][n] = C(n, j)
	total  uint64     // C(squares, pieces)
}

// maxStates bounds C(squares, pieces): ranks and counts of states are
// uint64, with room for rank+1 in the hash table.
const maxStates = math.MaxUint64 - 1

func newBinomials(squares, pieces int) (*binomials, error) {
	if pieces > squares {
		return nil, fmt.Errorf("more pieces than squares: %w", model.ErrUnsupported)
	}
	b := &binomials{pieces: pieces, table: make([][]uint64, pieces+1)}
	for j := range b.table {
		b.table[j] = make([]uint64, squares+1)
	}
	for n := 0; n <= squares; n++ {
		b.table[0][n] = 1
		for j := 1; j <= pieces && j <= n; j++ {
			b.table[j][n] = saturatingAdd(b.table[j-1][n-1], b.table[j][n-1])
		}
	}
	b.total = b.table[pieces][squares]
	if b.total >= maxStates {
		return nil, fmt.Errorf("C(%d, %d) states cannot be ranked in 64 bits: %w", squares, pieces, model.ErrUnsupported)
	}
	return b, nil
}

func saturatingAdd(a, b uint64) uint64 {
	if s := a + b; s >= a {
		return s
	}
	return math.MaxUint64
}

// rank of a sorted state.
func (b *binomials) rank(state []int32) uint64 {
	r := uint64(0)
	for i, s := range state {
		r += b.table[i+1][s]
	}
	return r
}

// unrank writes the state of rank r into state (len pieces), sorted.
func (b *binomials) unrank(r uint64, state []int32) {
	hi := int32(len(b.table[0]) - 1)
	for i := len(state) - 1; i >= 0; i-- {
		col := b.table[i+1]
		// the largest a < hi with C(a, i+1) <= r
		lo, top := int32(i), hi-1
		for lo < top {
			mid := (lo + top + 1) / 2
			if col[mid] <= r {
				lo = mid
			} else {
				top = mid - 1
			}
		}
		state[i] = lo
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
		r += b.table[index+1][s]
	}
	return r + b.table[below+1][t]
}

// oneIf is 1 for true, 0 for false (compiled without a branch).
func oneIf(b bool) int {
	if b {
		return 1
	}
	return 0
}
