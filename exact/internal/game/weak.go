package game

import (
	"context"
	"fmt"
	"math"
	"math/bits"

	"github.com/chessmodel/chessmodel/model"
)

// The weak solution: the start's value by a search from it, for a game
// whose tables do not fit the memory bound.
//
// The search asks, for growing d, two questions of the start, each a
// property of a position and d alone (no history): win(p, d), can the
// side to move force a win within d plies; lose(p, d), can the other side
// force one within d. win(p, d) holds when some move leads to a position
// q with lose(q, d-1); lose(p, d) when the game is over at p, or every
// move leads to a q with win(q, d-1) (a side without a move loses, draws
// or passes by the rule). Repetitions need no handling: a question with a
// bound of d plies is answered the same whatever came before, so every
// answer is kept in a transposition table under the slot of the
// position's orbit, as the least d known to answer yes and the greatest
// known to answer no, and never misleads another line.
//
// The first d at which win (or lose) holds is the plies of the start
// under best play, the strong solution's plies: wins and losses are
// proven. A draw is proven when neither holds at a d of at least the
// table's slots: a forced win's plies under best play fall by one each
// ply and positions at different plies lie in different orbits, so no
// forced win is longer than the orbits, which the slots bound. Short of
// that, stopped by the timeout, the answer is unknown with the plies
// within which neither side can force a win.

// ttEntry is what the search knows of one slot: win within winAt plies
// (math.MaxInt32: not known), not within winNo (-1: not known), and the
// same of lose.
type ttEntry struct {
	key          int64 // slot+1; 0 empty
	winAt, winNo int32
	loseAt, lose int32
}

// ttEntryBytes is the bytes of a ttEntry in the table.
const ttEntryBytes = 24

// minTT is the fewest entries a search runs with.
const minTT = 1 << 10

type searcher struct {
	sp       *space
	tt       []ttEntry
	shift    uint
	stack    []*pos
	s        *scratch
	ctx      context.Context
	nodes    int64
	stopped  bool
	progress func(float64, string)
	depth    int
}

// ttSize is the entries of the transposition table a search under limit
// bytes keeps: a power of two, no more than the slots need, and at most
// what the bound leaves after the table of representatives; 0 when that
// is fewer than minTT.
func ttSize(sp *space, limit int64) int64 {
	room := (limit - sp.foldBytes()) / ttEntryBytes
	if limit < 0 {
		room = math.MaxInt64
	}
	if room < minTT {
		return 0
	}
	n := int64(minTT)
	for n < sp.slots && n*2 <= room && n < 1<<40 {
		n *= 2
	}
	return n
}

func newSearcher(ctx context.Context, sp *space, entries int64, progress func(float64, string)) *searcher {
	s := &searcher{sp: sp, tt: make([]ttEntry, entries), s: sp.newScratch(), ctx: ctx, progress: progress}
	s.shift = uint(64 - bits.TrailingZeros64(uint64(entries)))
	return s
}

// probe is the entry of key, nil when the table holds none.
func (s *searcher) probe(key int64) *ttEntry {
	e := &s.tt[(uint64(key+1)*0x9E3779B97F4A7C15)>>s.shift]
	if e.key != key+1 {
		return nil
	}
	return e
}

// entry is the entry of key, made (in place of another key's) when the
// table holds none.
func (s *searcher) entry(key int64) *ttEntry {
	e := &s.tt[(uint64(key+1)*0x9E3779B97F4A7C15)>>s.shift]
	if e.key != key+1 {
		*e = ttEntry{key: key + 1, winAt: math.MaxInt32, winNo: -1, loseAt: math.MaxInt32, lose: -1}
	}
	return e
}

// at is the scratch position of depth ply of the search.
func (s *searcher) at(ply int) *pos {
	for len(s.stack) <= ply {
		s.stack = append(s.stack, s.sp.newPos())
	}
	return s.stack[ply]
}

