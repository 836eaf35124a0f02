package slide

import "math/bits"

// A moveFolder folds the states one move away from a parent state without
// building and sorting each image afresh: the images of the parent under
// the group are sorted once (prepare), and the image of a child differs
// from the parent's in one square. Ranks order states by their largest
// square first, so the images whose largest square is least are found
// first (the largest square of an image is the larger of the moved piece's
// new image and the largest other square of the parent's image, both read
// from tables), and only when several tie are images built and compared in
// full; a single one is ranked straight from the parent's image.
type moveFolder struct {
	sp     *space
	pieces int
	order  int // elements of the group other than the identity
	// images[g*pieces:][:pieces] is the sorted image of the parent under
	// group[g]; at[g*pieces+i] is where the image of piece i lies in it.
	images, at []int32
	// others[i*order+g] is the largest square of images[g] other than the
	// image of piece i (-1 with one piece).
	others []int32
	image  []int32
	best   []int32
	keys   []int64
}

func newMoveFolder(sp *space) *moveFolder {
	k, order := sp.pieces, len(sp.group)
	return &moveFolder{sp: sp, pieces: k, order: order,
		images: make([]int32, order*k), at: make([]int32, order*k), others: make([]int32, k*order),
		keys: make([]int64, k), image: make([]int32, k), best: make([]int32, k)}
}

// prepare takes the parent state whose moves foldMove will fold.
func (f *moveFolder) prepare(state []int32) {
	k := f.pieces
	for g, perm := range f.sp.group {
		img, at := f.images[g*k:][:k], f.at[g*k:][:k]
		sortImage(img, at, state, perm, f.keys)
		top, next := img[k-1], int32(-1)
		if k > 1 {
			next = img[k-2]
		}
		for i := range k {
			other := top
			if at[i] == int32(k-1) {
				other = next
			}
			f.others[i*f.order+g] = other
		}
	}
}

// sortImage writes the image of a state under perm into img, sorted, and
// where each piece's image lies into at. Each image is a key with the
// piece's index in its low bits, sorted by odd-even transposition with min
// and max (no branch to mispredict; states hold a handful of pieces);
// keys is scratch.
func sortImage(img, at, state, perm []int32, keys []int64) {
	for i, s := range state {
		keys[i] = int64(perm[s])<<32 | int64(i)
	}
	for pass := range keys {
		for j := pass & 1; j+1 < len(keys); j += 2 {
			a, b := keys[j], keys[j+1]
			keys[j], keys[j+1] = min(a, b), max(a, b)
		}
	}
	for p, key := range keys {
		img[p] = int32(key >> 32)
		at[int32(key)] = int32(p)
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
	images := f.sp.imagesOf[int(m.to)*f.order:][:f.order]
	top, tied := own, uint64(0) // tied: the symmetries whose image's largest square is least
	for g, other := range others {
		largest := max(other, images[g])
		if largest < top {
			tied = 0
		}
		if largest <= top {
			tied |= 1 << uint(g)
		}
		top = min(top, largest)
	}
	switch {
	case tied == 0:
		return f.sp.binom.rankAfter(state, piece, m.to), 0
	case tied&(tied-1) == 0 && own != top:
		g := bits.TrailingZeros64(tied)
		return f.sp.binom.rankAfter(f.images[g*k:][:k], int(f.at[g*k+piece]), images[g]), g + 1
	}
	return f.leastOf(state, m, own == top, tied)
}

// leastOf ranks the least of the tied images of the child (and of the
// child itself, with identity), built and compared in full.
func (f *moveFolder) leastOf(state []int32, m move, identity bool, tied uint64) (least uint64, by int) {
	k := f.pieces
	best := f.best
	first := true
	if identity {
		apply(best, state, m)
		first = false
	}
	for ; tied != 0; tied &= tied - 1 {
		g := bits.TrailingZeros64(tied)
		img := f.image
		apply(img, f.images[g*k:][:k], move{f.at[g*k+int(m.piece)], f.sp.group[g][m.to]})
		if first || colex(img, best) < 0 {
			f.image, f.best = best, img
			best, by = img, g+1
		}
		first = false
	}
	return f.sp.binom.rank(best), by
}
