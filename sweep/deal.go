package sweep

import "container/heap"

// The parts of a split sweep share out the wall sets by prefix. A part
// cannot own classes by their index in the order of enumeration without
// enumerating every class before its own: so each part once walked every
// wall set, and 5 walls in 32 parts cost 1.91 times the CPU of one
// process. So the subsets are grouped under prefixes — their
// first squares — and each prefix goes whole to one part: every part walks
// the prefixes, which are few, and the subsets of its own only. A prefix
// is the shortest under which lie at most a prefixesPerPart-th of a part's
// even share of the subsets, so the first squares, under which lie the
// most, have longer ones. Each prefix goes to the part with the least
// estimated work so far (work). The prefixes, their estimates and so the
// shares depend on the model, the number of walls and of parts alone;
// Shares deals them out the same way.

// prefixesPerPart bounds a prefix's subsets to a 64th of a part's even
// share: small enough for the parts' classes to differ by a few percent (6
// walls on 8x8 in 128 parts: from 9% below the mean to 7% above), large
// enough for walking every prefix to cost a part little.
const prefixesPerPart = 64

// split deals the subsets out to of parts, visiting every part's.
func (w *wallSets) split(of int) {
	w.only = -1
	w.deal = newDealer(max(of, 1), w.total/int64(max(of, 1)*prefixesPerPart))
	if of <= 1 {
		w.deal.limit = w.total // one prefix, the empty one
	}
}

// isPrefix reports whether the subsets that start with start, one not
// inside a prefix already, are dealt out as one.
func (w *wallSets) isPrefix(start []int) bool {
	return len(start) == w.k || w.under(start) <= w.deal.limit
}

// enter deals out the prefix and reports whether each visits its subsets.
// image is scratch space of the prefix's length.
func (w *wallSets) enter(prefix, image []int) bool {
	w.part = w.deal.next(w.work(prefix, image))
	return w.only < 0 || w.part == w.only
}

// work estimates the classes under prefix, times the group's order: a
// whole subset is one class or none; under a shorter prefix lie the
// subsets that pass mayFollow (the ways to choose the rest among the
// squares after the prefix's last whose orbit reaches no lower than its
// first), of which about one in the order of the prefix's stabiliser is
// canonical; the empty prefix, all of them, is one part's whatever its
// work. image is scratch space of the prefix's length.
func (w *wallSets) work(prefix, image []int) int64 {
	if len(prefix) == 0 {
		return 1
	}
	stabiliser := w.stabiliser(prefix, image)
	if len(prefix) == w.k {
		return int64(min(stabiliser, 1) * len(w.perm))
	}
	free := 0
	for i := prefix[len(prefix)-1] + 1; i < len(w.squares); i++ {
		if w.least[i] >= prefix[0] {
			free++
		}
	}
	return choose(free, w.k-len(prefix)) * int64(len(w.perm)/max(stabiliser, 1))
}

// A dealer gives each prefix in turn to the part with the least work so
// far, the lowest such part on a tie.
type dealer struct {
	limit int64 // the most subsets under a prefix
	parts partLoads
}

func newDealer(parts int, limit int64) *dealer {
	d := &dealer{limit: limit}
	d.parts = make(partLoads, parts)
	d.restart()
	return d
}

// restart forgets the prefixes dealt out.
func (d *dealer) restart() {
	for i := range d.parts {
		d.parts[i] = partLoad{part: i}
	}
}

// next is the part of the next prefix, of estimated work work.
func (d *dealer) next(work int64) int {
	least := &d.parts[0]
	part := least.part
	least.work += work
	heap.Fix(&d.parts, 0)
	return part
}

// partLoads is a heap of the parts by their work so far, then by index.
type partLoads []partLoad

type partLoad struct {
	part int
	work int64
}

func (h partLoads) Len() int { return len(h) }
func (h partLoads) Less(i, j int) bool {
	return h[i].work < h[j].work || h[i].work == h[j].work && h[i].part < h[j].part
}
func (h partLoads) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *partLoads) Push(x any)   { *h = append(*h, x.(partLoad)) }
func (h *partLoads) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
