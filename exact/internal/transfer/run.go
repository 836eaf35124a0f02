package transfer

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A run is one transfer over a plan: the states of the frontier and their
// cells, step by step.
type run struct {
	p        *plan
	c        *counter
	st       *tasks.Stopper
	workers  int   // a power of two: each worker builds the states of one share of the keys
	maxBytes int64 // the memory bound for two layers of states
	shard    model.Shard
	// progress hears the fraction of steps done and a note
	progress func(step int, states int, bytes int64)
	trace    *trace  // nil: the layers are not kept
	spare    []*part // a layer no longer read, whose memory the next step reuses

	nodes     int64 // states expanded
	peak      int   // most states in a layer
	overflow  atomic.Bool
	tooLarge  atomic.Bool
	nextCount atomic.Int64
}

// A part is the states one worker built: keys and, per key, size cells.
type part struct {
	keys  []uint64
	cells []cell
	index []slot // open addressing over the keys
	shift uint
}

const hashMul = 0x9E3779B97F4A7C15

// stateBytes is the memory one state takes in a part: its key, its cells,
// and two slots of the index.
func stateBytes(size int) int64 { return 8 + int64(size)*cellBytes + 32 }

var errOverflow = fmt.Errorf("transfer: a count went past 2^128: %w", model.ErrUnsupported)

// tooLargeError says the states outgrew the memory bound.
func tooLargeError(states int, bytes, limit int64) error {
	return fmt.Errorf("transfer: %d frontier states would take about %s, above the bound of %s: %w",
		states, model.ByteSize(bytes), model.ByteSize(limit), model.ErrTooLarge)
}

// errStopped says the context ended before the transfer finished.
var errStopped = errors.New("transfer: stopped")

// count runs the transfer and returns the cells of the one final state
// (every slot is free after the last step).
func (r *run) count() ([]cell, error) {
	layer := []*part{newPart(r.c.size, 1)}
	layer[0].find(0, r.c.size)
	layer[0].cells[0] = cell{lo: 1}
	r.record(layer)
	sharded := !r.shard.Active()
	for i := range r.p.steps {
		if r.st.Stopped() {
			return nil, errStopped
		}
		next, err := r.step(layer, &r.p.steps[i])
		if err != nil {
			return nil, err
		}
		if r.trace == nil {
			r.spare = layer // read by no one now: the next step builds in it
		}
		layer = next
		states := countStates(layer)
		r.peak = max(r.peak, states)
		if !sharded && (states >= shardTasks || i == len(r.p.steps)-1) {
			layer = r.keepShard(layer)
			sharded = true
		}
		r.record(layer)
		if r.progress != nil {
			r.progress(i+1, states, int64(states)*stateBytes(r.c.size))
		}
	}
	out := make([]cell, r.c.size)
	for _, pt := range layer {
		for j := range pt.keys {
			for x, v := range pt.cells[j*r.c.size : (j+1)*r.c.size] {
				if out[x].add(v.lo, v.hi, v.best) {
					return nil, errOverflow
				}
			}
		}
	}
	return out, nil
}

func (r *run) record(layer []*part) {
	if r.trace != nil {
		r.trace.record(layer, r.c.size)
	}
}

// shardTasks is how many states a layer has when a shard takes its share:
// the first layer with at least this many states (or the last layer) is
// the task list, its states in key order.
const shardTasks = 256

// keepShard keeps the states of the layer the shard owns.
func (r *run) keepShard(layer []*part) []*part {
	var keys []uint64
	for _, pt := range layer {
		keys = append(keys, pt.keys...)
	}
	slices.Sort(keys)
	out := newPart(r.c.size, 1)
	for t, key := range keys {
		if !r.shard.Owns(t) {
			continue
		}
		for _, pt := range layer {
			if j, ok := pt.lookup(key); ok {
				d := out.find(key, r.c.size)
				copy(out.cells[d*r.c.size:(d+1)*r.c.size], pt.cells[j*r.c.size:(j+1)*r.c.size])
			}
		}
	}
	return []*part{out}
}

func countStates(layer []*part) int {
	n := 0
	for _, pt := range layer {
		n += len(pt.keys)
	}
	return n
}

// step builds the next layer: each worker reads every state and keeps the
// successors whose key falls in its share.
func (r *run) step(layer []*part, st *step) ([]*part, error) {
	states := countStates(layer)
	r.nodes += int64(states)
	curBytes := int64(states) * stateBytes(r.c.size)
	r.nextCount.Store(0)
	workers := r.workers
	if states < 4096 {
		workers = 1
	}
	next := make([]*part, workers)
	var wg sync.WaitGroup
	for w := range workers {
		next[w] = r.reuse(w, max(16, states/workers))
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.expand(layer, st, next[w], w, workers, curBytes)
		}()
	}
	wg.Wait()
	switch {
	case r.overflow.Load():
		return nil, errOverflow
	case r.tooLarge.Load():
		n := int(r.nextCount.Load())
		return nil, tooLargeError(states+n, curBytes+int64(n)*stateBytes(r.c.size), r.maxBytes)
	case r.st.Stopped():
		return nil, errStopped
	}
	return next, nil
}

