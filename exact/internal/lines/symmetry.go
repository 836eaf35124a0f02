package lines

import (
	"cmp"
	"math/big"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Classes up to the model's symmetry group by Burnside's lemma: the mean
// over the group of the placements each element maps onto themselves.
//
// A placement a symmetry g fixes is a union of orbits of squares under g.
// g maps segments to segments (the board is its own image), so the
// segments fall into orbits too. An orbit of squares two of which share a
// segment is never in a fixed placement. Any other orbit O puts one piece
// on every segment of the one or two orbits of segments its squares lie on
// (its segments are closed under g), and two such orbits of squares
// conflict exactly when they share an orbit of segments. So the fixed
// placements are the matchings of the graph whose vertices are the orbits
// of segments and whose edges (loops where a square's two segments lie in
// one orbit) are the orbits of squares, each weighing its size in pieces:
// a general graph, counted by a frontier over its edges in the order of
// their first square.

// An orbitEdge is an orbit of squares that may be filled: its pieces and
// the orbits of segments it takes (u == v for a loop).
type orbitEdge struct {
	pieces int
	u, v   int
}

// A fixedPlan is the count of the placements one symmetry fixes.
type fixedPlan struct {
	edges    []orbitEdge
	vertices int
	width    int // the most vertices open at once
	degree   int // the most pieces counted

	// nested: the graph is simple and bipartite, one side's neighbourhoods
	// are nested and every edge weighs weight pieces, so its matchings are
	// the Ferrers product's with each piece counted weight times (sizes:
	// the side's neighbourhoods, smallest first); width is then 0
	nested bool
	sizes  []int
	weight int
}

// symmetryPlan builds the fixed plan of g, or false when g does not map
// the families of lines onto each other.
func (s *spec) symmetryPlan(g model.Transform, degree int) (fixedPlan, bool) {
	b := s.board
	rows, cols := b.Rows, b.Cols
	idsA, na := segments(b, s.steps[0])
	idsB, nb := segments(b, s.steps[1])
	image := func(v model.Vector) model.Vector {
		o := g.Apply(model.Square{}, rows, cols)
		t := g.Apply(model.Square{File: v.File, Rank: v.Rank}, rows, cols)
		return model.Vector{File: t.File - o.File, Rank: t.Rank - o.Rank}
	}
	for _, d := range s.steps {
		if e := image(d); !parallel(e, s.steps[0]) && !parallel(e, s.steps[1]) {
			return fixedPlan{}, false
		}
	}
	// the orbits of segments: each segment joined to its image, read off
	// the image of any of its squares
	parent := make([]int, na+nb)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	segmentOf := func(sq model.Square, family int) int {
		if family == 0 {
			return idsA[b.Index(sq)]
		}
		return na + idsB[b.Index(sq)]
	}
	familyOf := func(family int) int { // the family g maps a family to
		if parallel(image(s.steps[family]), s.steps[0]) {
			return 0
		}
		return 1
	}
	for i := 0; i < b.Size(); i++ {
		sq := b.Square(i)
		if idsA[i] < 0 {
			continue
		}
		t := g.Apply(sq, rows, cols)
		for family := 0; family < 2; family++ {
			parent[find(segmentOf(sq, family))] = find(segmentOf(t, familyOf(family)))
		}
	}
	// the orbits of allowed squares, in the order of their first square
	p := fixedPlan{degree: degree}
	vertex := map[int]int{}
	vertexOf := func(seg int) int {
		r := find(seg)
		v, seen := vertex[r]
		if !seen {
			v = len(vertex)
			vertex[r] = v
		}
		return v
	}
	done := make([]bool, b.Size())
	for i := 0; i < b.Size(); i++ {
		sq := b.Square(i)
		if done[i] || idsA[i] < 0 || s.classOf(sq) < 0 {
			continue
		}
		var orbit []model.Square
		for t := sq; !done[b.Index(t)]; t = g.Apply(t, rows, cols) {
			done[b.Index(t)] = true
			orbit = append(orbit, t)
		}
		if selfConflict(orbit, segmentOf) {
			continue
		}
		p.edges = append(p.edges, orbitEdge{pieces: len(orbit), u: vertexOf(segmentOf(sq, 0)), v: vertexOf(segmentOf(sq, 1))})
	}
	p.vertices = len(vertex)
	if p.nestedSides() {
		return p, true
	}
	p.narrowest()
	return p, true
}

// nestedSides reports whether the orbit graph is a Ferrers board of
// uniform weight (see fixedPlan.nested) and if so plans it so: the
// mirrors of an even board of bishops are (an orbit {x, g x} joins the
// diagonal of x, paired with its mirror anti-diagonal, to the diagonal
// paired with x's anti-diagonal), whose frontiers are the widest.
func (p *fixedPlan) nestedSides() bool {
	if len(p.edges) == 0 {
		return false
	}
	weight := p.edges[0].pieces
	side := make([]int, p.vertices)
	for v := range side {
		side[v] = -1
	}
	adj := make([][]int, p.vertices)
	seen := map[[2]int]bool{}
	for _, e := range p.edges {
		pair := [2]int{min(e.u, e.v), max(e.u, e.v)}
		if e.u == e.v || e.pieces != weight || seen[pair] {
			return false // a loop, mixed weights or parallel edges
		}
		seen[pair] = true
		adj[e.u] = append(adj[e.u], e.v)
		adj[e.v] = append(adj[e.v], e.u)
	}
	for start := range side { // two-colour each part
		if side[start] >= 0 {
			continue
		}
		side[start] = 0
		queue := []int{start}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			for _, w := range adj[v] {
				switch {
				case side[w] < 0:
					side[w] = 1 - side[v]
					queue = append(queue, w)
				case side[w] == side[v]:
					return false // an odd cycle
				}
			}
		}
	}
	for colour := 0; colour < 2; colour++ {
		var sets [][]int
		for v := range adj {
			if side[v] == colour {
				sets = append(sets, adj[v])
			}
		}
		if order, ok := nested(sets, p.vertices); ok {
			p.nested, p.weight = true, weight
			for _, i := range order {
				p.sizes = append(p.sizes, len(sets[i]))
			}
			return true
		}
	}
	return false
}

