package slide

// This file is the one ride-step computation of the package: a piece slides
// along a ride direction until the next square is the edge, a wall, a square
// off the board or another piece (a maximal slide), or leaps to a free open
// square. Successors and predecessors are both derived from it.

// A move takes the piece on state[piece] to the square to.
type move struct {
	piece int32
	to    int32
}

// A mover lists the moves of states; it owns an occupancy bitset of the
// board and a buffer, so one mover serves one goroutine.
type mover struct {
	sp       *space
	occupied []uint64
	words    [][]uint64 // words[i][l]: the occupancy of line l of sp.layouts[i] (lines.go)
	moves    []move
}

func newMover(sp *space) *mover {
	mv := &mover{sp: sp, occupied: make([]uint64, (sp.squares+63)/64)}
	for _, ly := range sp.layouts {
		mv.words = append(mv.words, append([]uint64(nil), ly.ends...))
	}
	return mv
}

func (mv *mover) occupy(state []int32) {
	for _, s := range state {
		mv.occupied[s>>6] |= 1 << uint(s&63)
	}
	for i, ly := range mv.sp.layouts {
		words := mv.words[i]
		for _, s := range state {
			c := ly.cells[s]
			words[c.line] |= 1 << uint(c.pos)
		}
	}
}

func (mv *mover) vacate(state []int32) {
	for _, s := range state {
		mv.occupied[s>>6] &^= 1 << uint(s&63)
	}
	for i, ly := range mv.sp.layouts {
		words := mv.words[i]
		for _, s := range state {
			c := ly.cells[s]
			words[c.line] &^= 1 << uint(c.pos)
		}
	}
}

// end is where a piece on s stops sliding along ride direction d: by its
// line's word when the direction has lines, else by walking.
func (mv *mover) end(s int32, d int) int32 {
	rl := mv.sp.rideLines[d]
	if rl.layout < 0 {
		return mv.slideEnd(s, mv.sp.rideNext[d])
	}
	ly := mv.sp.layouts[rl.layout]
	c := ly.cells[s]
	return ly.lineEnd(c, mv.words[rl.layout][c.line], rl.up)
}

// sources appends the moves of the piece on s back along ride direction d
// to every square it may have slid from (nothing when a slide along d
// would not have stopped on s).
func (mv *mover) sources(out []move, piece int32, s int32, d int) []move {
	sp := mv.sp
	if rl := sp.rideLines[d]; rl.layout >= 0 {
		ly := sp.layouts[rl.layout]
		c := ly.cells[s]
		word := mv.words[rl.layout][c.line]
		if ly.lineEnd(c, word, rl.up) != s {
			return out
		}
		return ly.lineSources(out, piece, c, word, rl.up)
	}
	if !mv.blocked(sp.rideNext[d][s]) {
		return out // a slide along d would not have stopped on s
	}
	back := sp.rideNext[sp.rideBack[d]]
	for t := back[s]; !mv.blocked(t); t = back[t] {
		out = append(out, move{piece, t})
	}
	return out
}

// blocked reports whether a slide cannot enter s: off the board (-1) or
// occupied.
func (mv *mover) blocked(s int32) bool {
	return s < 0 || mv.occupied[s>>6]&(1<<uint(s&63)) != 0
}

// slideEnd is where a piece on s stops sliding along next: s itself when
// it cannot move.
func (mv *mover) slideEnd(s int32, next []int32) int32 {
	start := s
	for {
		n := next[s]
		if n == start {
			return start // round a wrapped line with nothing to stop it: no slide
		}
		if mv.blocked(n) {
			return s
		}
		s = n
	}
}

// successors lists every move of the state: each piece slides as far as it
// goes along each ride direction, or leaps to a free square.
func (mv *mover) successors(state []int32) []move {
	mv.occupy(state)
	out := mv.moves[:0]
	for i, s := range state {
		for d := range mv.sp.rideNext {
			if end := mv.end(s, d); end != s {
				out = append(out, move{int32(i), end})
			}
		}
		for _, to := range mv.sp.leapTo {
			if t := to[s]; !mv.blocked(t) {
				out = append(out, move{int32(i), t})
			}
		}
	}
	mv.vacate(state)
	mv.moves = out
	return out
}

// predecessors lists the moves that undo a move into the state: a piece on
// s came along direction d from any free square behind it when the square
// beyond s along d is blocked (so that the slide stopped at s), or leapt
// from a free square a leap away. The move's piece is the index of s and
// its to is the square the piece came from.
func (mv *mover) predecessors(state []int32) []move {
	mv.occupy(state)
	out := mv.moves[:0]
	sp := mv.sp
	for i, s := range state {
		for d := range sp.rideNext {
			out = mv.sources(out, int32(i), s, d)
		}
		for _, to := range sp.leapTo {
			if t := to[s]; !mv.blocked(t) {
				out = append(out, move{int32(i), t}) // leaps come in opposite pairs
			}
		}
	}
	mv.vacate(state)
	mv.moves = out
	return out
}

// apply writes into dst (len pieces) the state after the move, sorted.
func apply(dst, state []int32, m move) {
	copy(dst, state)
	i := int(m.piece)
	for i > 0 && dst[i-1] > m.to {
		dst[i] = dst[i-1]
		i--
	}
	for i < len(dst)-1 && dst[i+1] < m.to {
		dst[i] = dst[i+1]
		i++
	}
	dst[i] = m.to
}
