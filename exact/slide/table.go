package slide

import (
	"fmt"
	"math/bits"

	"github.com/chessmodel/chessmodel/model"
)

// A table is an open-addressing hash table from a folded rank to the depths
// at which the two sides of a bidirectional search reached it. It holds
// only the states the searches touch, so a board whose state space would
// not fit as a bitset can still be searched. A slot is one word: rank+1 in
// the low bits (0 marks an empty slot), then the forward depth, then the
// backward depth, so that one probe touches one cache line.
type table struct {
	slots      []uint64
	shift      uint // 64 - log2(len(slots))
	used       int
	rankBits   uint
	depthBits  uint
	rankMask   uint64
	depthMask  uint64
	budget     *budget
	whatBudget string
}

// slotBytes is the memory of one slot.
const slotBytes = 8

// newTable sizes the fields of a slot for ranks below total.
func newTable(b *budget, total uint64) (*table, error) {
	t := &table{budget: b, whatBudget: "the bidirectional search's table of states"}
	t.rankBits = uint(bits.Len64(total + 1))
	t.depthBits = (64 - t.rankBits) / 2
	if t.depthBits < 4 {
		return nil, fmt.Errorf("slide: %d states leave %d bits for the depth in a 64-bit slot: %w", total, t.depthBits, model.ErrUnsupported)
	}
	t.rankMask = 1<<t.rankBits - 1
	t.depthMask = 1<<t.depthBits - 1
	return t, t.allocate(12)
}

// maxDepth is the deepest level a slot records; noDepth (all ones) marks a
// side that has not reached the state.
func (t *table) maxDepth() int { return int(t.depthMask) - 1 }

func (t *table) allocate(log2 uint) error {
	if err := t.budget.reserve(int64(slotBytes)<<log2, t.whatBudget); err != nil {
		return err
	}
	t.slots = make([]uint64, 1<<log2)
	t.shift = 64 - log2
	return nil
}

func (t *table) bytes() int64 { return int64(len(t.slots)) * slotBytes }

func (t *table) home(key uint64) int { return int((key * 0x9E3779B97F4A7C15) >> t.shift) }

// slot finds the slot of a rank: its own when present, else the empty slot
// where it belongs.
func (t *table) slot(rank uint64) (int, bool) {
	key := rank + 1
	mask := len(t.slots) - 1
	for i := t.home(key); ; i = (i + 1) & mask {
		switch t.slots[i] & t.rankMask {
		case key:
			return i, true
		case 0:
			return i, false
		}
	}
}

// depthsAt returns the forward and backward depths held in slot i.
func (t *table) depthsAt(i int) (fwd, bwd int) {
	v := t.slots[i] >> t.rankBits
	fwd, bwd = int(v&t.depthMask), int(v>>t.depthBits&t.depthMask)
	if fwd == int(t.depthMask) {
		fwd = noDepth
	}
	if bwd == int(t.depthMask) {
		bwd = noDepth
	}
	return fwd, bwd
}

// depth returns the depths of a rank, noDepth for a side that has not
// reached it.
func (t *table) depth(rank uint64) (fwd, bwd int) {
	i, ok := t.slot(rank)
	if !ok {
		return noDepth, noDepth
	}
	return t.depthsAt(i)
}

func (t *table) pack(rank uint64, fwd, bwd int) uint64 {
	f, b := uint64(fwd), uint64(bwd)
	if fwd == noDepth {
		f = t.depthMask
	}
	if bwd == noDepth {
		b = t.depthMask
	}
	return rank + 1 | f<<t.rankBits | b<<(t.rankBits+t.depthBits)
}

// insert stores a rank not yet present at slot i with the given depths; it
// grows the table past three quarters full, and fails when growing would
// break the memory bound.
func (t *table) insert(i int, rank uint64, fwd, bwd int) error {
	t.slots[i] = t.pack(rank, fwd, bwd)
	t.used++
	if 4*t.used > 3*len(t.slots) {
		return t.grow()
	}
	return nil
}

// setDepth records the depths of a present slot.
func (t *table) setDepth(i int, fwd, bwd int) {
	t.slots[i] = t.pack(t.slots[i]&t.rankMask-1, fwd, bwd)
}

func (t *table) grow() error {
	old, oldBytes := t.slots, t.bytes()
	if err := t.allocate(64 - t.shift + 1); err != nil {
		return err
	}
	mask := len(t.slots) - 1
	for _, v := range old {
		if key := v & t.rankMask; key != 0 {
			i := t.home(key)
			for t.slots[i] != 0 {
				i = (i + 1) & mask
			}
			t.slots[i] = v
		}
	}
	t.budget.release(oldBytes)
	return nil
}
