package slide

import "math/big"

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
