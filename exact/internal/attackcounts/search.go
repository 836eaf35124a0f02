package attackcounts

import (
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A search decides the squares in index order, with the attack counts of
// the pieces and squares decided so far.
type search struct {
	t  *tables
	st *tasks.Stopper

	// the pieces, in square order: those on square s are start[s] ..
	// start[s]+count[s]-1
	def, slot    []int
	start, count []int
	chosen       []int32 // the placed vertices (slot*n + square)
	light, dark  []int   // per count rule of the place list
	weight       int64   // of the placed pieces

	attacks, attackers []int // per piece
	squares            []int // per square: the pieces attacking it
	trail              []int32
	stampSq, stampPc   []int64
	gen                int64
	forbidden          int // attacks the rules forbid, found by the last finish

	nodes  int64
	halted bool
	// bound prunes a subtree whose best score cannot reach it (noBound: none)
	floor int64
	// accept receives each placement that meets every rule, with its score
	accept func(score int64)
	// splitting: the subtrees at splitDepth are recorded instead of searched
	splitDepth int
	onSplit    func()
}

func newSearch(t *tables, st *tasks.Stopper) *search {
	s := &search{t: t, st: st, start: make([]int, t.n), count: make([]int, t.n),
		light: make([]int, len(t.p.Rules)), dark: make([]int, len(t.p.Rules)),
		squares: make([]int, t.n), stampSq: make([]int64, t.n), splitDepth: -1, floor: -noBound}
	return s
}

// reset empties the board.
func (s *search) reset() {
	s.def, s.slot, s.chosen = s.def[:0], s.slot[:0], s.chosen[:0]
	s.attacks, s.attackers, s.trail = s.attacks[:0], s.attackers[:0], s.trail[:0]
	clear(s.light)
	clear(s.dark)
	clear(s.squares)
	clear(s.count)
	s.weight, s.halted = 0, false
}

// put stands a piece of def (from slot, -1 for a fixed piece) on square i.
func (s *search) put(def, slot, i int) {
	if s.count[i] == 0 {
		s.start[i] = len(s.def)
	}
	s.count[i]++
	s.def, s.slot = append(s.def, def), append(s.slot, slot)
	s.attacks, s.attackers = append(s.attacks, 0), append(s.attackers, 0)
	s.stampPc = append(s.stampPc, 0)
	if slot < 0 {
		return
	}
	p := s.t.p
	s.chosen = append(s.chosen, int32(slot*s.t.n+i))
	s.weight += s.t.weight[i]
	if p.Dark.Has(i) {
		s.dark[p.RuleOf[slot]]++
	} else {
		s.light[p.RuleOf[slot]]++
	}
}

// take removes the last piece put, on square i.
func (s *search) take(i int) {
	last := len(s.def) - 1
	if slot := s.slot[last]; slot >= 0 {
		p := s.t.p
		s.chosen = s.chosen[:len(s.chosen)-1]
		s.weight -= s.t.weight[i]
		if p.Dark.Has(i) {
			s.dark[p.RuleOf[slot]]--
		} else {
			s.light[p.RuleOf[slot]]--
		}
	}
	s.count[i]--
	s.def, s.slot = s.def[:last], s.slot[:last]
	s.attacks, s.attackers, s.stampPc = s.attacks[:last], s.attackers[:last], s.stampPc[:last]
}

// Trail entries: what was incremented, to be undone.
const (
	trailAttacks = iota
	trailAttackers
	trailSquare
)

func (s *search) bump(what, i int) {
	switch what {
	case trailAttacks:
		s.attacks[i]++
	case trailAttackers:
		s.attackers[i]++
	default:
		s.squares[i]++
	}
	s.trail = append(s.trail, int32(i*3+what))
}

// undo takes back the increments after mark.
func (s *search) undo(mark int) {
	for _, e := range s.trail[mark:] {
		switch i := int(e / 3); e % 3 {
		case trailAttacks:
			s.attacks[i]--
		case trailAttackers:
			s.attackers[i]--
		default:
			s.squares[i]--
		}
	}
	s.trail = s.trail[:mark]
}

// hit records that piece a (on the square being finished) attacks the
// lower square u and the pieces on it, once per square.
func (s *search) hit(a int, u int32) {
	if s.stampSq[u] == s.gen {
		return
	}
	s.stampSq[u] = s.gen
	s.strike(a, u)
}

// strike records that piece a attacks square u and the pieces on it.
func (s *search) strike(a int, u int32) {
	s.bump(trailSquare, int(u))
	for q := s.start[u]; q < s.start[u]+s.count[u]; q++ {
		s.attack(a, q)
	}
}

// attack records that piece a attacks piece q.
func (s *search) attack(a, q int) {
	s.bump(trailAttacks, a)
	s.bump(trailAttackers, q)
	if s.t.forbid[s.group(a)][s.group(q)] {
		s.forbidden++
	}
}

// group is the group of piece a (0 without groups; fixed pieces are
// never in groups).
func (s *search) group(a int) int {
	if k := s.slot[a]; k >= 0 {
		return s.t.groupOf[k]
	}
	return 0
}

// hitBy records that piece q (on a lower square) attacks square i and the
// pieces on it, once per piece.
func (s *search) hitBy(q, i int) {
	if s.stampPc[q] == s.gen {
		return
	}
	s.stampPc[q] = s.gen
	s.bump(trailSquare, i)
	for a := s.start[i]; a < s.start[i]+s.count[i]; a++ {
		s.attack(q, a)
	}
}

// finish counts the attacks between square i, now decided, and the
// squares before it: final, since every square between two decided ones
// is decided. Pieces on i attack back along their leaps and rides (a
// ride, under strong attack, up to the first occupied square); pieces
// behind attack i the same way. A problem that is not plain settles its
// attacks by its own tables instead (settle.go).
func (s *search) finish(i int) {
	t := s.t
	if t.settleAt != nil {
		s.settle(i)
		return
	}
	s.forbidden = 0
	strong := t.p.Strong
	for a := s.start[i]; a < s.start[i]+s.count[i]; a++ {
		s.gen++
		d := s.def[a]
		for j, u := range t.leapTo[i] {
			if u >= 0 && t.hasLeap[d][j] {
				s.hit(a, u)
			}
		}
		for j, ray := range t.rayOf[i] {
			if !t.rides[d][j] {
				continue
			}
			for _, u := range ray {
				s.hit(a, u)
				if strong && s.count[u] > 0 {
					break
				}
			}
		}
	}
	s.gen++
	for j, u := range t.leapTo[i] {
		for q := s.startOf(u); u >= 0 && q < s.start[u]+s.count[u]; q++ {
			if t.hasLeapUp[s.def[q]][j] {
				s.hitBy(q, i)
			}
		}
	}
	for j, ray := range t.rayOf[i] {
		for _, u := range ray {
			for q := s.start[u]; q < s.start[u]+s.count[u]; q++ {
				if t.ridesUp[s.def[q]][j] {
					s.hitBy(q, i)
				}
			}
			if strong && s.count[u] > 0 {
				break
			}
		}
	}
}

func (s *search) startOf(u int32) int {
	if u < 0 {
		return 0
	}
	return s.start[u]
}

// overUpper reports whether an increment since mark passed an upper
// bound of a rule (counts only grow), or whether a piece attacks one
// that independence (or a group form of it) forbids it to.
func (s *search) overUpper(mark int) bool {
	t := s.t
	if s.forbidden > 0 {
		return true
	}
	for _, e := range s.trail[mark:] {
		switch i := int(e / 3); e % 3 {
		case trailAttacks:
			if s.attacks[i] > t.attacks[s.def[i]].Max {
				return true
			}
		case trailAttackers:
			if s.attackers[i] > t.attackers[s.def[i]].Max {
				return true
			}
		default:
			if t.hasSquares && s.squares[i] > t.squares.Max {
				return true
			}
		}
	}
	return false
}

// underLower reports whether a square whose counts became final with
// square i, or a piece on it, has fewer attacks than a rule asks for, or
// is left uncovered by a rule to cover every square.
func (s *search) underLower(i int) bool {
	t := s.t
	for _, u := range t.closeAt[i] {
		if s.uncovered(int(u)) {
			return true
		}
		for a := s.start[u]; a < s.start[u]+s.count[u]; a++ {
			if s.attacks[a] < t.attacks[s.def[a]].Min || s.attackers[a] < t.attackers[s.def[a]].Min {
				return true
			}
		}
	}
	return false
}

// uncovered reports whether an open square breaks the square rule or a
// rule to cover every square.
func (s *search) uncovered(u int) bool {
	t := s.t
	if !t.p.Open.Has(u) {
		return false
	}
	if t.hasSquares && !t.squares.Contains(s.squares[u]) {
		return true
	}
	if !t.p.Cover || t.p.CoverAtLeast > 0 || s.squares[u] > 0 {
		return false
	}
	return t.p.CoverWhat == model.MeasureAttacked || s.count[u] == 0
}
