package slide

// A bitset is a set of ranks, one bit each.
type bitset []uint64

func newBitset(n uint64) bitset { return make(bitset, (n+63)/64) }

// bitsetBytes is the size of a bitset of n ranks, as a budget reserves it.
func bitsetBytes(n uint64) int64 { return int64((n+63)/64) * 8 }

func (b bitset) set(i uint64)      { b[i>>6] |= 1 << (i & 63) }
func (b bitset) has(i uint64) bool { return b[i>>6]&(1<<(i&63)) != 0 }
