package transfer

import (
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// A graph is what the transfer sweeps: vertices in sweep order, each a set
// of squares that hold pieces together (one square, or an orbit of a
// symmetry when counting the placements it fixes), the kinds that may
// stand on it, and the pairs of vertices that conflict for some kinds.
type graph struct {
	kinds   int
	allowed []uint8   // per vertex: bit a when kind a may stand on it
	weight  []int     // per vertex: its squares, the pieces one choice places
	adj     [][]edge  // per vertex: its neighbours, earlier and later
	squares [][]int32 // per vertex: its squares (model.Board.Index)
}

// An edge leads to a neighbour; bit a*maxKinds+b of conflict says that kind
// a here and kind b there attack each other.
type edge struct {
	to       int32
	conflict uint64
}

// sweep orders squares: by rank then file (across rows), or by file then
// rank (up columns).
type sweep bool

const (
	byRows    sweep = false
	byColumns sweep = true
)

func (w sweep) String() string {
	if w == byColumns {
		return "columns"
	}
	return "rows"
}

// position is a square's place in the sweep.
func (s *spec) position(sq model.Square, w sweep) int {
	if w == byColumns {
		return sq.File*s.rows + sq.Rank
	}
	return sq.Rank*s.cols + sq.File
}

// buildGraph builds the graph of the placements fixed by t (the identity
// gives every placement): its vertices are the orbits of squares under the
// powers of t on which some kind may stand on every square without
// attacking itself, in the order of their first square in the sweep.
func (s *spec) buildGraph(t model.Transform, w sweep) *graph {
	b := s.m.Board
	orbitOf := make([]int32, b.Size())
	for i := range orbitOf {
		orbitOf[i] = -1
	}
	var orbits [][]int32 // squares of each orbit; the first is the earliest in the sweep
	for i := range orbitOf {
		if orbitOf[i] >= 0 || !s.anyAllowed(i) {
			continue
		}
		var members []int32
		for sq := b.Square(i); ; {
			j := b.Index(sq)
			if orbitOf[j] >= 0 {
				break
			}
			orbitOf[j] = int32(len(orbits))
			members = append(members, int32(j))
			sq = t.Apply(sq, s.rows, s.cols)
		}
		slices.SortFunc(members, func(x, y int32) int {
			return s.position(b.Square(int(x)), w) - s.position(b.Square(int(y)), w)
		})
		orbits = append(orbits, members)
	}
	slices.SortFunc(orbits, func(x, y []int32) int {
		return s.position(b.Square(int(x[0])), w) - s.position(b.Square(int(y[0])), w)
	})
	for v, o := range orbits {
		for _, sq := range o {
			orbitOf[sq] = int32(v)
		}
	}
	return s.linkOrbits(orbits, orbitOf)
}

// anyAllowed reports whether some kind may stand on square i.
func (s *spec) anyAllowed(i int) bool {
	for _, k := range s.kinds {
		if k.allowed[i] {
			return true
		}
	}
	return false
}

// linkOrbits sets the kinds each orbit allows and the conflicts between
// orbits: two orbits conflict for kinds a and b when a square of one and a
// square of the other do.
func (s *spec) linkOrbits(orbits [][]int32, orbitOf []int32) *graph {
	b := s.m.Board
	g := &graph{kinds: len(s.kinds), allowed: make([]uint8, len(orbits)), weight: make([]int, len(orbits)), adj: make([][]edge, len(orbits)), squares: orbits}
	conflicts := make([]uint64, len(s.leaps))
	for i, v := range s.leaps {
		conflicts[i] = s.conflict(v)
	}
	for v, o := range orbits {
		g.weight[v] = len(o)
		allowed := uint8(1<<len(s.kinds) - 1)
		links := map[int32]uint64{}
		for _, sq := range o {
			for a, k := range s.kinds {
				if !k.allowed[sq] {
					allowed &^= 1 << a
				}
			}
			from := b.Square(int(sq))
			for i, d := range s.leaps {
				to := from.Add(d)
				if !b.InBounds(to) || orbitOf[b.Index(to)] < 0 {
					continue
				}
				links[orbitOf[b.Index(to)]] |= conflicts[i]
			}
		}
		self := links[int32(v)]
		delete(links, int32(v))
		for a := range s.kinds {
			if self&(1<<(a*maxKinds+a)) != 0 {
				allowed &^= 1 << a // two squares of the orbit attack each other
			}
		}
		g.allowed[v] = allowed
		for to, c := range links {
			g.adj[v] = append(g.adj[v], edge{to: to, conflict: c})
		}
		slices.SortFunc(g.adj[v], func(x, y edge) int { return int(x.to - y.to) })
	}
	return g
}
