package tour

import (
	"fmt"
	"math/bits"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// frontierCounter runs a frontier plan: one step per square, each over
// every class of the step before, on several workers.
type frontierCounter struct {
	plan     *frontierPlan
	st       *tasks.Stopper
	workers  int
	progress func(float64, string)
	mem      frontierMemory
	// mod, when not 0, is the prime the counts are kept modulo
	// (frontier_modular.go), else they are exact in 64 bits.
	mod uint64

	cur, next *frontierTable
	step      *frontierStep
	taken     atomic.Int64 // shards of cur handed out

	mu       sync.Mutex
	idle     []*frontierWorker // workers done with a step, for the next
	cycles   uint64            // tours completed
	overflow bool
	expanded int64 // classes expanded, all steps
	peak     int64 // most classes of one step
	atPeak   int   // the step (1-based) of the most classes
}

// errFrontierMemory reports a refusal by the memory bound.
type errFrontierMemory struct {
	square, of int
	classes    int64
	limit      int64
}

func (e *errFrontierMemory) Error() string {
	return fmt.Sprintf("exact: the frontier count needs more than the memory bound of %s at square %d of %d (%d classes so far at that square); a larger bound (--max-memory) may let it finish",
		model.ByteSize(e.limit), e.square, e.of, e.classes)
}

func (e *errFrontierMemory) Unwrap() error { return model.ErrTooLarge }

// errFrontierOverflow reports a count that passed 64 bits: the count is
// then taken again modulo primes (frontier_modular.go).
type errFrontierOverflow struct{ square, of int }

func (e *errFrontierOverflow) Error() string {
	return fmt.Sprintf("exact: a count of the frontier method passed 64 bits at square %d of %d", e.square, e.of)
}

func (e *errFrontierOverflow) Unwrap() error { return model.ErrUnsupported }

// count returns the number of cycles (of the board, or through the extra
// vertex of an open tour).
func (c *frontierCounter) count() (uint64, error) {
	defer c.boundHeap()()
	defer c.release()
	c.cur = &frontierTable{}
	var overflow bool
	if !c.cur.shards[frontierHash(0)>>(64-frontierShardBits)].add(0, 1, frontierHash(0), c.mod, &c.mem, &overflow) {
		return 0, &errFrontierMemory{1, c.plan.n, 0, c.mem.limit}
	}
	classes, growth := int64(1), 1.0
	for q := range c.plan.steps {
		// Sized for half the classes of the step before (or of the step
		// to come, when they shrink), and grown by a quarter: a table sized
		// for them all is held beside the step before's arrays from the
		// start. Measured on 7x7 open (10.3 million classes at the widest):
		// sized for as many classes, the tables' peak was 401 MB; for half,
		// 283 MB for about the same CPU (17.7 s against 17.5); for a
		// quarter or none, 271 or 269 MB and 20 or 21 s.
		c.step, c.next = &c.plan.steps[q], newFrontierTable(int64(float64(classes)*min(growth, 1)/2), &c.mem)
		c.taken.Store(0)
		c.mem.stepPeak.Store(c.mem.bytes.Load())
		tasks.Run(c.st, c.workers, c.workers, nil, "", nil, func(int, int) { c.work() })
		before := classes
		classes = c.next.classes()
		growth = min(4, float64(classes)/float64(max(before, 1)))
		switch {
		case c.overflow:
			return 0, &errFrontierOverflow{q + 1, c.plan.n}
		case c.mem.refused.Load():
			return 0, &errFrontierMemory{q + 1, c.plan.n, classes, c.mem.limit}
		case c.st != nil && c.st.Stopped():
			return 0, errStopped
		}
		for i := range c.next.shards {
			c.next.shards[i].compact(&c.mem)
		}
		if classes > c.peak {
			c.peak, c.atPeak = classes, q+1
		}
		c.cur = c.next
		if c.progress != nil {
			c.progress(float64(q+1)/float64(c.plan.n), fmt.Sprintf("frontier: square %d of %d, %d classes, %s (%s at most in the step)",
				q+1, c.plan.n, classes, model.ByteSize(c.mem.bytes.Load()), model.ByteSize(c.mem.stepPeak.Load())))
		}
	}
	return c.cycles, nil
}

// boundHeap asks the collector to keep the heap under the memory bound
// while the count runs (the tables' garbage — shards outgrown, the step
// before — would otherwise wait for the heap to double), and returns the
// undo.
func (c *frontierCounter) boundHeap() func() {
	old := debug.SetMemoryLimit(-1)
	if c.mem.limit >= old {
		return func() {}
	}
	debug.SetMemoryLimit(c.mem.limit + 64<<20)
	return func() { debug.SetMemoryLimit(old) }
}

// work is one worker's part of a step: whole shards of the current table,
// taken in turn, each freed once read.
func (c *frontierCounter) work() {
	w := c.worker()
	for !c.mem.refused.Load() && !w.overflow && !c.st.Stopped() {
		i := int(c.taken.Add(1) - 1)
		if i >= frontierShards {
			break
		}
		sh := &c.cur.shards[i]
		for _, e := range sh.slots {
			if e.key == 0 {
				continue
			}
			w.expand(e.key-1, e.ways)
			if w.expanded++; w.expanded%pollEvery == 0 && (c.st.Stopped() || c.mem.refused.Load()) {
				break
			}
		}
		sh.drop(&c.mem)
	}
	for s := range w.buffer {
		w.flush(s)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var ok bool
	c.cycles, ok = addWays(c.cycles, w.cycles, c.mod)
	c.overflow = c.overflow || w.overflow || !ok
	c.expanded += w.expanded
	w.cycles, w.expanded = 0, 0
	c.idle = append(c.idle, w)
}

// worker hands out a worker for the step, with the buffers of one that
// worked a step before when there is one: the buffers (64 of 4 KiB) would
// otherwise be made again at every step, which on boards of a few
// thousand classes a step took more time than the classes (6x6 closed:
// 9 MB allocated a count). Their bytes stay counted until the count ends
// (release).
func (c *frontierCounter) worker() *frontierWorker {
	c.mu.Lock()
	defer c.mu.Unlock()
	if k := len(c.idle); k > 0 {
		w := c.idle[k-1]
		c.idle = c.idle[:k-1]
		w.step, w.overflow = c.step, false
		return w
	}
	return &frontierWorker{c: c, step: c.step}
}

// release gives back the bytes of the idle workers' buffers.
func (c *frontierCounter) release() {
	for _, w := range c.idle {
		c.mem.release(w.buffers)
	}
	c.idle = nil
}

// frontierWorker expands classes into the next table through its buffers.
type frontierWorker struct {
	c        *frontierCounter
	step     *frontierStep
	buffer   [frontierShards][]frontierEntry
	buffers  int64 // bytes of the buffers, counted against the bound
	cycles   uint64
	overflow bool
	expanded int64
	touched  uint64 // the sum of the keys read ahead, kept so that the reads are not dropped
}

// expand makes every class that the entering square's choices of moves
// lead to from the class key, reached in ways ways; it counts the cycles
// the last square closes. The tests of degrees run on the degree word
// before the pairing is updated.
func (w *frontierWorker) expand(key, ways uint64) {
	st := w.step
	var s frontierState
	deg := s.decode(key, st.prev)
	entering := int8(st.prev)
	inner := deg >> 1 & fieldLows
	for _, ch := range st.choices {
		d := deg
		if ch.a >= 0 {
			if inner&fieldBit(ch.a) != 0 {
				continue
			}
			d += fieldBit(ch.a) + fieldBit(entering)
		}
		if ch.b >= 0 {
			if inner&fieldBit(ch.b) != 0 {
				continue
			}
			d += fieldBit(ch.b) + fieldBit(entering)
		}
		if !viable(st, d) {
			continue
		}
		t := s
		closed := false
		if ch.a >= 0 {
			closed = t.link(entering, ch.a, 0, deg>>(2*uint(ch.a))&3)
		}
		if ch.b >= 0 {
			if closed {
				continue
			}
			closed = t.link(entering, ch.b, uint64(boolBit(ch.a >= 0)), deg>>(2*uint(ch.b))&3)
		}
		switch {
		case closed && st.last:
			w.addCycles(ways) // viable: every square has its two moves
		case !closed && !st.last:
			w.emit(t.encode(d, st), ways)
		}
	}
}

// viable reports whether a class of degree word d may still complete:
// the leaving squares have their two moves, the squares with one move left
// are not bare, and the squares still to enter can take the moves the
// frontier owes them: each takes at most two, so the frontier (with the
// extra vertex) may owe at most twice their number, and a square with
// exactly as many moves left as it needs takes one from each, which no
// square still to enter may be given thrice.
func viable(st *frontierStep, d uint64) bool {
	innerLow := d >> 1 & fieldLows
	bareLow := ^(d | d>>1) & fieldLows
	if st.leavingLow&^innerLow != 0 || st.notBareLow&bareLow != 0 {
		return false
	}
	owed := 2*bits.OnesCount64(st.keepLow) - bits.OnesCount64(d&st.keepLow) - 2*bits.OnesCount64(d&(st.keepLow<<1))
	if owed > 2*st.squares {
		return false
	}
	if st.bipartite && !colourViable(st, d) {
		return false
	}
	endLow := d &^ (d >> 1) & fieldLows
	var once, twice uint64
	for f := st.forced1Low&endLow | st.forced2Low&bareLow; f != 0; f &= f - 1 {
		later := st.later[bits.TrailingZeros64(f)/2]
		if twice&later != 0 {
			return false
		}
		twice |= once & later
		once |= later
	}
	return true
}

// colourViable is the colour count of a piece that always changes colour.
// The tour crosses the squares still to enter in paths, each joined at
// both ends to a move the frontier owes (from a square of the other
// colour, or from the extra vertex of an open tour, either colour), and a
// path has one more dark than light square when both its ends are dark,
// one fewer when both are light, as many otherwise. So twice the squares
// still to enter's surplus of dark over light is the moves owed by light
// squares, less those owed by dark ones, give or take the extra vertex's.
func colourViable(st *frontierStep, d uint64) bool {
	owedBy := func(low uint64) int {
		return 2*bits.OnesCount64(low) - bits.OnesCount64(d&low) - 2*bits.OnesCount64(d&(low<<1))
	}
	gap := 2*st.darkOverLight - owedBy(st.lightLow) + owedBy(st.darkLow)
	free := 0 // moves the extra vertex still owes
	if st.keepLow&1 != 0 && st.darkLow&1 == 0 && st.lightLow&1 == 0 {
		free = 2 - int(d&3)
	}
	// gap + free = 2 x, x the extra vertex's paths ending dark, 0..free
	return (gap+free)%2 == 0 && gap+free >= 0 && gap <= free
}

func (w *frontierWorker) addCycles(ways uint64) {
	var ok bool
	w.cycles, ok = addWays(w.cycles, ways, w.c.mod)
	w.overflow = w.overflow || !ok
}

// emit buffers a class for the next table.
func (w *frontierWorker) emit(key, ways uint64) {
	s := frontierHash(key) >> (64 - frontierShardBits)
	if w.buffer[s] == nil {
		if !w.c.mem.reserve(frontierBuffer * entryBytes) {
			return
		}
		w.buffers += frontierBuffer * entryBytes
		w.buffer[s] = make([]frontierEntry, 0, frontierBuffer)
	}
	w.buffer[s] = append(w.buffer[s], frontierEntry{key, ways})
	if len(w.buffer[s]) == frontierBuffer {
		w.flush(int(s))
	}
}

// flush moves a buffer into its shard of the next table.
//
// It reads the slot of every class of the buffer before it adds any: the
// reads do not wait for each other, so the cache misses of a large table
// overlap instead of coming one after another (measured: the insertions
// were 40% of a 6x6 open count's time).
func (w *frontierWorker) flush(s int) {
	sh := &w.c.next.shards[s]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	buf := w.buffer[s]
	var hash [frontierBuffer]uint64
	if n := len(sh.slots); n > 0 {
		var touched uint64
		for i, e := range buf {
			hash[i] = frontierHash(e.key)
			touched += sh.slots[slot(hash[i], n)].key
		}
		w.touched += touched
	} else {
		for i, e := range buf {
			hash[i] = frontierHash(e.key)
		}
	}
	for i, e := range buf {
		if !sh.add(e.key, e.ways, hash[i], w.c.mod, &w.c.mem, &w.overflow) {
			break
		}
	}
	w.buffer[s] = buf[:0]
}