// narrowest orders the edges for the narrowest frontier among a few
// orders: the squares' (each orbit by its first square), and the edges
// sorted by their later and then their earlier vertex, vertices numbered
// in the order the squares first reach them or by a breadth-first walk.
func (p *fixedPlan) narrowest() {
	best := slices.Clone(p.edges)
	p.width = edgeFrontierWidth(best, p.vertices)
	try := func(rank []int) {
		edges := slices.Clone(p.edges)
		key := func(e orbitEdge) (int, int) {
			a, b := rank[e.u], rank[e.v]
			return max(a, b), min(a, b)
		}
		slices.SortStableFunc(edges, func(x, y orbitEdge) int {
			x1, x2 := key(x)
			y1, y2 := key(y)
			return cmp.Or(cmp.Compare(x1, y1), cmp.Compare(x2, y2))
		})
		if w := edgeFrontierWidth(edges, p.vertices); w < p.width {
			best, p.width = edges, w
		}
	}
	identity := make([]int, p.vertices)
	for v := range identity {
		identity[v] = v
	}
	try(identity)
	try(breadthFirst(p.edges, p.vertices))
	p.edges = best
}

// breadthFirst numbers the vertices in the order of a breadth-first walk
// from the first edge's, each part in turn.
func breadthFirst(edges []orbitEdge, vertices int) []int {
	adj := make([][]int, vertices)
	for _, e := range edges {
		adj[e.u] = append(adj[e.u], e.v)
		adj[e.v] = append(adj[e.v], e.u)
	}
	rank := make([]int, vertices)
	for v := range rank {
		rank[v] = -1
	}
	next := 0
	for start := 0; start < vertices; start++ {
		if rank[start] >= 0 {
			continue
		}
		rank[start] = next
		next++
		queue := []int{start}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			for _, w := range adj[v] {
				if rank[w] < 0 {
					rank[w] = next
					next++
					queue = append(queue, w)
				}
			}
		}
	}
	return rank
}

