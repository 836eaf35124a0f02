package tour

import (
	"fmt"
	"math/big"
	"math/bits"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A frontier programme over a quotient (frontier_quotient.go) that counts
// the two kinds of images of a tour fixed by g: cycles through every
// orbit whose voltage generates Z_k (rotations), and paths through every
// orbit with a terminal at each end (reflections) — a terminal is a
// semi-edge, a fixed square, or the move orbit of an open tour's extra
// vertex. The orbits enter one at a time in the order qOrder picks, and
// the partial images are grouped by what the orbits still to enter can
// see: for each frontier orbit its degree (terminals count as one), for
// each end the other end of its path (or a terminal) and the path's
// voltage read from it, and the terminals used. Classes are byte strings
// in a map, each with its number of ways in 128 bits: simpler and slower
// than the tour frontier's packed words, for quotients of half as many
// squares or fewer.

// maxVoltageSlots is the widest frontier the programme takes.
const maxVoltageSlots = 40

// terminal marks an end whose path ends in a terminal.
const terminal = 0xFF

// Terminal kinds an orbit may take as it enters.
const (
	termNone = iota
	termSemi
	termFixed
	termExtra
)

// voltageDP is one count over a quotient.
type voltageDP struct {
	q        *quotient
	k        int  // voltages are modulo k (1 for reflections: no voltages)
	paths    bool // count paths between terminals, else cycles
	extra    bool // one terminal is the extra vertex's
	order    []int
	pos      []int
	last     []int
	st       *tasks.Stopper
	limit    int64
	total    u128
	overflow bool
}

// u128 is a count of 128 bits.
type u128 struct{ hi, lo uint64 }

func (a u128) add(b u128) (u128, bool) {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, c2 := bits.Add64(a.hi, b.hi, c)
	return u128{hi, lo}, c2 == 0
}

func (a u128) big() *big.Int {
	x := new(big.Int).SetUint64(a.hi)
	return x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(a.lo))
}

// vState is a decoded class: per frontier slot its degree, the slot of
// the other end of its path (terminal when a terminal), and the voltage
// from it to that end; and the terminals taken.
type vState struct {
	deg, mate, volt []byte
	terms, extra    int
}

func (s *vState) decode(key string) {
	w := (len(key) - 1) / 3
	s.terms, s.extra = int(key[0]&3), int(key[0]>>2)
	s.deg, s.mate, s.volt = s.deg[:0], s.mate[:0], s.volt[:0]
	for i := range w {
		s.deg = append(s.deg, key[1+3*i])
		s.mate = append(s.mate, key[2+3*i])
		s.volt = append(s.volt, key[3+3*i])
	}
}

func (s *vState) copyFrom(t *vState) {
	s.deg, s.mate, s.volt = append(s.deg[:0], t.deg...), append(s.mate[:0], t.mate...), append(s.volt[:0], t.volt...)
	s.terms, s.extra = t.terms, t.extra
}

// Closings of a link.
const (
	linkOpen  = iota
	linkCycle // a cycle closed; its voltage returned
	linkPath  // a path closed between two terminals
)

// link adds the edge x-y of voltage c (read from x) between two slots of
// degree below two.
func (s *vState) link(x, y, c, k int) (int, int) {
	if s.deg[x] == 1 && s.deg[y] == 1 && int(s.mate[x]) == y {
		s.deg[x], s.deg[y] = 2, 2
		return linkCycle, (c + int(s.volt[y])) % k
	}
	mx, vx, my, vy := x, 0, y, 0
	if s.deg[x] == 1 {
		mx, vx = int(s.mate[x]), int(s.volt[x])
	}
	if s.deg[y] == 1 {
		my, vy = int(s.mate[y]), int(s.volt[y])
	}
	s.deg[x]++
	s.deg[y]++
	if mx == terminal && my == terminal {
		return linkPath, 0
	}
	v := (k - vx + c + vy) % k // from mx to my
	if mx != terminal {
		s.mate[mx], s.volt[mx] = byte(my), byte(v)
		if my == terminal {
			s.volt[mx] = 0
		}
	}
	if my != terminal {
		s.mate[my], s.volt[my] = byte(mx), byte((k-v)%k)
		if mx == terminal {
			s.volt[my] = 0
		}
	}
	for _, z := range []int{x, y} {
		if s.deg[z] == 2 {
			s.mate[z], s.volt[z] = 0, 0
		}
	}
	return linkOpen, 0
}

// vEdge is an edge of the entering orbit to a frontier slot.
type vEdge struct{ slot, volt int }

// vStep is the entering of one orbit.
type vStep struct {
	t        int
	edges    []vEdge
	choices  [][]int // subsets of edges, of at most two
	terms    []int   // terminal kinds it may take
	leaving  []bool  // slots (with the entering one last) that leave
	frontier []int   // positions of the frontier after the step
}

// count runs the programme and returns the images counted.
func (d *voltageDP) count() (*big.Int, error) {
	d.pos, d.last = d.q.positions(d.order)
	if _, widest := d.q.orderCost(d.order); widest > maxVoltageSlots {
		return nil, fmt.Errorf("exact: the quotient's frontier holds %d orbits at its widest, the count of tours fixed by a symmetry takes up to %d: %w", widest, maxVoltageSlots, model.ErrUnsupported)
	}
	cur := map[string]u128{"\x00": {0, 1}}
	var frontier []int
	for t := range d.order {
		if d.st.Stopped() {
			return nil, errStopped
		}
		step := d.step(t, frontier)
		next := make(map[string]u128, len(cur))
		var s, w vState
		buf := make([]byte, 0, 64)
		for key, ways := range cur {
			s.decode(key)
			s.deg, s.mate, s.volt = append(s.deg, 0), append(s.mate, 0), append(s.volt, 0)
			buf = d.expand(step, &s, &w, ways, next, buf)
		}
		if d.overflow {
			return nil, fmt.Errorf("exact: a count of tours fixed by a symmetry passed 128 bits: %w", model.ErrUnsupported)
		}
		if bytes := int64(len(next)) * int64(96+3*len(step.frontier)); bytes > d.limit {
			return nil, fmt.Errorf("exact: the count of tours fixed by a symmetry needs more than the memory bound of %s at orbit %d of %d (%d classes): %w",
				model.ByteSize(d.limit), t+1, len(d.order), len(next), model.ErrTooLarge)
		}
		cur, frontier = next, step.frontier
	}
	return d.total.big(), nil
}

