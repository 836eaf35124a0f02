package nqueens

import (
	"math/bits"
	"slices"
	"testing"
)

// The search by files lists what a plain search by ranks, checking every
// pair of queens and the middle queen square by square, lists: the same
// keys, for both halves of every group of n = 1..11 (odd boards with their
// middle queen).
func TestListByFilesAgainstRanks(t *testing.T) {
	for n := 1; n <= 11; n++ {
		a := n / 2
		keyOf, width := joinKeys(n)
		h := halfSearch{n: n, keyOf: keyOf, width: width}
		for _, g := range joinGroups(n) {
			files := joinFiles(n, g)
			h.blockMiddle(g.middle)
			for side, first := range []int{0, n - a} {
				h.list(first, a, files[side])
				got := slices.Sorted(slices.Values(h.keys))
				want := slices.Sorted(slices.Values(plainHalf(n, first, a, files[side], g.middle, keyOf)))
				if !slices.Equal(got, want) {
					t.Fatalf("n=%d, group %+v, ranks %d..%d: %x, want %x", n, g, first, first+a-1, got, want)
				}
			}
		}
	}
}

// plainHalf lists the keys of the placements of ranks first..first+a-1 on
// files, one queen a rank and a file, no two on a line, none on a line of
// the middle queen (rank n/2, file m; m < 0: none).
func plainHalf(n, first, a int, files uint64, m int, keyOf []uint64) []uint64 {
	var out []uint64
	fileOf := make([]int, a)
	var place func(i int, left uint64)
	place = func(i int, left uint64) {
		if i == a {
			var key uint64
			for k, f := range fileOf {
				key |= keyOf[(first+k)*n+f]
			}
			out = append(out, key)
			return
		}
		r := first + i
		for rest := left; rest != 0; rest &= rest - 1 {
			f := bits.TrailingZeros64(rest)
			ok := m < 0 || (plainAbs(r-n/2) != plainAbs(f-m))
			for k := 0; k < i && ok; k++ {
				ok = plainAbs(i-k) != plainAbs(f-fileOf[k])
			}
			if ok {
				fileOf[i] = f
				place(i+1, left&^(1<<uint(f)))
			}
		}
	}
	place(0, files)
	return out
}

func plainAbs(x int) int { return max(x, -x) }
