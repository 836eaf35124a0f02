package slide

import (
	"fmt"
	"math/bits"
	"sync/atomic"

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
func (t *table) depthsAt(i int) (fwd, bwd int) { return t.unpack(t.slots[i]) }

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

// claim inserts a rank with the given depths unless it is present, safely
// among goroutines (compare-and-swap on the slot). It reports the slot and
// whether this call inserted the rank. The table must have room: callers
// grow it between batches (room), never during one.
func (t *table) claim(rank uint64, fwd, bwd int) (int, bool) {
	key := rank + 1
	packed := t.pack(rank, fwd, bwd)
	mask := len(t.slots) - 1
	for i := t.home(key); ; i = (i + 1) & mask {
		v := atomic.LoadUint64(&t.slots[i])
		if v == 0 {
			if atomic.CompareAndSwapUint64(&t.slots[i], 0, packed) {
				return i, true
			}
			v = atomic.LoadUint64(&t.slots[i])
		}
		if v&t.rankMask == key {
			return i, false
		}
	}
}

// reachedAtHome reports whether the rank lies in its home slot, reached
// by side dir already; false says nothing (it may lie further on).
func (t *table) reachedAtHome(rank uint64, dir side) bool {
	v := atomic.LoadUint64(&t.slots[t.home(rank+1)])
	return v&t.rankMask == rank+1 && v>>(t.rankBits+uint(dir)*t.depthBits)&t.depthMask != t.depthMask
}

// reach records that one side reached the present slot i at depth, when
// that side had not reached it yet; it reports whether this call did, that
// is whether the two sides meet on it for the first time from this side.
func (t *table) reach(i int, dir side, depth int) bool {
	for {
		v := atomic.LoadUint64(&t.slots[i])
		fwd, bwd := t.unpack(v)
		if dir == forward {
			if fwd != noDepth {
				return false
			}
			fwd = depth
		} else {
			if bwd != noDepth {
				return false
			}
			bwd = depth
		}
		if atomic.CompareAndSwapUint64(&t.slots[i], v, t.pack(v&t.rankMask-1, fwd, bwd)) {
			return true
		}
	}
}

func (t *table) unpack(v uint64) (fwd, bwd int) {
	d := v >> t.rankBits
	fwd, bwd = int(d&t.depthMask), int(d>>t.depthBits&t.depthMask)
	if fwd == int(t.depthMask) {
		fwd = noDepth
	}
	if bwd == int(t.depthMask) {
		bwd = noDepth
	}
	return fwd, bwd
}

// settle adds the claims of a batch, counted by the claimers (a shared
// counter would move the cache line of the table's header between cores
// at every claim), to the count of used slots.
func (t *table) settle(claimed int) { t.used += claimed }

// headroom is how many states may be added before the table is three
// quarters full.
func (t *table) headroom() int { return max(0, 3*len(t.slots)/4-t.used) }
