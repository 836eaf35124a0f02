package transfer

import (
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// An estimate is what a plan costs, known before it runs.
type estimate struct {
	peak  float64 // most states in a layer
	bytes float64 // most memory two layers take at once
	work  float64 // cells times choices, summed over the steps
	trace float64 // the memory a trace of every layer takes
}

// smallFrontier is the bound (kinds+1)^live below which the estimate takes
// the bound itself rather than counting the placements on the frontier.
const smallFrontier = 1 << 12

// estimate bounds the states before each step by the independent
// placements on its live vertices (every one of them extends to the
// decided vertices by leaving the others empty, so the bound is met on a
// board without walls), counted by a transfer over the graph they induce.
// Frontiers of the same shape are counted once. It fails with
// model.ErrTooLarge when a count outgrows the memory bound.
func (p *plan) estimate(c *counter, limit int64, st *tasks.Stopper) (estimate, error) {
	size := c.size
	var e estimate
	seen := map[string]float64{}
	states := make([]float64, len(p.steps)+1)
	for i := range p.steps {
		s, err := p.frontierStates(p.steps[i].live, limit, st, seen)
		if err != nil {
			return e, err
		}
		states[i] = s
	}
	states[len(p.steps)] = 1
	for i := range p.steps {
		p.steps[i].live = nil // only the estimate reads them
	}
	per := float64(stateBytes(size))
	for i, st := range p.steps {
		e.peak = max(e.peak, states[i])
		e.bytes = max(e.bytes, (states[i]+states[i+1])*per)
		e.work += states[i] * float64(size) * float64(1+bits.OnesCount8(st.allowed))
		e.trace += states[i+1] * float64(traceBytes(size, c.maximize))
	}
	if e.bytes > float64(limit) {
		return e, tooLargeError(int(min(e.peak, math.MaxInt32)), int64(min(e.bytes, math.MaxInt64)), limit)
	}
	return e, nil
}

// frontierStates counts the independent placements on the live vertices.
func (p *plan) frontierStates(live []int32, limit int64, st *tasks.Stopper, seen map[string]float64) (float64, error) {
	g := p.g
	if bound := math.Pow(float64(g.kinds+1), float64(len(live))); bound <= smallFrontier {
		return bound, nil
	}
	sub, key := g.induced(live)
	if n, ok := seen[key]; ok {
		return n, nil
	}
	sp, err := newPlan(sub)
	if err != nil {
		return 0, err
	}
	c := everySize(g.kinds)
	c.prepare(sp)
	r := &run{p: sp, c: c, st: st, workers: 1, maxBytes: limit}
	cells, err := r.count()
	if err != nil {
		return 0, err
	}
	n := float64(cells[0].hi)*math.Pow(2, 64) + float64(cells[0].lo)
	seen[key] = n
	return n, nil
}

// everySize is the counter of placements of any size: one cell.
func everySize(kinds int) *counter {
	c := &counter{size: 1, shifts: map[[2]int][]shift{}}
	for range kinds {
		c.lo, c.hi = append(c.lo, 0), append(c.hi, model.Unbounded)
		c.radix, c.stride = append(c.radix, 1), append(c.stride, 1)
	}
	return c
}

// induced is the graph on the given vertices (in order) and a key that is
// the same for graphs whose frontier states are the same.
func (g *graph) induced(vs []int32) (*graph, string) {
	at := make(map[int32]int32, len(vs))
	for i, v := range vs {
		at[v] = int32(i)
	}
	sub := &graph{kinds: g.kinds, allowed: make([]uint8, len(vs)), weight: make([]int, len(vs)), adj: make([][]edge, len(vs)), squares: make([][]int32, len(vs))}
	key := make([]byte, 0, 16*len(vs))
	for i, v := range vs {
		sub.allowed[i], sub.weight[i], sub.squares[i] = g.allowed[v], g.weight[v], g.squares[v]
		for _, e := range g.adj[v] {
			if j, ok := at[e.to]; ok {
				sub.adj[i] = append(sub.adj[i], edge{to: j, conflict: e.conflict})
			}
		}
		key = append(key, g.allowed[v])
		key = binary.AppendUvarint(key, uint64(len(sub.adj[i])))
		for _, e := range sub.adj[i] {
			key = binary.AppendUvarint(key, uint64(e.to))
			key = binary.AppendUvarint(key, e.conflict)
		}
	}
	return sub, string(key)
}
