package slide

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
	// Ranks order sorted states colexicographically (the largest square
	// first), so images are compared square by square and only the least
	// is ranked.
	best := f.best
	copy(best, state)
	fixed = 1
	for _, perm := range f.sp.group {
		img := f.image
		for i, s := range state {
			img[i] = perm[s]
		}
		sortSquares(img)
		switch colex(img, state) {
		case 0:
			fixed++
		}
		if colex(img, best) < 0 {
			f.image, f.best = best, img
			best = img
		}
	}
	return f.sp.binom.rank(best), fixed
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

// A moveFolder folds the states one move away from a parent state without
// sorting each image afresh: the images of the parent under the group are
// sorted once (prepare), and the image of a child differs from the parent's
// in one square, moved into place by apply.
type moveFolder struct {
	sp        *space
	parents   [][]int32 // per symmetry: the sorted image of the parent
	positions [][]int32 // per symmetry: where the image of piece i lies in it
	child     []int32
	image     []int32
	best      []int32
}

func newMoveFolder(sp *space) *moveFolder {
	f := &moveFolder{sp: sp, child: make([]int32, sp.pieces), image: make([]int32, sp.pieces), best: make([]int32, sp.pieces)}
	for range sp.group {
		f.parents = append(f.parents, make([]int32, sp.pieces))
		f.positions = append(f.positions, make([]int32, sp.pieces))
	}
	return f
}

// prepare takes the parent state whose moves foldMove will fold.
func (f *moveFolder) prepare(state []int32) {
	for g, perm := range f.sp.group {
		img := f.parents[g]
		for i, s := range state {
			img[i] = perm[s]
		}
		sortSquares(img)
		for i, s := range state {
			p := perm[s]
			for j, q := range img {
				if q == p {
					f.positions[g][i] = int32(j)
				}
			}
		}
	}
}

// foldMove returns the folded rank of the parent after the move; the child
// itself is left in f.child.
func (f *moveFolder) foldMove(state []int32, m move) uint64 {
	apply(f.child, state, m)
	best := f.best
	copy(best, f.child)
	for g, perm := range f.sp.group {
		img := f.image
		apply(img, f.parents[g], move{f.positions[g][m.piece], perm[m.to]})
		if colex(img, best) < 0 {
			f.image, f.best = best, img
			best = img
		}
	}
	return f.sp.binom.rank(best)
}
