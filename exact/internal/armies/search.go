package armies

import (
	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
)

// A Search decides the squares in index order, each empty or holding a
// piece of one slot; each placement is reached by one path, so counts are
// exact.
type Search struct {
	t     *Tables
	st    *tasks.Stopper
	words int
	// avail is, per number of pieces placed, per slot, the squares still
	// open to the slot (only those at or after the square being decided
	// matter).
	avail  []uint64
	occ    []int32 // per square: slot+1 of its piece, 0 when empty
	light  []int   // per slot, pieces on light squares
	dark   []int
	placed []int // per group
	Chosen []int32
	// Lo and Hi bound the pieces of an accepted placement; branch and bound
	// moves them as better placements are found.
	Lo, Hi int
	Nodes  int64
	Halted bool
	// LeadersFirst keeps the first piece to slots that lead (Tables.leads):
	// every optimum keeps an image, so an optimisation may, a count not.
	LeadersFirst bool
	// Visit is called on every accepted placement; it may move Lo and Hi.
	Visit func(s *Search)

	splitDepth int // when >= 0, record the subtrees at this depth instead of searching them
	tasks      []task
	scratch    bitset.Set
}

// A task is a subtree: the pieces placed on the way to it, the square it
// decides next and its depth.
type task struct {
	chosen []int32
	square int
	depth  int
}

func newSearch(t *Tables, st *tasks.Stopper) *Search {
	words := bitset.WordsFor(t.n)
	s := &Search{t: t, st: st, words: words, splitDepth: -1,
		avail: make([]uint64, words*t.slots*(t.n+1)),
		occ:   make([]int32, t.n), light: make([]int, t.slots), dark: make([]int, t.slots),
		placed: make([]int, t.groups), scratch: bitset.New(t.n)}
	for k, start := range t.start {
		copy(s.level(0, k), start)
	}
	return s
}

// level is slot k's open squares with pieces pieces placed.
func (s *Search) level(pieces, k int) bitset.Set {
	at := (pieces*s.t.slots + k) * s.words
	return bitset.Set(s.avail[at : at+s.words : at+s.words])
}

// Start searches the whole tree.
func (s *Search) Start() { s.run(0, 0) }

// resume searches one task's subtree.
func (s *Search) resume(tk task) {
	for len(s.Chosen) > 0 {
		v := s.Chosen[len(s.Chosen)-1]
		s.unplace(int(v)/s.t.n, int(v)%s.t.n)
	}
	for _, v := range tk.chosen {
		s.place(int(v)/s.t.n, int(v)%s.t.n)
	}
	s.run(tk.square, tk.depth)
}

// run decides the squares from i on; depth counts the decisions above.
// Leaving a square empty changes nothing the search keeps, so it is the
// loop's next turn rather than a call.
func (s *Search) run(i, depth int) {
	t := s.t
	for !s.Halted {
		s.Nodes++
		if s.Nodes&1023 == 0 && s.st.Stopped() {
			s.Halted = true
			return
		}
		next := s.next(i)
		if next < 0 {
			s.leaf()
			return
		}
		if !s.feasible(next) {
			return
		}
		if depth == s.splitDepth {
			s.tasks = append(s.tasks, task{chosen: append([]int32(nil), s.Chosen...), square: next, depth: depth})
			return
		}
		for k := 0; k < t.slots && !s.Halted; k++ {
			if s.canPlace(k, next) && (!s.LeadersFirst || len(s.Chosen) > 0 || t.leads[k]) {
				s.place(k, next)
				s.run(next+1, depth+1)
				s.unplace(k, next)
			}
		}
		i, depth = next+1, depth+1
	}
}

// next is the first square from i on that some slot with room may take,
// -1 when there is none.
func (s *Search) next(i int) int {
	if i >= s.t.n {
		return -1
	}
	u := s.scratch
	clear(u)
	for k := 0; k < s.t.slots; k++ {
		if s.room(k) {
			u.Or(s.level(len(s.Chosen), k))
		}
	}
	return u.Next(i)
}

// room reports whether slot k's count rule lets one more piece in on
// some colour.
func (s *Search) room(k int) bool {
	r := s.t.p.Rules[s.t.p.RuleOf[k]]
	return !r.Over(s.light[k]+1, s.dark[k]) || !r.Over(s.light[k], s.dark[k]+1)
}

// canPlace reports whether a piece of slot k may stand on square sq: the
// square is open to it, its count allows it and, under strong attack
// with blockable lines, the first pieces along its lines back allow it.
func (s *Search) canPlace(k, sq int) bool {
	if !s.level(len(s.Chosen), k).Has(sq) {
		return false
	}
	r := s.t.p.Rules[s.t.p.RuleOf[k]]
	if s.t.p.Dark.Has(sq) && r.Over(s.light[k], s.dark[k]+1) || !s.t.p.Dark.Has(sq) && r.Over(s.light[k]+1, s.dark[k]) {
		return false
	}
	return !s.t.strong || s.lookBack(k, sq)
}

// lookBack reports whether a piece of slot k on sq and the first piece
// along each of its lines back break no rule: each attacking pair of a
// line is judged here, when its later piece is placed.
func (s *Search) lookBack(k, sq int) bool {
	t := s.t
	g := t.group[k]
	for d, ray := range t.back[sq] {
		for _, a := range ray {
			j := int(s.occ[a]) - 1
			if j < 0 {
				continue
			}
			h := t.group[j]
			if t.rides[k][d] && t.forbid[g][h] || t.ridesR[j][d] && t.forbid[h][g] {
				return false
			}
			break
		}
	}
	return true
}

// place puts a piece of slot k on sq: the next level's open squares are
// this level's less what the piece takes from each slot.
func (s *Search) place(k, sq int) {
	t := s.t
	from := len(s.Chosen)
	g := t.group[k]
	for j := 0; j < t.slots; j++ {
		next := s.level(from+1, j)
		copy(next, s.level(from, j))
		next.Clear(sq)
		h := t.group[j]
		if t.forbid[g][h] {
			next.AndNot(t.fwd[k].Row(sq))
		}
		if t.forbid[h][g] {
			next.AndNot(t.rev[j].Row(sq))
		}
	}
	s.occ[sq] = int32(k + 1)
	if t.p.Dark.Has(sq) {
		s.dark[k]++
	} else {
		s.light[k]++
	}
	s.placed[g]++
	s.Chosen = append(s.Chosen, int32(k*t.n+sq))
}

func (s *Search) unplace(k, sq int) {
	t := s.t
	s.occ[sq] = 0
	if t.p.Dark.Has(sq) {
		s.dark[k]--
	} else {
		s.light[k]--
	}
	s.placed[t.group[k]]--
	s.Chosen = s.Chosen[:len(s.Chosen)-1]
}

// leaf accepts a placement whose counts the place list and the rules
// allow.
func (s *Search) leaf() {
	t := s.t
	total := len(s.Chosen)
	if total < s.Lo || total > s.Hi {
		return
	}
	for k := 0; k < t.slots; k++ {
		if t.p.Rules[t.p.RuleOf[k]].Need(s.light[k], s.dark[k]) > 0 {
			return
		}
	}
	if t.equal {
		for _, c := range s.placed {
			if c != s.placed[0] {
				return
			}
		}
	}
	s.Visit(s)
}
