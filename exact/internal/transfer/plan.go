package transfer

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// A plan is the transfer's schedule over a graph. The state before vertex
// i is what stands on the live vertices — those decided before i with a
// neighbour at i or later — each in a slot of its own, kinds bits per
// slot (bit slot*kinds+a: kind a stands there). A vertex takes a slot when
// it is decided and gives it back after its last neighbour is, so the
// states are the independent placements on the frontier, and placements
// that agree there are counted together.
type plan struct {
	g     *graph
	width int // most slots live at once
	steps []step
}

// A step decides one vertex: empty, or a kind a it allows whose forbidden
// bits are all clear in the state; then the vertex's bits are set and the
// slots of the vertices that see no further are cleared.
type step struct {
	allowed   uint8
	weight    int
	forbidden [maxKinds]uint64 // per kind: state bits that attack it
	set       [maxKinds]uint64 // per kind: the vertex's own bit (0 without a slot)
	clear     uint64           // bits of the slots freed after this step
	live      []int32          // vertices live before this step, for the estimate
}

// errTooWide says that a frontier does not fit a machine word.
var errTooWide = fmt.Errorf("transfer: the frontier is wider than 64 bits of state: %w", model.ErrUnsupported)

// newPlan assigns slots in vertex order.
func newPlan(g *graph) (*plan, error) {
	n := len(g.allowed)
	last := make([]int, n) // the last neighbour that may hold a piece, or the vertex itself
	for v := range last {
		last[v] = v
		if g.allowed[v] == 0 {
			continue
		}
		for _, e := range g.adj[v] {
			if int(e.to) > last[v] && g.allowed[e.to] != 0 {
				last[v] = int(e.to)
			}
		}
	}
	p := &plan{g: g, steps: make([]step, n)}
	slot := make([]int, n)
	var free []int
	used := 0
	var live []int32
	releaseAt := make([][]int32, n)
	for i := range n {
		st := &p.steps[i]
		st.allowed, st.weight = g.allowed[i], g.weight[i]
		st.live = live
		for _, e := range g.adj[i] {
			if int(e.to) >= i || g.allowed[e.to] == 0 || st.allowed == 0 {
				continue
			}
			for a := range g.kinds {
				for b := range g.kinds {
					if e.conflict&(1<<(a*maxKinds+b)) != 0 {
						st.forbidden[a] |= 1 << (slot[e.to]*g.kinds + b)
					}
				}
			}
		}
		slot[i] = -1
		if last[i] > i {
			if len(free) > 0 {
				slot[i], free = free[len(free)-1], free[:len(free)-1]
			} else {
				slot[i] = used
				used++
			}
			if used*g.kinds > 64 {
				return nil, errTooWide
			}
			for a := range g.kinds {
				st.set[a] = 1 << (slot[i]*g.kinds + a)
			}
			releaseAt[last[i]] = append(releaseAt[last[i]], int32(i))
		}
		live = nextLive(live, i, slot[i], releaseAt[i])
		for _, u := range releaseAt[i] {
			st.clear |= (1<<g.kinds - 1) << (slot[u] * g.kinds)
			free = append(free, slot[u])
		}
	}
	p.width = used
	return p, nil
}

// nextLive is the live list after step i: without the released vertices,
// with i when it took a slot.
func nextLive(live []int32, i, slot int, released []int32) []int32 {
	out := make([]int32, 0, len(live)+1)
	for _, u := range live {
		if !containsVertex(released, u) {
			out = append(out, u)
		}
	}
	if slot >= 0 && !containsVertex(released, int32(i)) {
		out = append(out, int32(i))
	}
	return out
}

func containsVertex(vs []int32, v int32) bool {
	for _, u := range vs {
		if u == v {
			return true
		}
	}
	return false
}
