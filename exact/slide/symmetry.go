package slide

import "math/bits"

// A folder replaces a state by the least rank in its orbit under the
// model's symmetry group (symmetry folding): two states are equivalent
// exactly when their folded ranks are equal, and a search over folded ranks
// visits each orbit once. Moves commute with the group (every piece moves
// alike in all eight directions of the square, and the group maps walls,
// the start and the goal onto themselves), so the folded graph is the
// quotient of the state graph.
type folder struct {
	sp          *space
	image, best []int32
}

func newFolder(sp *space) *folder {
	return &folder{sp: sp, image: make([]int32, sp.pieces), best: make([]int32, sp.pieces)}
}

// fold returns the least rank of the state's orbit and how many elements of
// the group fix the state (the orbit has groupOrder/fixed states).
func (f *folder) fold(state []int32) (least uint64, fixed int) {
	least, _, stabilizer := f.orbit(state)
	return least, bits.OnesCount64(stabilizer)
}

// orbit returns the least rank of the state's orbit, an element of the
// group that maps the state onto it, and the elements that fix the state
// (the stabilizer); elements are numbered as in groupTable.
func (f *folder) orbit(state []int32) (least uint64, by int, stabilizer uint64) {
	// Ranks order sorted states colexicographically (the largest square
	// first), so images are compared square by square and only the least
	// is ranked.
	best := f.best
	copy(best, state)
	stabilizer = 1
	for g, perm := range f.sp.group {
		img := f.imageUnder(perm, state)
		if colex(img, state) == 0 {
			stabilizer |= 1 << uint(g+1)
		}
		if colex(img, best) < 0 {
			f.image, f.best = best, img
			best = img
			by = g + 1
		}
	}
	return f.sp.binom.rank(best), by, stabilizer
}

// least reports whether a sorted state is the least of its orbit: no image
// comes before it.
func (f *folder) least(state []int32) bool {
	for _, perm := range f.sp.group {
		if colex(f.imageUnder(perm, state), state) < 0 {
			return false
		}
	}
	return true
}

// imageUnder writes the sorted image of a state under perm into f.image
// and returns it.
func (f *folder) imageUnder(perm, state []int32) []int32 {
	img := f.image
	for i, s := range state {
		img[i] = perm[s]
	}
	sortSquares(img)
	return img
}

// colex compares two sorted states from their largest squares down.
func colex(a, b []int32) int {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}
