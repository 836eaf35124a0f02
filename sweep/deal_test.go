package sweep

import (
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// Each part of a split sweep tests for being canonical only the subsets of
// its own prefixes: the parts' counts add up to the one process's, each
// part's is about its share, and each visits the classes Shares lists for
// it (the 4-wall sweep, 79,920 classes, in 1, 3 and 16 parts).
func TestPartsWalkTheirShare(t *testing.T) {
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const walls = 4
	one := newWallSets(m, walls)
	one.each(func([]int, int, float64) bool { return true })
	if one.classes != 79920 {
		t.Fatalf("one process: %d classes, want 79920", one.classes)
	}
	for _, of := range []int{1, 3, 16} {
		shares, err := Shares(m, walls, of)
		if err != nil {
			t.Fatal(err)
		}
		var tested int64
		for k := range of {
			part := newWallSets(m, walls)
			part.split(of)
			part.only = k
			var share Share
			part.each(func(_ []int, orbit int, _ float64) bool {
				share.Classes++
				share.Boards += int64(orbit)
				return true
			})
			if share != shares[k] {
				t.Errorf("part %d/%d visits %+v, Shares lists %+v", k, of, share, shares[k])
			}
			if even := one.tested / int64(of); part.tested > even+even/4 {
				t.Errorf("part %d/%d tests %d subsets, more than a quarter above its even share of %d's %d", k, of, part.tested, one.tested, even)
			}
			tested += part.tested
		}
		if tested != one.tested {
			t.Errorf("%d parts test %d subsets, one process %d", of, tested, one.tested)
		}
	}
}
