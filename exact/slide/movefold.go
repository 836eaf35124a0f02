package slide

import "math/bits"

// A moveFolder folds the states one move away from a parent state without
// building and sorting each image afresh: the image of a child differs
// from the parent's in one square. Ranks order states by their largest
// square first, so the images whose largest square is least are found
// first (the largest square of an image is the larger of the moved piece's
// new image and the largest other square of the parent's image, both read
// from tables), and only when several tie are images built and compared in
// full; a single one is ranked straight from the parent's sorted image.
// The parent's images are sorted when a move first needs them: a parent's
// moves need about four of the eight images on the seed's boards.
type moveFolder struct {
	sp     *space
	pieces int
	order  int // elements of the group other than the identity
	parent []int32
	// images[g*pieces:][:pieces] is the sorted image of the parent under
	// group[g], when bit g of sorted is set; at[g*pieces+i] is where the
	// image of piece i lies in it.
	images, at []int32
	sorted     uint64
	// others[i*order+g] is the largest square of the parent's image under
	// group[g] other than the image of piece i (-1 with one piece).
	others []int32
	image  []int32
	best   []int32
	vals   []int32
}

func newMoveFolder(sp *space) *moveFolder {
	k, order := sp.pieces, len(sp.group)
	return &moveFolder{sp: sp, pieces: k, order: order,
		images: make([]int32, order*k), at: make([]int32, order*k), others: make([]int32, k*order),
		vals: make([]int32, k), image: make([]int32, k), best: make([]int32, k)}
}

// prepare takes the parent state whose moves foldMove will fold (foldMove
// reads it until the next prepare): the largest two squares of each image
// and the piece of the largest, without a branch.
func (f *moveFolder) prepare(state []int32) {
	f.parent, f.sorted = state, 0
	for g, perm := range f.sp.group {
		top, next, topPiece := int32(-1), int32(-1), 0
		for i, s := range state {
			v := perm[s]
			next = max(next, min(v, top))
			if v > top {
				topPiece = i
			}
			top = max(top, v)
		}
		for i := range state {
			f.others[i*f.order+g] = top
		}
		f.others[topPiece*f.order+g] = next
	}
}

// sortedImage is the parent's image under group[g], sorted, and where the
// image of each piece lies in it.
func (f *moveFolder) sortedImage(g int) (img, at []int32) {
	k := f.pieces
	img, at = f.images[g*k:][:k], f.at[g*k:][:k]
	if f.sorted&(1<<uint(g)) == 0 {
		sortImage(img, at, f.parent, f.sp.group[g], f.vals)
		f.sorted |= 1 << uint(g)
	}
	return img, at
}

// sortImage writes the image of a state under perm into img, sorted, and
// where each piece's image lies into at. The place of an image is the
// number of images below it (squares are distinct): k*k comparisons, each a
// flag added without a branch and all independent of each other, where a
// sort would mispredict or wait on its own stores (states hold a handful
// of pieces); vals is scratch.
func sortImage(img, at, state, perm, vals []int32) {
	vals = vals[:len(state)]
	for i, s := range state {
		vals[i] = perm[s]
	}
	for i, v := range vals {
		p := 0
		for _, u := range vals {
			p += oneIf(u < v)
		}
		img[p] = v
		at[i] = int32(p)
	}
}

// foldMove returns the folded rank of the parent after the move, and an
// element of the group (numbered as in groupTable) that maps the child onto
// the state of that rank.
func (f *moveFolder) foldMove(state []int32, m move) (least uint64, by int) {
	k, piece := f.pieces, int(m.piece)
	own := m.to // the largest square of the child itself
	if k > 1 {
		other := state[k-1]
		if piece == k-1 {
			other = state[k-2]
		}
		own = max(own, other)
	}
	others := f.others[piece*f.order:][:f.order]
	images := f.sp.imagesOf[int(m.to)*f.order:][:len(others)]
	// the least largest square, then the symmetries whose image has it
	// (tied): two passes without a branch, where one pass that resets the
	// set at each new least mispredicts
	top := own
	for g, other := range others {
		top = min(top, max(other, images[g]))
	}
	tied := uint64(0)
	for g, other := range others {
		tied |= uint64(oneIf(max(other, images[g]) == top)) << uint(g)
	}
	switch {
	case tied == 0:
		return f.sp.binom.rankAfter(state, piece, m.to), 0
	case tied&(tied-1) == 0 && own != top:
		g := bits.TrailingZeros64(tied)
		img, at := f.sortedImage(g)
		return f.sp.binom.rankAfter(img, int(at[piece]), images[g]), g + 1
	}
	return f.leastOf(state, m, own == top, tied)
}

// leastOf ranks the least of the tied images of the child (and of the
// child itself, with identity), built and compared in full.
func (f *moveFolder) leastOf(state []int32, m move, identity bool, tied uint64) (least uint64, by int) {
	best := f.best
	first := true
	if identity {
		apply(best, state, m)
		first = false
	}
	for ; tied != 0; tied &= tied - 1 {
		g := bits.TrailingZeros64(tied)
		parent, at := f.sortedImage(g)
		img := f.image
		apply(img, parent, move{at[m.piece], f.sp.group[g][m.to]})
		if first || colex(img, best) < 0 {
			f.image, f.best = best, img
			best, by = img, g+1
		}
		first = false
	}
	return f.sp.binom.rank(best), by
}
