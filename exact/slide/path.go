package slide

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// path turns the meeting state of a bidirectional search into moves: the
// chain of folded states from the start to the meeting state (each one a
// predecessor one forward level lower) and on to the goal (each one a
// successor one backward level lower), then replayed on the real board
// from the start, taking at each step a move whose folded state is the
// next link. Moves commute with the symmetries, so such a move always
// exists, and the goal, which every symmetry of the model fixes, is reached
// itself rather than an image of it.
func (s *search) path(meet uint64) ([]model.Move, error) {
	fwd, bwd := s.table.depth(meet)
	chain := make([]uint64, fwd+bwd+1)
	chain[fwd] = meet
	for d := fwd; d > 0; d-- {
		prev, ok := s.neighbourAt(chain[d], d-1, backward, forward)
		if !ok {
			return nil, fmt.Errorf("slide: internal error: no predecessor at depth %d from the start", d-1)
		}
		chain[d-1] = prev
	}
	for d := bwd; d > 0; d-- {
		next, ok := s.neighbourAt(chain[fwd+bwd-d], d-1, forward, backward)
		if !ok {
			return nil, fmt.Errorf("slide: internal error: no successor at depth %d from the goal", d-1)
		}
		chain[fwd+bwd-d+1] = next
	}
	return s.replay(chain)
}

// neighbourAt finds a neighbour of the folded state r (a successor when
// moves is forward, a predecessor when backward) that the side of the
// search reached at exactly depth.
func (s *search) neighbourAt(r uint64, depth int, moves, of side) (uint64, bool) {
	state := make([]int32, s.sp.pieces)
	s.sp.binom.unrank(r, state)
	var list []move
	if moves == forward {
		list = s.mv.successors(state)
	} else {
		list = s.mv.predecessors(state)
	}
	for _, m := range list {
		apply(s.child, state, m)
		c, _ := s.fold.fold(s.child)
		fwd, bwd := s.table.depth(c)
		if (of == forward && fwd == depth) || (of == backward && bwd == depth) {
			return c, true
		}
	}
	return 0, false
}

// replay plays the chain of folded states on the real board.
func (s *search) replay(chain []uint64) ([]model.Move, error) {
	state := append([]int32(nil), s.sp.start...)
	var out []model.Move
	for step, want := range chain[1:] {
		found := false
		for _, m := range s.mv.successors(state) {
			apply(s.child, state, m)
			if c, _ := s.fold.fold(s.child); c == want {
				out = append(out, model.Move{From: s.sp.at[state[m.piece]], To: s.sp.at[m.to]})
				copy(state, s.child)
				found = true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("slide: internal error: move %d of the path cannot be played", step+1)
		}
	}
	for i := range state {
		if state[i] != s.sp.goal[i] {
			return nil, fmt.Errorf("slide: internal error: the path ends on %v, not on the goal", s.sp.squaresOf(state))
		}
	}
	return out, nil
}
