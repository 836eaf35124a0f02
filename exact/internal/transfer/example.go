package transfer

import "github.com/chessmodel/chessmodel/model"

// A trace keeps every layer of a run — its keys and, per cell, the best
// (-1 for an empty cell) — so that one placement can be read back from the
// final cells: the example solution of a count. Without an objective
// every best is 0, and a byte a cell keeps it.
type trace struct {
	layers   []traced
	maximize bool
}

type traced struct {
	keys  []uint64
	best  []int32 // per key, per cell, when maximising
	small []int8  // per key, per cell, otherwise
}

// bestAt is the best of cell x of the j-th state.
func (t *traced) bestAt(j, size, x int) int32 {
	if t.best != nil {
		return t.best[j*size+x]
	}
	return int32(t.small[j*size+x])
}

// traceBytes is what a trace keeps per state.
func traceBytes(size int, maximize bool) int64 {
	if maximize {
		return 8 + 4*int64(size)
	}
	return 8 + int64(size)
}

// record appends a layer.
func (tr *trace) record(layer []*part, size int) {
	n := countStates(layer)
	t := traced{keys: make([]uint64, 0, n)}
	if tr.maximize {
		t.best = make([]int32, 0, n*size)
	} else {
		t.small = make([]int8, 0, n*size)
	}
	for _, pt := range layer {
		t.keys = append(t.keys, pt.keys...)
		for _, c := range pt.cells {
			b := c.best
			if c.lo|c.hi == 0 {
				b = -1
			}
			if tr.maximize {
				t.best = append(t.best, b)
			} else {
				t.small = append(t.small, int8(b))
			}
		}
	}
	tr.layers = append(tr.layers, t)
}

// example reads back the choice at every vertex (-1 empty, or a kind) of a
// placement that reaches cell x with best of the final state, from the
// last vertex to the first: at each step the predecessor with the least
// key, then empty before the kinds in order, then the least cell — so the
// example does not depend on how the workers shared the keys.
func (tr *trace) example(p *plan, c *counter, x int, best int32) []int8 {
	choice := make([]int8, len(p.steps))
	key := uint64(0)
	for i := len(p.steps) - 1; i >= 0; i-- {
		layer := tr.layers[i]
		found := false
		var bk uint64
		var bx int
		var bb int32
		var ba int8
		for j, k := range layer.keys {
			if found && k >= bk {
				continue
			}
			cells := func(y int) int32 { return layer.bestAt(j, c.size, y) }
			if y, b, a, ok := predecessor(&p.steps[i], c, k, cells, key, x, best); ok {
				found, bk, bx, bb, ba = true, k, y, b, a
			}
		}
		if !found {
			return nil // not reached: the trace is the run's own layers
		}
		key, x, best, choice[i] = bk, bx, bb, ba
	}
	return choice
}

// predecessor says whether state k (its cells' bests) leads by one choice
// at step st to cell x with best of state key, and by which choice from
// which cell.
func predecessor(st *step, c *counter, k uint64, cells func(int) int32, key uint64, x int, best int32) (int, int32, int8, bool) {
	if k&^st.clear == key && cells(x) == best {
		return x, best, -1, true
	}
	for a := range len(c.lo) {
		if st.allowed&(1<<a) == 0 || k&st.forbidden[a] != 0 || (k|st.set[a])&^st.clear != key {
			continue
		}
		for y, sh := range c.shift(a, st.weight) {
			if b := cells(y); int(sh.to) == x && b >= 0 && b+sh.gain == best {
				return y, b, int8(a), true
			}
		}
	}
	return 0, 0, 0, false
}

// solution turns the choices at the vertices into a placement.
func (s *spec) solution(g *graph, choice []int8) *model.Solution {
	if choice == nil {
		return nil
	}
	b := s.m.Board
	sol := &model.Solution{}
	for v, a := range choice {
		if a < 0 {
			continue
		}
		for _, sq := range g.squares[v] {
			sol.Pieces = append(sol.Pieces, model.Placed{Piece: s.kinds[a].piece.Name, Square: b.Square(int(sq))})
		}
	}
	sol.Normalize()
	return sol
}
