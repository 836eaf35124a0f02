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
// voltage read from it, and the terminals used. A class is a 256-bit key
// (vKey) in a map, with its number of ways in 128 bits: simpler and
// slower than the tour frontier's tables (5x14 closed: 0.4 million classes
// at the widest step of the half turn's quotient, about 1 µs a class
// expanded), for quotients of half as many squares or fewer. (Arrays
// indexed by a map, one lookup for a class already there, measured no
// faster: 12.0 s of CPU against 12.9 s on 5x14 closed at load 7, and
// 0.30 GB against 0.22.)

// maxVoltageSlots bounds the widest frontier the programme takes: a
// class must fit in 256 bits (vKey), 3 and 8 a slot and the bits of a
// voltage (so 31 slots without voltages, 28 with voltages modulo 2, 25
// modulo 4).
const maxVoltageSlots = 31

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
	expanded int64 // classes, all steps
	peak     int64 // most classes of one step
	progress func(float64, string)
	what     string // the count, for the progress line
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

// vState is a decoded class: per frontier slot (n of them) its degree,
// the slot of the other end of its path (terminal when a terminal), and
// the voltage from it to that end; and the terminals taken.
type vState struct {
	n               int
	deg, mate, volt [maxVoltageSlots + 1]byte
	terms, extra    int
}

// vKey is a class packed into 256 bits: the terminals taken (3 bits),
// then per slot its degree (2 bits), its mate (6 bits) and its voltage.
type vKey [4]uint64

// put writes the low width bits of x at bit at of the key.
func (k *vKey) put(at, width int, x uint64) {
	k[at/64] |= x << (at % 64)
	if over := at%64 + width - 64; over > 0 {
		k[at/64+1] |= x >> (width - over)
	}
}

// get reads width bits at bit at of the key.
func (k *vKey) get(at, width int) uint64 {
	x := k[at/64] >> (at % 64)
	if over := at%64 + width - 64; over > 0 {
		x |= k[at/64+1] << (width - over)
	}
	return x & (1<<width - 1)
}

// slotBits is the bits of a slot of a class of voltages modulo k.
func slotBits(k int) int { return 8 + bits.Len(uint(k-1)) }

func (s *vState) decode(key *vKey, n, k int) {
	sb, vb := slotBits(k), bits.Len(uint(k-1))
	s.n = n
	s.terms, s.extra = int(key.get(0, 2)), int(key.get(2, 1))
	for i := range n {
		at := 3 + i*sb
		s.deg[i] = byte(key.get(at, 2))
		s.mate[i] = byte(key.get(at+2, 6))
		if s.mate[i] == 63 {
			s.mate[i] = terminal
		}
		s.volt[i] = 0
		if vb > 0 {
			s.volt[i] = byte(key.get(at+8, vb))
		}
	}
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
	left     []int   // edges each of its slots has to later orbits (at most 2)
}

// classBytes is the memory a class takes in a step's map, counted for
// the step's classes and the step before's: an entry is 48 bytes (key and
// count) and a control byte, in tables at most 7/8 full that grow by
// doubling (so 55 to 110 bytes a class, and the old table beside the new
// one while it grows). Measured: 5x14 closed, 0.53 million classes at the
// widest step, 0.22 GB resident for the whole count.
const classBytes = 160

