package slide

import (
	"context"
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// labelledReserve is how many states' bytes a labelled search reserves
// from its budget at a time.
const labelledReserve = 1 << 12

// A labelledSearch is the breadth-first search of a labelled slide: the
// states in the order found, each with its parent and the move from it.
type labelledSearch struct {
	ls       *labelledSpace
	index    map[string]int32
	keys     []string
	parent   []int32
	move     [][2]int32 // from and to square numbers
	budget   *budget
	reserved int64
}

// ShortestLabelled finds a shortest solution of a slide with different
// pieces by breadth-first search from the start (see labelled.go). It
// works on every slide model (one of identical pieces is one group), but
// Shortest is the one for those.
func ShortestLabelled(ctx context.Context, m *model.Model, opts Options) (*Outcome, error) {
	ls, err := compileLabelled(m)
	if err != nil {
		return nil, err
	}
	limit, err := memoryLimit(opts.Memory)
	if err != nil {
		return nil, err
	}
	s := &labelledSearch{ls: ls, index: map[string]int32{}, budget: &budget{limit: limit}}
	out := &Outcome{}
	defer func() { out.Peak = s.budget.peak }()
	start, goal := ls.endKey(m, false), ls.endKey(m, true)
	if err := s.add(start, -1, 0, 0); err != nil {
		return nil, err
	}
	state := make([]int, ls.pieces)
	occupied := make([]bool, len(ls.squares))
	for head, depth, levelEnd := 0, 0, 1; ; head++ {
		if head == levelEnd {
			if head == len(s.keys) {
				break
			}
			depth, levelEnd = depth+1, len(s.keys)
			if opts.Progress != nil {
				opts.Progress(-1, fmt.Sprintf("labelled slide: depth %d, %d states", depth, len(s.keys)))
			}
		}
		if s.keys[head] == goal {
			out.Found, out.Moves = true, s.path(int32(head))
			break
		}
		if head%checkEvery == 0 && ctx.Err() != nil {
			out.Forward, out.Stored = depth, len(s.keys)
			return out, nil
		}
		if err := s.expand(head, state, occupied); err != nil {
			return nil, err
		}
		out.Expanded++
		out.Forward = depth
	}
	out.Complete, out.Stored = true, len(s.keys)
	out.Forward = len(out.Moves)
	return out, nil
}

// expand adds the states one move from state number at.
func (s *labelledSearch) expand(at int, state []int, occupied []bool) error {
	ls := s.ls
	ls.decode(s.keys[at], state)
	for _, v := range state {
		occupied[v] = true
	}
	next := make([]int, len(state))
	var err error
	ls.moves(state, occupied, func(piece, to int) {
		if err != nil {
			return
		}
		copy(next, state)
		next[piece] = to
		key := ls.key(next)
		if _, seen := s.index[key]; !seen {
			err = s.add(key, int32(at), int32(state[piece]), int32(to))
		}
	})
	for _, v := range state {
		occupied[v] = false
	}
	return err
}

// add stores a new state, reserving its bytes from the budget first.
func (s *labelledSearch) add(key string, parent, from, to int32) error {
	if int64(len(s.keys)) >= s.reserved {
		if err := s.budget.reserve(labelledReserve*labelledStateBytes(s.ls.pieces), "the labelled slide's states"); err != nil {
			return err
		}
		s.reserved += labelledReserve
	}
	if len(s.keys) == 1<<31-1 {
		return fmt.Errorf("slide: a labelled slide search numbers states with int32, and passed %d: %w", len(s.keys), model.ErrUnsupported)
	}
	s.index[key] = int32(len(s.keys))
	s.keys = append(s.keys, key)
	s.parent = append(s.parent, parent)
	s.move = append(s.move, [2]int32{from, to})
	return nil
}

// path lists the moves from the start to state number at.
func (s *labelledSearch) path(at int32) []model.Move {
	var rev []model.Move
	for ; s.parent[at] >= 0; at = s.parent[at] {
		mv := s.move[at]
		rev = append(rev, model.Move{From: s.ls.squares[mv[0]], To: s.ls.squares[mv[1]]})
	}
	out := make([]model.Move, len(rev))
	for i, mv := range rev {
		out[len(rev)-1-i] = mv
	}
	return out
}
