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
	sp         *space
	parents    [][]int32 // per symmetry: the sorted image of the parent
	positions  [][]int32 // per symmetry: where the image of piece i lies in it
	child      []int32
	image      []int32
	best       []int32
	candidates []int32 // symmetries whose image may be least; -1 is the identity
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
// itself is left in f.child. Ranks order states by their largest square
// first, so the images whose largest square is least are found first from
// the parent's sorted images (the largest square of an image is the
// largest of the moved piece's new image and the parent image's largest
// other square), and only those few are built and compared in full.
func (f *moveFolder) foldMove(state []int32, m move) uint64 {
	apply(f.child, state, m)
	k := len(state)
	least := f.child[k-1]
	candidates := f.candidates[:0]
	candidates = append(candidates, -1) // the identity
	for g, perm := range f.sp.group {
		parent := f.parents[g]
		other := int32(-1)
		switch {
		case f.positions[g][m.piece] != int32(k-1):
			other = parent[k-1]
		case k > 1:
			other = parent[k-2]
		}
		largest := max(other, perm[m.to])
		switch {
		case largest < least:
			least = largest
			candidates = append(candidates[:0], int32(g))
		case largest == least:
			candidates = append(candidates, int32(g))
		}
	}
	f.candidates = candidates
	if len(candidates) == 1 && candidates[0] < 0 {
		return f.sp.binom.rank(f.child)
	}
	best := f.best
	copy(best, f.child)
	first := true
	for _, g := range candidates {
		if g < 0 {
			continue // the child itself is in best
		}
		img := f.image
		apply(img, f.parents[g], move{f.positions[g][m.piece], f.sp.group[g][m.to]})
		if first && candidates[0] >= 0 || colex(img, best) < 0 {
			f.image, f.best = best, img
			best = img
		}
		first = false
	}
	return f.sp.binom.rank(best)
}
