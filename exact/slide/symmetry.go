package slide

// A folder replaces a state by the least rank in its orbit under the
// model's symmetry group (symmetry folding): two states are equivalent
// exactly when their folded ranks are equal, and a search over folded ranks
// visits each orbit once. Moves commute with the group (every piece moves
// alike in all eight directions of the square, and the group maps walls,
// the start and the goal onto themselves), so the folded graph is the
// quotient of the state graph.
type folder struct {
	sp    *space
	image []int32
}

func newFolder(sp *space) *folder { return &folder{sp: sp, image: make([]int32, sp.pieces)} }

// fold returns the least rank of the state's orbit and how many elements of
// the group fix the state (the orbit has groupOrder/fixed states).
func (f *folder) fold(state []int32) (least uint64, fixed int) {
	b := f.sp.binom
	own := b.rank(state)
	least, fixed = own, 1
	for _, perm := range f.sp.group {
		for i, s := range state {
			f.image[i] = perm[s]
		}
		sortSquares(f.image)
		r := b.rank(f.image)
		if r == own {
			fixed++
		}
		least = min(least, r)
	}
	return least, fixed
}
