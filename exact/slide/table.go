package slide

// A table is an open-addressing hash table from a folded rank to the depths
// at which the two searches of a bidirectional search reached it. It holds
// only the states the searches touch, so a large board whose state space
// would not fit as a bitset can still be searched.
type table struct {
	keys   []uint64 // rank+1; 0 marks an empty slot
	depths []uint32 // forward depth in the low 16 bits, backward in the high; noDepth when not reached
	shift  uint
	used   int
	budget *budget
}

// slotBytes is the memory of one slot.
const slotBytes = 8 + 4

func newTable(b *budget, capacityLog2 uint) (*table, error) {
	t := &table{budget: b}
	return t, t.allocate(capacityLog2)
}

func (t *table) allocate(log2 uint) error {
	if err := t.budget.reserve(int64(slotBytes)<<log2, "the bidirectional search's table of states"); err != nil {
		return err
	}
	t.keys = make([]uint64, 1<<log2)
	t.depths = make([]uint32, 1<<log2)
	t.shift = 64 - log2
	return nil
}

func (t *table) bytes() int64 { return int64(len(t.keys)) * slotBytes }

// slot finds the slot of a rank: its own when present, else the empty slot
// where it belongs.
func (t *table) slot(rank uint64) (int, bool) {
	key := rank + 1
	mask := len(t.keys) - 1
	i := int((key * 0x9E3779B97F4A7C15) >> t.shift)
	for {
		switch t.keys[i] {
		case key:
			return i, true
		case 0:
			return i, false
		}
		i = (i + 1) & mask
	}
}

// depth returns the forward and backward depths of a rank, noDepth for a
// side that has not reached it.
func (t *table) depth(rank uint64) (fwd, bwd int) {
	i, ok := t.slot(rank)
	if !ok {
		return noDepth, noDepth
	}
	return int(t.depths[i] & 0xffff), int(t.depths[i] >> 16)
}

// insert stores a rank not yet present at slot i with the given depths; it
// grows the table at half load, and fails when growing would break the
// memory bound.
func (t *table) insert(i int, rank uint64, fwd, bwd int) error {
	t.keys[i] = rank + 1
	t.depths[i] = uint32(fwd) | uint32(bwd)<<16
	t.used++
	if 2*t.used > len(t.keys) {
		return t.grow()
	}
	return nil
}

// setDepth records the other side's depth on a present slot.
func (t *table) setDepth(i int, fwd, bwd int) {
	t.depths[i] = uint32(fwd) | uint32(bwd)<<16
}

func (t *table) grow() error {
	oldKeys, oldDepths, oldBytes := t.keys, t.depths, t.bytes()
	if err := t.allocate(64 - t.shift + 1); err != nil {
		return err
	}
	for j, key := range oldKeys {
		if key != 0 {
			i, _ := t.slot(key - 1)
			t.keys[i] = key
			t.depths[i] = oldDepths[j]
		}
	}
	t.budget.release(oldBytes)
	return nil
}