// play writes into c the position after the side to move at p moves its
// i-th piece to t (i < 0: passes).
func (s *searcher) play(p, c *pos, i int, t int32) {
	for side := range 2 {
		for _, q := range c.sq[side] {
			c.owner[q] = -1
		}
		copy(c.sq[side], p.sq[side])
	}
	c.toMove = 1 - p.toMove
	if i >= 0 {
		moved := replace(p.sq[p.toMove], i, t, s.s.buf)
		copy(c.sq[p.toMove], moved)
	}
	for side := range 2 {
		for _, q := range c.sq[side] {
			c.owner[q] = int8(side)
		}
	}
}

func (s *searcher) tick() bool {
	s.nodes++
	if s.nodes&(1<<14-1) == 0 {
		if s.ctx.Err() != nil {
			s.stopped = true
		}
		if s.progress != nil && s.nodes&(1<<22-1) == 0 {
			s.progress(-1, fmt.Sprintf("search within %d plies: %d nodes", s.depth, s.nodes))
		}
	}
	return s.stopped
}

// win reports whether the side to move at the position of depth ply can
// force a win within d plies. A stopped search answers false, which its
// caller never takes for an answer.
func (s *searcher) win(ply, d int) bool {
	sp := s.sp
	p := s.at(ply)
	if d%2 == 0 {
		d-- // a win takes an odd number of plies
	}
	if d < 1 || sp.over(p) || s.tick() {
		return false
	}
	key := sp.slot(p.sq[0], p.sq[1], p.toMove, s.s)
	if e := s.probe(key); e != nil && e.winAt <= int32(d) {
		return true
	} else if e != nil && e.winNo >= int32(d) {
		return false
	}
	x := p.toMove
	// A move onto the side's goal wins at once.
	won := false
	any := sp.moves(p, func(i int, t int32) bool {
		won = sp.goal[x][t]
		return !won
	})
	switch {
	case won:
		s.entry(key).winAt = 1
		return true
	case !any && sp.m.Game.Stuck != model.StuckPasses:
		s.entry(key).winNo = math.MaxInt32 // lost or drawn at once
		return false
	case !any:
		s.play(p, s.at(ply+1), -1, 0)
		won = s.lose(ply+1, d-1)
	default:
		c := s.at(ply + 1)
		sp.moves(p, func(i int, t int32) bool {
			s.play(p, c, i, t)
			won = s.lose(ply+1, d-1)
			return !won && !s.stopped
		})
	}
	if s.stopped {
		return false
	}
	e := s.entry(key)
	if won {
		e.winAt = min(e.winAt, int32(d))
	} else {
		e.winNo = max(e.winNo, int32(d))
	}
	return won
}

// lose reports whether the other side can force a win within d plies at
// the position of depth ply (the side to move loses in at most d).
func (s *searcher) lose(ply, d int) bool {
	sp := s.sp
	p := s.at(ply)
	if d%2 == 1 {
		d-- // a loss takes an even number of plies
	}
	if sp.over(p) {
		return true
	}
	if d < 0 || s.tick() {
		return false
	}
	key := sp.slot(p.sq[0], p.sq[1], p.toMove, s.s)
	if e := s.probe(key); e != nil && e.loseAt <= int32(d) {
		return true
	} else if e != nil && e.lose >= int32(d) {
		return false
	}
	x := p.toMove
	escapes := false
	any := sp.moves(p, func(i int, t int32) bool {
		escapes = sp.goal[x][t] // the side to move wins at once
		return !escapes
	})
	lost := false
	switch {
	case escapes:
		s.entry(key).lose = math.MaxInt32
		return false
	case !any:
		switch sp.m.Game.Stuck {
		case model.StuckLoses:
			s.entry(key).loseAt = 0
			return true
		case model.StuckDraw:
			s.entry(key).lose = math.MaxInt32
			return false
		}
		if d >= 2 {
			s.play(p, s.at(ply+1), -1, 0)
			lost = s.win(ply+1, d-1)
		}
	case d >= 2:
		c := s.at(ply + 1)
		// First the children the table already says are no win (one
		// refutes the loss), then the rest by search.
		refuted := false
		sp.moves(p, func(i int, t int32) bool {
			s.play(p, c, i, t)
			e := s.probe(sp.slot(c.sq[0], c.sq[1], c.toMove, s.s))
			refuted = e != nil && e.winNo >= int32(d-1)
			return !refuted
		})
		if !refuted {
			lost = true
			sp.moves(p, func(i int, t int32) bool {
				s.play(p, c, i, t)
				lost = s.win(ply+1, d-1)
				return lost && !s.stopped
			})
		}
	}
	if s.stopped {
		return false
	}
	e := s.entry(key)
	if lost {
		e.loseAt = min(e.loseAt, int32(d))
	} else {
		e.lose = max(e.lose, int32(d))
	}
	return lost
}