// expand is the hot loop: every state of the layer, every choice for the
// step's vertex, into the worker's part. It stays one function so that the
// choices share the loaded state and cells (a call per choice measured
// slower on the 12x12 kings).
func (r *run) expand(layer []*part, st *step, out *part, w, workers int, curBytes int64) {
	size := r.c.size
	var shifts [maxKinds][]shift
	for a := range r.p.g.kinds {
		if st.allowed&(1<<a) != 0 {
			shifts[a] = r.c.shift(a, st.weight)
		}
	}
	partBits := bitsFor(workers)
	mine := func(key uint64) bool {
		return workers == 1 || int((key*0xD6E8FEB86659FD93)>>(64-partBits)) == w
	}
	perState := stateBytes(size)
	seen := 0
	for _, pt := range layer {
		for j, key := range pt.keys {
			if seen++; seen&0x3fff == 0 && (r.st.Stopped() || r.tooLarge.Load() || r.overflow.Load()) {
				return
			}
			src := pt.cells[j*size : (j+1)*size]
			if nk := key &^ st.clear; mine(nk) {
				d := r.place(out, nk, perState, curBytes)
				if d < 0 {
					return
				}
				dst := out.cells[d*size : (d+1)*size]
				for x, v := range src {
					if v.lo|v.hi != 0 && dst[x].add(v.lo, v.hi, v.best) {
						r.overflow.Store(true)
					}
				}
			}
			for a := range r.p.g.kinds {
				if st.allowed&(1<<a) == 0 || key&st.forbidden[a] != 0 {
					continue
				}
				nk := (key | st.set[a]) &^ st.clear
				if !mine(nk) {
					continue
				}
				d := r.place(out, nk, perState, curBytes)
				if d < 0 {
					return
				}
				dst := out.cells[d*size : (d+1)*size]
				for x, v := range src {
					if v.lo|v.hi == 0 {
						continue
					}
					if sh := shifts[a][x]; sh.to >= 0 && dst[sh.to].add(v.lo, v.hi, v.best+sh.gain) {
						r.overflow.Store(true)
					}
				}
			}
		}
	}
}

// place finds or adds key in the worker's part, -1 when a new state would
// take the layers past the memory bound.
func (r *run) place(out *part, key uint64, perState, curBytes int64) int {
	h, found := out.probe(key)
	if found {
		return int(out.index[h].pos - 1)
	}
	n := r.nextCount.Add(1)
	if curBytes+n*perState > r.maxBytes {
		r.tooLarge.Store(true)
		return -1
	}
	return out.find(key, r.c.size)
}

func bitsFor(n int) int {
	b := 0
	for 1<<b < n {
		b++
	}
	return b
}

// reuse returns an empty part for worker w, in the memory of a spare part
// when there is one: the layers then stay in the same memory rather than
// leaving the collector a layer of garbage per step.
func (r *run) reuse(w, capacity int) *part {
	if w >= len(r.spare) {
		return newPart(r.c.size, capacity)
	}
	pt := r.spare[w]
	r.spare[w] = nil
	clear(pt.index)
	pt.keys, pt.cells = pt.keys[:0], pt.cells[:0]
	return pt
}

func newPart(size, capacity int) *part {
	n := 16
	for n < 2*capacity {
		n *= 2
	}
	return &part{
		keys:  make([]uint64, 0, capacity),
		cells: make([]cell, 0, capacity*size),
		index: make([]slot, n),
		shift: uint(64 - bitsFor(n)),
	}
}

// A slot of the index holds a key beside its position, so that a probe
// reads one place in memory: the steps are bound by cache misses on the
// index (a separate array of keys cost twice the time on 8x8 camels).
type slot struct {
	key uint64
	pos int32 // position+1, 0 for an empty slot
}

// lookup finds the position of key.
func (pt *part) lookup(key uint64) (int, bool) {
	j, found := pt.probe(key)
	if !found {
		return 0, false
	}
	return int(pt.index[j].pos - 1), true
}

// probe returns the slot of key, or the empty slot where it would go.
func (pt *part) probe(key uint64) (uint64, bool) {
	mask := uint64(len(pt.index) - 1)
	for h := (key * hashMul) >> pt.shift; ; h = (h + 1) & mask {
		sl := &pt.index[h]
		if sl.pos == 0 {
			return h, false
		}
		if sl.key == key {
			return h, true
		}
	}
}

// find returns the position of key, adding it with empty cells.
func (pt *part) find(key uint64, size int) int {
	h, found := pt.probe(key)
	if found {
		return int(pt.index[h].pos - 1)
	}
	if 2*(len(pt.keys)+1) > len(pt.index) {
		pt.grow()
		h, _ = pt.probe(key)
	}
	pt.keys = append(pt.keys, key)
	pt.index[h] = slot{key: key, pos: int32(len(pt.keys))}
	n := len(pt.cells)
	pt.cells = slices.Grow(pt.cells, size)[:n+size]
	clear(pt.cells[n:])
	return len(pt.keys) - 1
}

// grow doubles the index and puts every key back.
func (pt *part) grow() {
	pt.index = make([]slot, 2*len(pt.index))
	pt.shift--
	for j, key := range pt.keys {
		h, _ := pt.probe(key)
		pt.index[h] = slot{key: key, pos: int32(j + 1)}
	}
}
