package slide

import (
	"context"
	"fmt"
	"math/bits"

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
// numbered by uint32 indices (0 marks an orbit not visited, components are
// numbered n down to 1 and visiting indices run to n+1).
const maxComponentStates = 1<<32 - 2

// The component search runs on the folded graph: its nodes are orbits
// (each named by its least state) and a move from an orbit's least state u
// to a state t is an edge to the orbit of t, labelled with the element x of
// the group for which t = x(v), v the least state of t's orbit. Since moves
// commute with the group, a strongly connected component of orbits is the
// image of the strongly connected components of states its orbits hold,
// and the group permutes those components transitively (a state that
// reaches its own image x(s) reaches x(x(s)) and so on back to s, so the
// two lie in one component). Which elements map a component onto itself
// (its stabilizer H) is read off the labels: the search lifts every orbit
// v of its depth-first tree to a state p(v)(v) of one component F, p the
// product of the labels along the tree path; then every edge u → v inside
// the component of orbits gives p(u)∘x∘p(v)⁻¹ in H, every element h fixing
// an orbit's least state gives p(v)∘h∘p(v)⁻¹, and these generate H (a
// closed walk's label telescopes into a product of them). The component of
// orbits, of T states in all, is then |G|/|H| components of states of
// T·|H|/|G| states each. With the trivial group this is Tarjan's search on
// the state graph itself.

// A sccFrame is an orbit on the depth-first search's call stack: its
// least state, its successors (succ[next:end]), the element that lifts it
// onto the search's component (p above), and what it and the frames it
// closed over found of its component so far.
type sccFrame struct {
	v         uint32
	lift      uint8
	root      bool
	next, end int
	gens      uint64 // elements of the component's stabilizer
	states    uint64 // states of the component's orbits
}

// A sccEdge is a successor of an orbit and its label.
type sccEdge struct {
	w uint32
	x uint8
}

// components finds the strongly connected components of the implicit state
// graph from its folding (above), with Pearce's space-efficient variant of
// Tarjan's algorithm made iterative: one uint32 per state (rindex: the
// visiting order while an orbit is open, then its component number counted
// down from n, the number of states; never 0, which marks an orbit not yet
// visited, even when every state is a component of its own), one byte per state for the lift of an open orbit, a
// stack of open orbits, the call stack of frames and the successors of
// every frame on it. The first search starts from the start's orbit, so the
// components it closes are those reachable from the start (the group maps
// the start onto itself, so reachability is a property of orbits), and
// every later one is not.
func (sp *space) components(ctx context.Context, b *budget, workers int, progress func(float64, string)) (*Components, error) {
	n := sp.states()
	if n > maxComponentStates {
		return nil, fmt.Errorf("slide: %d states are more than the %d the component search numbers: %w", n, uint64(maxComponentStates), model.ErrUnsupported)
	}
	group, err := newGroupTable(sp)
	if err != nil {
		return nil, err
	}
	if err := b.reserve(int64(n)*5, "the component search's index of states"); err != nil {
		return nil, err
	}
	defer b.release(int64(n) * 5)
	reps, err := sp.representatives(ctx, b, workers)
	if reps != nil {
		defer b.release(bitsetBytes(n))
	}
	if err != nil {
		return nil, err
	}
	s := &sccSearch{sp: sp, group: group, reached: true,
		rindex: make([]uint32, n), lift: make([]uint8, n),
		open:   newStack[uint32](b, "the component search's stack of open orbits"),
		frames: newStack[sccFrame](b, "the component search's call stack"),
		succ:   newStack[sccEdge](b, "the component search's call stack"),
		index:  1, c: uint32(n), out: &Components{UnreachableSingletons: true},
		mv: newMover(sp), fold: newFolder(sp), mf: newMoveFolder(sp), state: make([]int32, sp.pieces)}
	defer s.open.free()
	defer s.frames.free()
	defer s.succ.free()
	start, _ := s.fold.fold(sp.start)
	s.start = uint32(start)
	if err := s.search(ctx, s.start, progress); err != nil {
		return nil, err
	}
	s.reached = false
	for v := uint64(0); v < n; v++ {
		if s.rindex[v] != 0 || (reps != nil && !reps.has(v)) {
			continue
		}
		if err := s.search(ctx, uint32(v), progress); err != nil {
			return nil, err
		}
	}
	return s.out, nil
}

// An sccSearch is the state of the component search.
type sccSearch struct {
	sp      *space
	group   *groupTable
	reached bool // the search from the start's orbit is running
	rindex  []uint32
	lift    []uint8 // 1 + the lift of an open orbit, 0 for others
	open    *stack[uint32]
	frames  *stack[sccFrame]
	succ    *stack[sccEdge]
	index   uint32
	c       uint32
	start   uint32
	done    uint64
	out     *Components
	opened  uint64 // orbits opened
	poll    uint64 // when to poll the context next
	mv      *mover
	fold    *folder
	mf      *moveFolder
	state   []int32
}

// search runs the depth-first search from the orbit v until its call stack
// is empty; it polls the context and reports progress every checkEvery
// orbits it opens.
func (s *sccSearch) search(ctx context.Context, v uint32, progress func(float64, string)) error {
	if err := s.push(v, 0); err != nil {
		return err
	}
	for s.frames.len() > 0 {
		if s.opened >= s.poll {
			s.poll = s.opened + checkEvery
			if err := ctx.Err(); err != nil {
				return err
			}
			if progress != nil {
				n := len(s.rindex)
				progress(float64(s.done)/float64(n), fmt.Sprintf("components: %d of %d states", s.done, n))
			}
		}
		f := s.frames.top()
		if f.next == f.end {
			if err := s.finish(); err != nil {
				return err
			}
			continue
		}
		e := *s.succ.at(f.next)
		f.next++
		lift := s.group.mul[f.lift][e.x]
		switch {
		case s.rindex[e.w] == 0:
			if err := s.push(e.w, lift); err != nil {
				return err
			}
		case s.lift[e.w] != 0: // open, so in f's component
			f.gens |= 1 << s.group.mul[lift][s.group.inv[s.lift[e.w]-1]]
			if s.rindex[e.w] < s.rindex[f.v] {
				s.rindex[f.v] = s.rindex[e.w]
				f.root = false
			}
		}
	}
	return nil
}

// push opens the orbit v, lifted by the element lift, and lists its
// successors.
func (s *sccSearch) push(v uint32, lift uint8) error {
	s.opened++
	s.rindex[v] = s.index
	s.index++
	s.lift[v] = lift + 1
	s.sp.binom.unrank(uint64(v), s.state)
	_, _, stabilizer := s.fold.orbit(s.state)
	f := sccFrame{v: v, lift: lift, root: true, next: s.succ.len(),
		states: uint64(s.group.order / bits.OnesCount64(stabilizer))}
	for h := stabilizer; h != 0; h &= h - 1 {
		f.gens |= 1 << s.group.conjugate(lift, uint8(bits.TrailingZeros64(h)))
	}
	s.mf.prepare(s.state)
	for _, m := range s.mv.successors(s.state) {
		w, by := s.mf.foldMove(s.state, m)
		if err := s.succ.push(sccEdge{w: uint32(w), x: s.group.inv[by]}); err != nil {
			return err
		}
	}
	f.end = s.succ.len()
	return s.frames.push(f)
}

// finish closes the frame on top. An orbit that is not its component's
// root stays open and hands what it found to its parent, which is in its
// component; a root closes its component: it numbers the orbits on the
// open stack above it and records the components of states they hold.
func (s *sccSearch) finish() error {
	top := s.frames.pop()
	var p *sccFrame // the parent, whose successors end where top's begin
	s.succ.truncate(0)
	if s.frames.len() > 0 {
		p = s.frames.top()
		s.succ.truncate(p.end)
	}
	if !top.root {
		if s.rindex[top.v] < s.rindex[p.v] {
			s.rindex[p.v] = s.rindex[top.v]
			p.root = false
		}
		p.gens |= top.gens
		p.states += top.states
		return s.open.push(top.v)
	}
	s.index--
	for s.open.len() > 0 && s.rindex[top.v] <= s.rindex[*s.open.top()] {
		w := s.open.pop()
		s.rindex[w], s.lift[w] = s.c, 0
		s.index--
	}
	s.rindex[top.v], s.lift[top.v] = s.c, 0
	stabilizer := bits.OnesCount64(s.group.closure(top.gens))
	copies := uint64(s.group.order / stabilizer)
	if top.states%copies != 0 {
		return fmt.Errorf("slide: a component of orbits holds %d states, which %d images of one component cannot share", top.states, copies)
	}
	// an open orbit's rindex is a visiting index, not a component number
	holdsStart := s.rindex[s.start] == s.c && s.lift[s.start] == 0
	s.out.record(top.states/copies, copies, s.reached, holdsStart)
	s.c--
	s.done += top.states
	return nil
}

// record adds finished components: copies of one size, which are
// reachable or not alike.
func (c *Components) record(size, copies uint64, reachable, holdsStart bool) {
	c.Count += copies
	for range min(copies, 2) {
		switch {
		case size > c.Largest:
			c.NextLargest, c.Largest = c.Largest, size
		case size > c.NextLargest:
			c.NextLargest = size
		}
	}
	if size == 1 {
		c.Singletons += copies
	}
	if holdsStart {
		c.StartComponent = size
	}
	if !reachable {
		c.UnreachableComponents += copies
		c.LargestUnreachable = max(c.LargestUnreachable, size)
		if size > 1 {
			c.UnreachableSingletons = false
		}
	}
}