// count runs the programme and returns the images counted.
func (d *voltageDP) count() (*big.Int, error) {
	d.pos, d.last = d.q.positions(d.order)
	if _, widest := d.q.orderCost(d.order); 3+widest*slotBits(d.k) > 256 {
		return nil, fmt.Errorf("exact: the quotient's frontier holds %d orbits at its widest, the count of tours fixed by a symmetry takes up to %d (%d with voltages modulo %d): %w",
			widest, maxVoltageSlots, (256-3)/slotBits(d.k), d.k, model.ErrUnsupported)
	}
	cur := map[vKey]u128{{}: {0, 1}}
	var frontier []int
	for t := range d.order {
		step := d.step(t, frontier)
		next := make(map[vKey]u128, len(cur))
		var s vState
		done := 0
		for key, ways := range cur {
			s.decode(&key, len(frontier), d.k)
			s.deg[s.n], s.mate[s.n], s.volt[s.n] = 0, 0, 0
			s.n++
			d.expand(step, &s, ways, next)
			if done++; done%(1<<14) == 0 && (d.st.Stopped() || int64(len(cur)+len(next))*classBytes > d.limit) {
				break
			}
		}
		switch {
		case d.st.Stopped():
			return nil, errStopped
		case int64(len(cur)+len(next))*classBytes > d.limit:
			return nil, fmt.Errorf("exact: the count of tours fixed by a symmetry needs more than the memory bound of %s at orbit %d of %d (%d classes): %w",
				model.ByteSize(d.limit), t+1, len(d.order), len(next), model.ErrTooLarge)
		case d.overflow:
			return nil, fmt.Errorf("exact: a count of tours fixed by a symmetry passed 128 bits: %w", model.ErrUnsupported)
		}
		cur, frontier = next, step.frontier
		d.expanded += int64(len(cur))
		d.peak = max(d.peak, int64(len(cur)))
		if d.progress != nil {
			d.progress(float64(t+1)/float64(len(d.order)), fmt.Sprintf("%s: orbit %d of %d, %d classes", d.what, t+1, len(d.order), len(cur)))
		}
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
	st.terms = d.terminals(o)
	for _, p := range append(frontier, t) {
		leaves := d.last[p] <= t
		st.leaving = append(st.leaving, leaves)
		if !leaves {
			st.frontier = append(st.frontier, p)
			left := 0
			for _, e := range q.adj[d.order[p]] {
				if d.pos[e.to] > t {
					left++
				}
			}
			st.left = append(st.left, min(left, 2))
		}
	}
	return st
}

// terminals lists the terminal kinds orbit o may take.
func (d *voltageDP) terminals(o int) []int {
	q := d.q
	switch {
	case !d.paths:
		return []int{termNone}
	case q.size[o] == 1:
		return []int{termFixed}
	}
	out := []int{termNone}
	if q.semi[o] {
		out = append(out, termSemi)
	}
	if d.extra {
		out = append(out, termExtra)
	}
	return out
}

// expand makes the classes the entering orbit's choices lead to from s
// (its slot last, bare).
func (d *voltageDP) expand(st *vStep, s *vState, ways u128, next map[vKey]u128) {
	e := s.n - 1
	final := st.t == len(d.order)-1
	for _, term := range st.terms {
		for _, ch := range st.choices {
			w := *s
			if !d.takeTerminal(&w, e, term) {
				continue
			}
			kind, volt, ok := d.links(&w, e, st, ch)
			switch {
			case !ok:
			case kind != linkOpen:
				if final && d.closes(&w, kind, volt) {
					d.addTotal(ways)
				}
			case !final:
				if key, ok := d.encode(&w, st); ok {
					d.addNext(next, key, ways)
				}
			}
		}
	}
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
	for _, x := range w.deg[:w.n] {
		if x != 2 {
			return false
		}
	}
	if d.paths {
		return kind == linkPath && w.terms == 2 && (!d.extra || w.extra == 1)
	}
	return kind == linkCycle && gcd(volt, d.k) == 1
}

// encode packs the class after the step, its leaving slots cut out;
// false when one of them has not degree two, or a staying one cannot
// reach it with the edges it has left.
func (d *voltageDP) encode(w *vState, st *vStep) (vKey, bool) {
	var idx [maxVoltageSlots + 1]byte
	n := 0
	for i, leaves := range st.leaving {
		switch {
		case leaves && w.deg[i] != 2:
			return vKey{}, false
		case leaves:
		case int(w.deg[i])+st.left[n] < 2:
			return vKey{}, false
		default:
			idx[i] = byte(n)
			n++
		}
	}
	var key vKey
	key.put(0, 3, uint64(w.terms|w.extra<<2))
	sb, vb := slotBits(d.k), bits.Len(uint(d.k-1))
	at := 3
	for i, leaves := range st.leaving {
		if leaves {
			continue
		}
		m := uint64(63)
		if w.deg[i] == 1 && w.mate[i] != terminal {
			m = uint64(idx[w.mate[i]])
		} else if w.deg[i] != 1 {
			m = 0
		}
		key.put(at, 2, uint64(w.deg[i]))
		key.put(at+2, 6, m)
		if vb > 0 {
			key.put(at+8, vb, uint64(w.volt[i]))
		}
		at += sb
	}
	return key, true
}

func (d *voltageDP) addNext(next map[vKey]u128, key vKey, ways u128) {
	sum, ok := next[key].add(ways)
	d.overflow = d.overflow || !ok
	next[key] = sum
}

func (d *voltageDP) addTotal(ways u128) {
	var ok bool
	d.total, ok = d.total.add(ways)
	d.overflow = d.overflow || !ok
}
