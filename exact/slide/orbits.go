package slide

import (
	"context"
	"math/big"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// orbitCount is the number of orbits of k-subsets of the open squares under
// the model's symmetry group, by Burnside's lemma: the average over the
// group of the subsets each element fixes. A permutation fixes a subset
// when the subset is a union of its cycles, so it fixes the coefficient of
// y^k in the product over its cycles of (1 + y^length) of them.
func (sp *space) orbitCount() *big.Int {
	sum := fixedSubsets(identity(sp.squares), sp.pieces)
	for _, perm := range sp.group {
		sum.Add(sum, fixedSubsets(perm, sp.pieces))
	}
	return sum.Quo(sum, big.NewInt(int64(sp.groupOrder())))
}

func identity(n int) []int32 {
	p := make([]int32, n)
	for i := range p {
		p[i] = int32(i)
	}
	return p
}

// fixedSubsets counts the k-subsets that perm maps onto themselves.
func fixedSubsets(perm []int32, k int) *big.Int {
	poly := make([]*big.Int, k+1) // poly[j]: subsets of j squares made of the cycles seen so far
	for j := range poly {
		poly[j] = new(big.Int)
	}
	poly[0].SetInt64(1)
	seen := make([]bool, len(perm))
	for s := range perm {
		if seen[s] {
			continue
		}
		length := 0
		for t := int32(s); !seen[t]; t = perm[t] {
			seen[t] = true
			length++
		}
		for j := k; j >= length; j-- {
			poly[j].Add(poly[j], poly[j-length])
		}
	}
	return poly[k]
}

// repChunk is how many ranks a worker marks at a time: a multiple of 64,
// so that no two workers write one word of the bitset.
const repChunk = 1 << 16

// representatives marks the states that are the least of their orbits, the
// ranks split over workers in chunks; nil when the group is trivial and
// every state stands for itself. The caller releases bitsetBytes of the
// budget when it is done with a bitset returned.
func (sp *space) representatives(ctx context.Context, b *budget, workers int) (bitset, error) {
	if len(sp.group) == 0 {
		return nil, nil
	}
	n := sp.states()
	if err := b.reserve(bitsetBytes(n), "the bitset of orbit representatives"); err != nil {
		return nil, err
	}
	reps := newBitset(n)
	workers = model.WorkerCount(workers)
	folders, states := make([]*folder, workers), make([][]int32, workers) // a worker's own
	st := tasks.NewStopper(ctx)
	defer st.Close()
	tasks.Run(st, workers, int((n+repChunk-1)/repChunk), nil, "", nil, func(w, part int) {
		if folders[w] == nil {
			folders[w], states[w] = newFolder(sp), make([]int32, sp.pieces)
		}
		lo := uint64(part) * repChunk
		for r := lo; r < min(lo+repChunk, n); r++ {
			sp.binom.unrank(r, states[w])
			if folders[w].least(states[w]) {
				reps.set(r)
			}
		}
	})
	return reps, ctx.Err()
}
