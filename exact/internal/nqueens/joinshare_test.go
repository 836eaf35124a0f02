package nqueens

import (
	"slices"
	"testing"
)

// An odd board's shared top list, filtered for a middle queen, is the
// list the search with that queen's lines blocked gives, key for key, for
// every middle file and every top half's files (the middle queen's lines
// on the edge files included, which cross no key bit), and a run's
// groups share one search.
func TestTopShareAgainstSearch(t *testing.T) {
	for _, n := range []int{1, 3, 5, 7, 9, 11} {
		a := n / 2
		keyOf, width := joinKeys(n)
		share := newTopShare(n, keyOf, width)
		direct := halfSearch{n: n, keyOf: keyOf, width: width}
		top := halfSearch{n: n, keyOf: keyOf, width: width}
		all := uint64(1)<<uint(n) - 1
		searches, groups := int64(0), 0
		eachSubset(all, a, func(files uint64) {
			before := share.raw.nodes
			for m := 0; m < n; m++ {
				if files&(1<<uint(m)) != 0 {
					continue
				}
				groups++
				direct.blockMiddle(m)
				direct.list(0, a, files)
				share.list(&top, files, m)
				want, got := slices.Sorted(slices.Values(direct.keys)), slices.Sorted(slices.Values(top.keys))
				if !slices.Equal(got, want) {
					t.Fatalf("n=%d, middle %d, top files %b: shared list %x, search %x", n, m, files, got, want)
				}
			}
			if share.raw.nodes > before {
				searches++
			}
		})
		if want := binomial(n, a); n >= 5 && searches != want { // below, a half of one rank counts no node
			t.Errorf("n=%d: %d searches of the top for %d groups, want one for each of the %d top files", n, searches, groups, want)
		}
	}
}
