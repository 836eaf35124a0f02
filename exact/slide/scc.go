package slide

import (
	"context"
	"fmt"
	"unsafe"

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

// A sccFrame is a state on the depth-first search's call stack and the
// index of its next successor.
type sccFrame struct {
	v    uint32
	next int32
	root bool
}

// components finds the strongly connected components of the implicit state
// graph with Pearce's space-efficient variant of Tarjan's algorithm, made
// iterative: one uint32 per state (rindex: the visiting order while a state
// is open, then its component number counted down from the top), a stack of
// open states, and the call stack of frames. A frame keeps only the index
// of its next successor; the successors of the frame on top are listed
// again when the search comes back to it, which happens once per edge of
// the search tree, so listing costs about twice the edges in all. reached
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
		open   = newStack[uint32](b, "the component search's stack of open states")
		frames = newStack[sccFrame](b, "the component search's call stack")
		// squares holds the state of every frame, pieces squares each, so
		// that coming back to a frame does not unrank it
		squares = newStack[int32](b, "the component search's call stack")
		list    []uint32 // successors of listed
		listSq  []int32  // their states, pieces squares each
		listed  = -1     // the depth of the frame whose successors are in list
		index   = uint32(1)
		c       = uint32(n - 1)
		out     = &Components{UnreachableSingletons: true}
		mv      = newMover(sp)
		state   = make([]int32, sp.pieces)
		child   = make([]int32, sp.pieces)
		start   = sp.binom.rank(sp.start)
		done    uint64
	)
	defer open.free()
	defer frames.free()
	defer squares.free()
	k := sp.pieces
	successors := func(depth int) {
		state := squares.items[depth*k : (depth+1)*k]
		list, listSq = list[:0], listSq[:0]
		for _, m := range mv.successors(state) {
			apply(child, state, m)
			list = append(list, uint32(sp.binom.rank(child)))
			listSq = append(listSq, child...)
		}
	}
	push := func(v uint32, state []int32) error {
		rindex[v] = index
		index++
		for _, q := range state {
			if err := squares.push(q); err != nil {
				return err
			}
		}
		return frames.push(sccFrame{v: v, root: true})
	}
	// finish closes a frame: a root pops its component off the open stack
	// and numbers it.
	finish := func(f sccFrame) error {
		v := f.v
		if !f.root {
			return open.push(v)
		}
		index--
		size := uint64(1)
		for len(open.items) > 0 && rindex[v] <= rindex[open.top()] {
			rindex[open.pop()] = c
			index--
			size++
		}
		rindex[v] = c
		out.record(size, reached(uint64(v)), rindex[start] == c)
		c--
		done += size
		return nil
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
		sp.binom.unrank(s, state)
		if err := push(uint32(s), state); err != nil {
			return nil, err
		}
		for len(frames.items) > 0 {
			depth := len(frames.items) - 1
			f := &frames.items[depth]
			if listed != depth {
				successors(depth)
				listed = depth
			}
			if i := int(f.next); i < len(list) {
				w := list[i]
				f.next++
				if rindex[w] == 0 {
					listed = -1
					if err := push(w, listSq[i*k:(i+1)*k]); err != nil {
						return nil, err
					}
				} else if rindex[w] < rindex[f.v] {
					rindex[f.v] = rindex[w]
					f.root = false
				}
				continue
			}
			top := frames.pop()
			squares.items = squares.items[:len(squares.items)-k]
			listed = -1
			if err := finish(top); err != nil {
				return nil, err
			}
			if len(frames.items) > 0 {
				p := &frames.items[len(frames.items)-1]
				if rindex[top.v] < rindex[p.v] {
					rindex[p.v] = rindex[top.v]
					p.root = false
				}
			}
		}
	}
	return out, nil
}

// A stack whose growth is reserved from a budget before it is allocated.
type stack[T any] struct {
	items    []T
	budget   *budget
	what     string
	reserved int64
}

func newStack[T any](b *budget, what string) *stack[T] { return &stack[T]{budget: b, what: what} }

func (s *stack[T]) push(v T) error {
	if len(s.items) == cap(s.items) {
		var zero T
		size := int64(unsafe.Sizeof(zero))
		grown := max(2*cap(s.items), 1024)
		// the old and the new array are both alive while copying
		if err := s.budget.reserve(int64(grown)*size, s.what); err != nil {
			return err
		}
		items := make([]T, len(s.items), grown)
		copy(items, s.items)
		s.budget.release(s.reserved)
		s.items, s.reserved = items, int64(grown)*size
	}
	s.items = append(s.items, v)
	return nil
}

func (s *stack[T]) top() T { return s.items[len(s.items)-1] }

func (s *stack[T]) pop() T {
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v
}

func (s *stack[T]) free() { s.budget.release(s.reserved) }

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
