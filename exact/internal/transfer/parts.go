package transfer

import (
	"math/bits"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// components splits the vertices that may hold a piece into the connected
// parts of the graph, each in vertex order: placements on different parts
// never attack each other, so each part is swept alone and the counts are
// combined (a colour-bound leaper such as the camel makes two parts of a
// board, walls may make more), and the states of a part are the square
// root of what one sweep over both would carry.
func (g *graph) components() [][]int32 {
	part := make([]int32, len(g.allowed))
	for v := range part {
		part[v] = -1
	}
	var out [][]int32
	for v := range g.allowed {
		if part[v] >= 0 || g.allowed[v] == 0 {
			continue
		}
		id := int32(len(out))
		members := []int32{int32(v)}
		part[v] = id
		for next := 0; next < len(members); next++ {
			for _, e := range g.adj[members[next]] {
				if part[e.to] < 0 && g.allowed[e.to] != 0 {
					part[e.to] = id
					members = append(members, e.to)
				}
			}
		}
		out = append(out, members)
	}
	for _, members := range out {
		slices.Sort(members)
	}
	return out
}

// unit is the cells of the empty board: one placement, of no pieces.
func (c *counter) unit() []cell {
	out := make([]cell, c.size)
	out[0] = cell{lo: 1}
	return out
}

// join is where two cells of independent parts go together: the cell of
// their tuples added (-1 when a kind goes past its upper bound) and the
// pieces past the tuple that count to best.
func (c *counter) join(x, y int) (int, int32) {
	to, gain := 0, 0
	for a := range c.lo {
		n := x/c.stride[a]%c.radix[a] + y/c.stride[a]%c.radix[a]
		if c.hi[a] != model.Unbounded {
			if n > c.hi[a] {
				return -1, 0
			}
		} else {
			kept := min(n, c.lo[a])
			if c.maximize {
				gain += n - kept
			}
			n = kept
		}
		to += n * c.stride[a]
	}
	return to, int32(gain)
}

// eachPair calls visit with every pair of non-empty cells of a and b that
// join in a cell (to, with gain), the cells of a in order, until it
// returns false.
func (c *counter) eachPair(a, b []cell, visit func(x, y, to int, gain int32) bool) {
	for x, u := range a {
		if u.lo|u.hi == 0 {
			continue
		}
		for y, v := range b {
			if v.lo|v.hi == 0 {
				continue
			}
			if to, gain := c.join(x, y); to >= 0 && !visit(x, y, to, gain) {
				return
			}
		}
	}
}

// combine counts the placements on two independent parts together: every
// pair of cells, their counts multiplied. It fails past 2^128.
func (c *counter) combine(a, b []cell) ([]cell, error) {
	out := make([]cell, c.size)
	overflow := false
	c.eachPair(a, b, func(x, y, to int, gain int32) bool {
		u, v := a[x], b[y]
		lo, hi, ok := mul128(u.lo, u.hi, v.lo, v.hi)
		overflow = !ok || out[to].add(lo, hi, u.best+v.best+gain)
		return !overflow
	})
	if overflow {
		return nil, errOverflow
	}
	return out, nil
}

// split finds the pair of cells, of a and of b, that combine gives cell z
// with best from: the least cell of a first, so the example is the same
// on every run.
func (c *counter) split(a, b []cell, z int, best int32) (x int, bx int32, y int, by int32, ok bool) {
	c.eachPair(a, b, func(i, j, to int, gain int32) bool {
		if to == z && a[i].best+b[j].best+gain == best {
			x, bx, y, by, ok = i, a[i].best, j, b[j].best, true
		}
		return !ok
	})
	return x, bx, y, by, ok
}

// mul128 multiplies two 128-bit numbers, reporting whether the product
// fits 128 bits.
func mul128(alo, ahi, blo, bhi uint64) (lo, hi uint64, ok bool) {
	if ahi != 0 && bhi != 0 {
		return 0, 0, false
	}
	hi, lo = bits.Mul64(alo, blo)
	c1hi, c1 := bits.Mul64(ahi, blo)
	c2hi, c2 := bits.Mul64(alo, bhi)
	if c1hi != 0 || c2hi != 0 {
		return 0, 0, false
	}
	var carry uint64
	hi, carry = bits.Add64(hi, c1, 0)
	if carry != 0 {
		return 0, 0, false
	}
	hi, carry = bits.Add64(hi, c2, 0)
	return lo, hi, carry == 0
}
