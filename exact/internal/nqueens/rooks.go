package nqueens

import (
	"math/big"
)

// rooksCount is n!, the number of n-rooks solutions (permutations).
func rooksCount(n int) *big.Int {
	return new(big.Int).MulRange(1, int64(n))
}

// rooksClasses counts the n-rooks solutions up to the eight symmetries of
// the square by Burnside's lemma: the average number of permutation
// matrices each symmetry fixes. Rotation by 180 degrees fixes 2^m m! of
// them (m = n/2), a quarter turn (2k)!/k! when n mod 4 is 0 or 1 (k = n/4),
// a diagonal reflection the involutions, a mirror in a file or rank only
// the lone rook of n = 1.
func rooksClasses(n int) *big.Int {
	sum := rooksCount(n)
	m := n / 2
	half := new(big.Int).Lsh(rooksCount(m), uint(m))
	sum.Add(sum, half)
	if n%4 == 0 || n%4 == 1 {
		k := n / 4
		quarter := new(big.Int).MulRange(int64(k+1), int64(2*k))
		sum.Add(sum, quarter.Lsh(quarter, 1))
	}
	inv := involutions(n)
	sum.Add(sum, inv.Lsh(inv, 1))
	if n == 1 {
		sum.Add(sum, big.NewInt(2))
	}
	return sum.Rsh(sum, 3)
}

// involutions counts permutations that are their own inverse:
// a(n) = a(n-1) + (n-1) a(n-2).
func involutions(n int) *big.Int {
	a, b := big.NewInt(1), big.NewInt(1) // a(0), a(1)
	for i := 2; i <= n; i++ {
		next := new(big.Int).Mul(a, big.NewInt(int64(i-1)))
		next.Add(next, b)
		a, b = b, next
	}
	if n == 0 {
		return a
	}
	return b
}

// eachPermutation calls fn with every permutation of 0..n-1 in
// lexicographic order until fn returns false.
func eachPermutation(n int, fn func(perm []int32) bool) {
	perm := make([]int32, n)
	for i := range perm {
		perm[i] = int32(i)
	}
	for {
		if !fn(perm) {
			return
		}
		// next permutation: the longest non-increasing suffix, the pivot
		// before it, swapped with its least successor, suffix reversed
		i := n - 2
		for i >= 0 && perm[i] >= perm[i+1] {
			i--
		}
		if i < 0 {
			return
		}
		j := n - 1
		for perm[j] <= perm[i] {
			j--
		}
		perm[i], perm[j] = perm[j], perm[i]
		for a, b := i+1, n-1; a < b; a, b = a+1, b-1 {
			perm[a], perm[b] = perm[b], perm[a]
		}
	}
}
