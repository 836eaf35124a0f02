package tour

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// The classes of one step and their counts live in a hash table split into
// frontierShards shards by the key's hash. Each shard is open addressing
// with linear probing over (key+1, count) pairs (0 marks an empty slot: no
// class is the all-ones word, since 3 is no square's code), so a probe
// reads one cache line and the table holds no pointers for the collector
// to scan. A shard's slots are any number (the hash's bits below the
// shard's pick a slot by a multiply, not a mask), so it grows by a
// quarter once large instead of doubling, and is at least three fifths
// full once grown; and once a step is done its shards are compacted into
// arrays of their classes alone, which the next step only reads (the
// bytes a class of the step before holds: 16, not 16 over the load). The
// peak is the table being filled, about 16 / 0.6-0.75 bytes a class. Workers read the shards of the current step one at a time and
// buffer the classes they produce per shard of the next, taking a shard's
// lock once a buffer is full: the locks are rare and the two cores seldom
// meet on one. Every allocation is counted first against the memory bound
// (frontierMemory), so a table that would pass it is refused, not built.

const (
	frontierShardBits = 6
	frontierShards    = 1 << frontierShardBits
	// frontierBuffer is the classes a worker holds per shard before it
	// takes the shard's lock.
	frontierBuffer = 256
	// shardMinSlots is a new shard's size; shards grow when three
	// quarters full, by doubling up to shardQuarterSlots slots and by a
	// quarter from there.
	shardMinSlots     = 64
	shardQuarterSlots = 1 << 14
	// entryBytes is the size of one slot of a shard.
	entryBytes = 16
)

type frontierEntry struct{ key, ways uint64 }

type frontierShard struct {
	mu    sync.Mutex
	slots []frontierEntry
	used  int
}

// slot is the first slot hash probes in a shard of n slots: the hash's
// bits below the shard's, scaled to n (Lemire's multiply-shift).
func slot(hash uint64, n int) int {
	hi, _ := bits.Mul64(hash<<frontierShardBits, uint64(n))
	return int(hi)
}

type frontierTable struct {
	shards [frontierShards]frontierShard
}

// frontierMemory is the running count of the bytes the tables hold, and
// the bound they may not pass.
type frontierMemory struct {
	bytes, peak atomic.Int64
	stepPeak    atomic.Int64 // the peak since the step began
	limit       int64
	refused     atomic.Bool
}

// reserve counts n more bytes, or reports false (and counts nothing, and
// marks the count refused) when they would pass the bound.
func (m *frontierMemory) reserve(n int64) bool {
	if !m.tryReserve(n) {
		m.refused.Store(true)
		return false
	}
	return true
}

// tryReserve is reserve for an allocation the count can do without.
func (m *frontierMemory) tryReserve(n int64) bool {
	now := m.bytes.Add(n)
	if now > m.limit {
		m.bytes.Add(-n)
		return false
	}
	for _, peak := range []*atomic.Int64{&m.peak, &m.stepPeak} {
		for {
			p := peak.Load()
			if now <= p || peak.CompareAndSwap(p, now) {
				break
			}
		}
	}
	return true
}

func (m *frontierMemory) release(n int64) { m.bytes.Add(-n) }

// frontierHash mixes a key (the finaliser of MurmurHash3): the top bits
// pick the shard, the low bits the slot.
func frontierHash(key uint64) uint64 {
	key ^= key >> 33
	key *= 0xff51afd7ed558ccd
	key ^= key >> 33
	key *= 0xc4ceb9fe1a85ec53
	key ^= key >> 33
	return key
}

// add puts ways more onto the class key of the shard (whose lock the caller
// holds), modulo mod unless it is 0; false when the shard had to grow and
// the memory bound refused, or when the count passed 64 bits (overflow
// set).
func (s *frontierShard) add(key, ways, hash, mod uint64, mem *frontierMemory, overflow *bool) bool {
	if (s.used+1)*4 > len(s.slots)*3 && !s.grow(mem) {
		return false
	}
	stored, n := key+1, len(s.slots)
	for i := slot(hash, n); ; i++ {
		if i == n {
			i = 0
		}
		e := &s.slots[i]
		if e.key == stored {
			var ok bool
			if e.ways, ok = addWays(e.ways, ways, mod); !ok {
				*overflow = true
			}
			return ok
		}
		if e.key == 0 {
			e.key, e.ways = stored, ways
			s.used++
			return true
		}
	}
}

// grow enlarges the shard (or makes its first slots), after the memory
// bound allows it: doubles a small one, adds a quarter to a large one.
func (s *frontierShard) grow(mem *frontierMemory) bool {
	size := max(shardMinSlots, 2*len(s.slots))
	if len(s.slots) >= shardQuarterSlots {
		size = len(s.slots) + len(s.slots)/4
	}
	if !mem.reserve(int64(size) * entryBytes) {
		return false
	}
	old := s.slots
	s.slots = make([]frontierEntry, size)
	for _, e := range old {
		if e.key == 0 {
			continue
		}
		i := slot(frontierHash(e.key-1), size)
		for s.slots[i].key != 0 {
			if i++; i == size {
				i = 0
			}
		}
		s.slots[i] = e
	}
	mem.release(int64(len(old)) * entryBytes)
	return true
}

// compact replaces the shard's slots by an array of its classes alone,
// once no class will be added, after the memory bound allows it (else it
// keeps the slots); the step that reads it skips no empty slot.
func (s *frontierShard) compact(mem *frontierMemory) {
	if s.used == len(s.slots) || !mem.tryReserve(int64(s.used)*entryBytes) {
		return
	}
	dense := make([]frontierEntry, 0, s.used)
	for _, e := range s.slots {
		if e.key != 0 {
			dense = append(dense, e)
		}
	}
	mem.release(int64(len(s.slots)) * entryBytes)
	s.slots = dense
}

// newFrontierTable makes a table sized for about expect classes, when the
// memory bound allows (else its shards start small and grow), so that the
// shards of a step seldom grow.
func newFrontierTable(expect int64, mem *frontierMemory) *frontierTable {
	t := &frontierTable{}
	size := max(shardMinSlots, expect*10/7/frontierShards+1) // at 0.7 full
	if size == shardMinSlots || !mem.tryReserve(size*entryBytes*frontierShards) {
		return t
	}
	for i := range t.shards {
		t.shards[i].slots = make([]frontierEntry, size)
	}
	return t
}

// drop frees the shard's slots.
func (s *frontierShard) drop(mem *frontierMemory) {
	mem.release(int64(len(s.slots)) * entryBytes)
	s.slots, s.used = nil, 0
}

// classes is the number of classes the table holds.
func (t *frontierTable) classes() int64 {
	var n int64
	for i := range t.shards {
		n += int64(t.shards[i].used)
	}
	return n
}

// addWays is a+b, modulo mod (below 2^63) when it is not 0, else in 64
// bits; false when the sum passed them.
func addWays(a, b, mod uint64) (uint64, bool) {
	sum, carry := bits.Add64(a, b, 0)
	if mod == 0 {
		return sum, carry == 0
	}
	if sum >= mod {
		sum -= mod
	}
	return sum, true
}