// step lays out the entering of position t into the frontier.
func (d *voltageDP) step(t int, frontier []int) *vStep {
	q, o := d.q, d.order[t]
	st := &vStep{t: t}
	slot := map[int]int{}
	for i, p := range frontier {
		slot[p] = i
	}
	for _, e := range q.adj[o] {
		if p := d.pos[e.to]; p < t {
			st.edges = append(st.edges, vEdge{slot[p], e.volt})
		}
	}
	st.choices = [][]int{nil}
	for i := range st.edges {
		st.choices = append(st.choices, []int{i})
		for j := i + 1; j < len(st.edges); j++ {
			st.choices = append(st.choices, []int{i, j})
		}
	}
	switch {
	case !d.paths:
		st.terms = []int{termNone}
	case q.size[o] == 1:
		st.terms = []int{termFixed}
	default:
		st.terms = []int{termNone}
		if q.semi[o] {
			st.terms = append(st.terms, termSemi)
		}
		if d.extra {
			st.terms = append(st.terms, termExtra)
		}
	}
	for _, p := range append(frontier, t) {
		leaves := d.last[p] <= t
		st.leaving = append(st.leaving, leaves)
		if !leaves {
			st.frontier = append(st.frontier, p)
		}
	}
	return st
}

// expand makes the classes the entering orbit's choices lead to from s
// (its slot last, bare), with w as scratch.
func (d *voltageDP) expand(st *vStep, s, w *vState, ways u128, next map[string]u128, buf []byte) []byte {
	e := len(s.deg) - 1
	final := st.t == len(d.order)-1
	for _, term := range st.terms {
		for _, ch := range st.choices {
			w.copyFrom(s)
			if !d.takeTerminal(w, e, term) {
				continue
			}
			kind, volt, ok := d.links(w, e, st, ch)
			switch {
			case !ok:
			case kind != linkOpen:
				if final && d.closes(w, kind, volt) {
					d.addTotal(ways)
				}
			case !final:
				if key, ok := d.encode(w, st, buf); ok {
					buf = key
					d.addNext(next, key, ways)
				}
			}
		}
	}
	return buf
}

// takeTerminal gives the entering slot e the terminal term; false when
// the terminals taken would be too many.
func (d *voltageDP) takeTerminal(w *vState, e, term int) bool {
	if term == termNone {
		return true
	}
	w.deg[e], w.mate[e], w.volt[e] = 1, terminal, 0
	w.terms++
	if term == termExtra {
		w.extra++
	}
	if d.extra {
		return w.extra <= 1 && w.terms-w.extra <= 1
	}
	return w.terms <= 2
}

// links takes the chosen edges; false when a slot would pass degree two
// or a path or cycle closed before the last edge.
func (d *voltageDP) links(w *vState, e int, st *vStep, ch []int) (kind, volt int, ok bool) {
	for _, i := range ch {
		ed := st.edges[i]
		if kind != linkOpen || w.deg[e] == 2 || w.deg[ed.slot] == 2 {
			return 0, 0, false
		}
		kind, volt = w.link(e, ed.slot, ed.volt, d.k)
	}
	return kind, volt, true
}

// closes reports whether a closing on the last orbit completes an image
// that counts: every orbit of degree two, and a cycle of a generating
// voltage or a path between two terminals (one of them the extra
// vertex's, for open tours).
func (d *voltageDP) closes(w *vState, kind, volt int) bool {
	for _, x := range w.deg {
		if x != 2 {
			return false
		}
	}
	if d.paths {
		return kind == linkPath && w.terms == 2 && (!d.extra || w.extra == 1)
	}
	return kind == linkCycle && gcd(volt, d.k) == 1
}

// encode packs the class after the step, its leaving slots cut out
// (each must have degree two); false when one has not.
func (d *voltageDP) encode(w *vState, st *vStep, buf []byte) ([]byte, bool) {
	var idx [maxVoltageSlots + 2]byte
	n := 0
	for i, leaves := range st.leaving {
		if leaves {
			if w.deg[i] != 2 {
				return buf, false
			}
			continue
		}
		idx[i] = byte(n)
		n++
	}
	buf = append(buf[:0], byte(w.terms|w.extra<<2))
	for i, leaves := range st.leaving {
		if leaves {
			continue
		}
		m := w.mate[i]
		if w.deg[i] == 1 && m != terminal {
			m = idx[m]
		}
		buf = append(buf, w.deg[i], m, w.volt[i])
	}
	return buf, true
}

func (d *voltageDP) addNext(next map[string]u128, key []byte, ways u128) {
	sum, ok := next[string(key)].add(ways)
	d.overflow = d.overflow || !ok
	next[string(key)] = sum
}

func (d *voltageDP) addTotal(ways u128) {
	var ok bool
	d.total, ok = d.total.add(ways)
	d.overflow = d.overflow || !ok
}