// selfConflict reports whether two squares of an orbit share a segment.
func selfConflict(orbit []model.Square, segmentOf func(model.Square, int) int) bool {
	seen := map[int]bool{}
	for _, sq := range orbit {
		for family := 0; family < 2; family++ {
			seg := segmentOf(sq, family)
			if seen[seg] {
				return true
			}
			seen[seg] = true
		}
	}
	return false
}

// edgeSpans gives each vertex's first and last edge (-1 when none).
func edgeSpans(edges []orbitEdge, vertices int) (first, last []int) {
	first, last = make([]int, vertices), make([]int, vertices)
	for v := range first {
		first[v], last[v] = -1, -1
	}
	for i, e := range edges {
		for _, v := range []int{e.u, e.v} {
			if first[v] < 0 {
				first[v] = i
			}
			last[v] = i
		}
	}
	return first, last
}

// edgeFrontierWidth is the most vertices open at once over the edges.
func edgeFrontierWidth(edges []orbitEdge, vertices int) int {
	first, last := edgeSpans(edges, vertices)
	opens := make([]int, len(edges)+1)
	closes := make([]int, len(edges)+1)
	for v := range first {
		if first[v] >= 0 {
			opens[first[v]]++
			closes[last[v]]++
		}
	}
	width, open := 0, 0
	for i := range edges {
		open += opens[i]
		width = max(width, open)
		open -= closes[i]
	}
	return width
}

// bytes is what the frontier holds at its widest.
func (p fixedPlan) bytes() float64 { return layerBytes(p.width, p.degree) }

// count counts the matchings of the orbit graph by pieces: per set of the
// open vertices taken, the counts so far, as frontierPolynomial does.
func (p fixedPlan) count(st *tasks.Stopper) ([]*big.Int, error) {
	if p.nested {
		ferrers := nestedPolynomial(p.sizes, st)
		if ferrers == nil {
			return nil, errStopped
		}
		out := make([]*big.Int, (len(ferrers)-1)*p.weight+1)
		for j := range out {
			out[j] = new(big.Int)
			if j%p.weight == 0 {
				out[j] = ferrers[j/p.weight]
			}
		}
		return out, nil
	}
	first, last := edgeSpans(p.edges, p.vertices)
	width := p.degree + 1
	slot := make([]int, p.vertices)
	var free []int
	for s := max(p.width, 1) - 1; s >= 0; s-- {
		free = append(free, s)
	}
	cur := newLayer(width)
	one := make([]u128, width)
	one[0] = u128{lo: 1}
	cur.add(0, one, 0)
	for i, e := range p.edges {
		if st.Stopped() {
			return nil, errStopped
		}
		ends := []int{e.u, e.v}
		if e.u == e.v { // a loop takes its one vertex
			ends = ends[:1]
		}
		var closing uint64
		for _, v := range ends {
			if first[v] == i {
				slot[v], free = free[len(free)-1], free[:len(free)-1]
			}
			if last[v] == i {
				closing |= 1 << uint(slot[v])
			}
		}
		bits := uint64(1)<<uint(slot[e.u]) | uint64(1)<<uint(slot[e.v])
		next := newLayer(width)
		for k, key := range cur.keys {
			poly := cur.counts[k*width : (k+1)*width]
			next.add(key&^closing, poly, 0)
			if key&bits == 0 {
				next.add((key|bits)&^closing, poly, e.pieces)
			}
		}
		if !next.ok {
			return nil, errOverflow
		}
		for _, v := range ends {
			if last[v] == i {
				free = append(free, slot[v])
			}
		}
		cur = next
	}
	out := make([]*big.Int, width)
	for j := range out {
		out[j] = new(big.Int)
		if len(cur.keys) > 0 {
			out[j] = cur.counts[j].big() // every vertex closed: the one state 0
		}
	}
	return out, nil
}
