package slide

import (
	"context"
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// Components describes the strongly connected components of the whole
// state graph (every placement of the pieces, not folded by symmetry).
type Components struct {
	Count       uint64 `json:"count"`
	Largest     uint64 `json:"largest"`
	NextLargest uint64 `json:"next_largest"`
	Singletons  uint64 `json:"singletons"`
	// StartComponent is the size of the start's component; when it equals
	// the number of reachable states, every reachable state can return to
	// the start.
	StartComponent uint64 `json:"start_component"`
	// Components with no state reachable from the start.
	UnreachableComponents uint64 `json:"unreachable_components"`
	LargestUnreachable    uint64 `json:"largest_unreachable"`
	UnreachableSingletons bool   `json:"unreachable_all_singletons"`
}

// maxComponentStates bounds the states of the component search: states are
// numbered by uint32 indices, and two values are reserved.
const maxComponentStates = 1<<32 - 2

// A sccFrame is a state on the depth-first search's call stack: its
// successors lie in succ[next:end] of the successor stack.
type sccFrame struct {
	v         uint32
	next, end int
	root      bool
}

// components finds the strongly connected components of the implicit state
// graph with Pearce's space-efficient variant of Tarjan's algorithm, made
// iterative: one uint32 per state (rindex: the visiting order while a state
// is open, then its component number counted down from the top), a stack of
// open states, and the call stack of frames with their successors. reached
// tells whether a state (by its unfolded rank) is reachable from the start.
func (sp *space) components(ctx context.Context, b *budget, reached func(uint64) bool, progress func(float64, string)) (*Components, error) {
	n := sp.states()
	if n > maxComponentStates {
		return nil, fmt.Errorf("slide: %d states are more than the %d the component search numbers: %w", n, uint64(maxComponentStates), model.ErrUnsupported)
	}
	if err := b.reserve(int64(n)*4, "the component search's index of states"); err != nil {
		return nil, err
	}
	defer b.release(int64(n) * 4)
	rindex := make([]uint32, n)
	var (
		open   []uint32
		frames []sccFrame
		succ   []uint32
		stackB int64 // bytes of the three stacks reserved so far
		index  = uint32(1)
		c      = uint32(n - 1)
		out    = &Components{UnreachableSingletons: true}
		mv     = newMover(sp)
		state  = make([]int32, sp.pieces)
		child  = make([]int32, sp.pieces)
		start  = sp.binom.rank(sp.start)
		done   uint64
	)
	defer func() { b.release(stackB) }()
	// grow reserves the stacks' memory before they grow past what is reserved.
	grow := func() error {
		need := int64(cap(open))*4 + int64(cap(frames))*24 + int64(cap(succ))*4
		if need > stackB {
			want := 2 * need
			if err := b.reserve(want-stackB, "the component search's stacks"); err != nil {
				return err
			}
			stackB = want
		}
		return nil
	}
	push := func(v uint32) {
		rindex[v] = index
		index++
		sp.binom.unrank(uint64(v), state)
		off := len(succ)
		for _, m := range mv.successors(state) {
			apply(child, state, m)
			succ = append(succ, uint32(sp.binom.rank(child)))
		}
		frames = append(frames, sccFrame{v: v, next: off, end: len(succ), root: true})
	}
	// finish closes the frame on top: a root pops its component off the
	// open stack and numbers it.
	finish := func(f *sccFrame) {
		v := f.v
		if !f.root {
			open = append(open, v)
			return
		}
		index--
		size := uint64(1)
		for len(open) > 0 && rindex[v] <= rindex[open[len(open)-1]] {
			w := open[len(open)-1]
			open = open[:len(open)-1]
			rindex[w] = c
			index--
			size++
		}
		rindex[v] = c
		out.record(size, reached(uint64(v)), rindex[start] == c)
		c--
		done += size
	}
	for s := uint64(0); s < n; s++ {
		if rindex[s] != 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if progress != nil && s%4096 == 0 {
			progress(float64(done)/float64(n), fmt.Sprintf("components: %d of %d states", done, n))
		}
		push(uint32(s))
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			if f.next < f.end {
				w := succ[f.next]
				f.next++
				if rindex[w] == 0 {
					push(w)
					if err := grow(); err != nil {
						return nil, err
					}
					continue
				}
				if rindex[w] < rindex[f.v] {
					rindex[f.v] = rindex[w]
					f.root = false
				}
				continue
			}
			finish(f)
			v := f.v
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				p := &frames[len(frames)-1]
				succ = succ[:p.end]
				if rindex[v] < rindex[p.v] {
					rindex[p.v] = rindex[v]
					p.root = false
				}
			} else {
				succ = succ[:0]
			}
		}
	}
	return out, nil
}

// record adds one finished component.
func (c *Components) record(size uint64, reachable, holdsStart bool) {
	c.Count++
	switch {
	case size > c.Largest:
		c.NextLargest, c.Largest = c.Largest, size
	case size > c.NextLargest:
		c.NextLargest = size
	}
	if size == 1 {
		c.Singletons++
	}
	if holdsStart {
		c.StartComponent = size
	}
	if !reachable {
		c.UnreachableComponents++
		c.LargestUnreachable = max(c.LargestUnreachable, size)
		if size > 1 {
			c.UnreachableSingletons = false
		}
	}
}