// weakResult is what the search proved of the start: a win or a loss
// for the side to move with its plies, a draw, or, when stopped, the
// plies within which neither side can force a win.
type weakResult struct {
	value  int // win, loss, draw; unknown when stopped
	plies  int
	within int // unknown: neither side forces a win within this many plies
	line   *model.Solution
	nodes  int64
}

// weakSolve searches the start with a transposition table of entries
// slots.
func weakSolve(ctx context.Context, sp *space, start model.GamePosition, entries int64, progress func(float64, string)) weakResult {
	s := newSearcher(ctx, sp, entries, progress)
	root := s.at(0)
	sp.set(root, start)
	bound := sp.slots // no forced win is longer than the orbits
	res := weakResult{value: unknown, within: -1}
	for d := int64(0); ; d++ {
		s.depth = int(d)
		if d > bound || d > math.MaxInt32-2 {
			res.value = draw
			break
		}
		w := s.win(0, int(d))
		l := !w && s.lose(0, int(d))
		if s.stopped {
			break
		}
		if w || l {
			res.value, res.plies = win, int(d)
			if l {
				res.value = loss
			}
			break
		}
		res.within = int(d)
		if progress != nil {
			progress(-1, fmt.Sprintf("no forced win within %d plies for either side (%d nodes)", d, s.nodes))
		}
	}
	if res.value != unknown {
		res.line = s.line(start, res.value, res.plies, int(min(bound, math.MaxInt32-2)))
		if s.stopped {
			res.line = nil
		}
	}
	res.nodes = s.nodes
	return res
}

// line is the principal variation the search proves: at a win in d the
// first move (in move order) to a loss within d-1; at a loss in d the
// first move to a win in exactly d-1 (a win within d-1 and not within
// d-3); at a draw the first move to a position the other side does not
// win within bound plies, until a position repeats.
func (s *searcher) line(start model.GamePosition, value, d, bound int) *model.Solution {
	sp := s.sp
	sol := &model.Solution{Moves: []model.Move{}}
	p := sp.newPos()
	sp.set(p, start)
	seen := map[int64]bool{}
	for len(sol.Moves) < maxLine && !s.stopped {
		key := sp.encode(p.sq[0], p.sq[1], p.toMove)
		if value == draw && seen[key] {
			sol.End = "draw"
			return sol
		}
		seen[key] = true
		if value == loss && d == 0 {
			sol.End = sp.m.Game.Sides[1-p.toMove].Label + " wins"
			return sol
		}
		if value == draw && !sp.over(p) && !sp.moves(p, func(int, int32) bool { return false }) && sp.m.Game.Stuck == model.StuckDraw {
			sol.End = "draw"
			return sol
		}
		var mv model.Move
		found := false
		sp.moves(p, func(i int, t int32) bool {
			c := s.at(1)
			s.play(p, c, i, t)
			switch value {
			case win:
				found = s.lose(1, d-1)
			case loss:
				found = s.win(1, d-1) && !s.win(1, d-3)
			default:
				found = !s.win(1, bound)
			}
			if found {
				mv = model.Move{From: sp.squares[p.sq[p.toMove][i]], To: sp.squares[t]}
			}
			return !found && !s.stopped
		})
		if !found {
			q := sp.squares[p.sq[p.toMove][0]]
			mv = model.Move{From: q, To: q}
		}
		sol.Moves = append(sol.Moves, mv)
		sp.set(p, sp.m.GamePlay(sp.position(p), mv))
		switch value {
		case win:
			value, d = loss, d-1
		case loss:
			value, d = win, d-1
		}
	}
	return sol
}
