package bitset

// Transpose64 transposes a 64x64 matrix of bits in place: bit c of a[r]
// becomes bit r of a[c]. It swaps the off-diagonal blocks of every 2jx2j
// block for j = 32, 16, ..., 1, a word pair at a time, so the whole matrix
// takes 6 x 32 exchanges instead of a step per bit.
func Transpose64(a *[64]uint64) {
	mask := uint64(0x00000000ffffffff) // the low j bits of every 2j
	for j := 32; j != 0; j >>= 1 {
		// rows k with bit j clear, each paired with row k+j
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>uint(j) ^ a[k+j]) & mask
			a[k] ^= t << uint(j)
			a[k+j] ^= t
		}
		mask ^= mask << uint(j>>1)
	}
}
