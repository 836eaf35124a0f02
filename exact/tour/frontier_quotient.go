package tour

import (
	"cmp"
	"math"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// The quotient of the move graph by one symmetry g (a vertex permutation
// of order k), for counting the tours g fixes (frontier_burnside.go).
// Its vertices are the orbits of <g> on the squares, each with a
// representative r; a square v is g^pos(v) r. Its edges are the orbits of
// <g> on the moves: a move {u, w} between two orbits becomes an edge
// carrying the voltage pos(w) - pos(u) modulo k, read from u's orbit to
// w's. A move {v, g v} within one orbit of two squares (k = 2) is a
// semi-edge of its orbit; moves between two squares g fixes are left out
// (a tour fixed by g never takes one, below).
//
// A tour fixed by g (a cycle C of the graph with gC = C) is the set of
// the move orbits it takes, and g acts on C faithfully (C passes every
// square), as an element of C's dihedral group of order k:
//   - as a rotation: no square is fixed (the orbits all have k squares),
//     and C's image is a cycle through every orbit once whose voltage
//     generates Z_k (a voltage d lifts to gcd(d, k) disjoint cycles);
//   - as a reflection (k = 2 only): C's image is a path through every
//     orbit once whose two ends are each a square g fixes (its two moves
//     on C, to u and g u, are one move orbit) or an orbit whose semi-edge
//     C takes; every fixed square is such an end, so there are at most
//     two, and any such path lifts to one tour. C never takes a move
//     between fixed squares: a reflection fixing two neighbours of a
//     cycle of three or more squares fixes it all.
//
// An undirected open tour fixed by g (g p = p or its reverse) is a closed
// tour through the extra vertex, which g fixes: g = id, or g is an
// involution acting as a reflection whose fixed vertex is the extra one,
// so its image is a path with the extra vertex's move orbit (to an orbit
// of two squares) at one end and a semi-edge or a fixed square at the
// other.
type quotient struct {
	k      int       // the order of g
	n      int       // orbits
	size   []int     // squares of each orbit
	semi   []bool    // the orbit's semi-edge is a move
	loops  [][]int   // voltages of the moves within an orbit of k squares (k > 2)
	adj    [][]qEdge // edges, from each orbit
	fixed  int       // orbits of one square
	free   bool      // every orbit has k squares
	square [][]int32 // the orbit's squares, representative first
}

// qEdge is an edge of the quotient to orbit to, with its voltage read
// from the orbit holding it.
type qEdge struct{ to, volt int }

// permOrder is the order of a permutation.
func permOrder(p []int32) int {
	k := 1
	for v := range p {
		c, w := 1, p[v]
		for ; w != int32(v); w = p[w] {
			c++
		}
		k = lcm(k, c)
	}
	return k
}

func lcm(a, b int) int { return a / gcd(a, b) * b }

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// newQuotient builds g's quotient of the move graph.
func newQuotient(g *model.MoveGraph, p []int32) *quotient {
	q := &quotient{k: permOrder(p), free: true}
	orbit, pos := make([]int, g.Len()), make([]int, g.Len())
	for v := range orbit {
		orbit[v] = -1
	}
	for v := range g.Len() {
		if orbit[v] >= 0 {
			continue
		}
		var sq []int32
		for w, i := int32(v), 0; i == 0 || w != int32(v); w, i = p[w], i+1 {
			orbit[w], pos[w] = q.n, i
			sq = append(sq, w)
		}
		q.square = append(q.square, sq)
		q.size = append(q.size, len(sq))
		if len(sq) == 1 {
			q.fixed++
		}
		q.free = q.free && len(sq) == q.k
		q.n++
	}
	q.semi, q.loops, q.adj = make([]bool, q.n), make([][]int, q.n), make([][]qEdge, q.n)
	seen := map[[2]int32]bool{}
	for u := range g.Len() {
		for _, w := range g.Neighbours(u) {
			if int(w) < u || seen[[2]int32{int32(u), w}] {
				continue
			}
			for a, b, i := int32(u), w, 0; i < q.k; a, b, i = p[a], p[b], i+1 {
				seen[[2]int32{min(a, b), max(a, b)}] = true
			}
			q.addMove(orbit[u], orbit[w], (pos[int(w)]-pos[u]+q.k)%q.k)
		}
	}
	return q
}

// addMove records the move orbit between orbits a and b of voltage d.
func (q *quotient) addMove(a, b, d int) {
	switch {
	case a == b && q.k == 2:
		q.semi[a] = true
	case a == b:
		q.loops[a] = append(q.loops[a], d)
	case q.size[a] == 1 && q.size[b] == 1:
		// between two fixed squares: no tour fixed by g takes it
	default:
		q.adj[a] = append(q.adj[a], qEdge{b, d})
		q.adj[b] = append(q.adj[b], qEdge{a, (q.k - d) % q.k})
	}
}

// qOrder puts the orbits in a line: of the orders of the board's squares
// by rank and by file, each way (lineOrders), an orbit coming where its
// first or its last square comes, the one whose frontier is the cheapest
// (the sum over the steps of 3 to its width, as frontierPlan.size).
func (q *quotient) qOrder(g *model.MoveGraph) []int {
	var best []int
	bestCost := 0.0
	for _, line := range lineOrders(g) {
		at := make([]int, g.Len())
		for i, v := range line {
			at[v] = i
		}
		for _, last := range []bool{false, true} {
			key := make([]int, q.n)
			for o, sq := range q.square {
				key[o] = at[sq[0]]
				for _, v := range sq {
					if last {
						key[o] = max(key[o], at[v])
					} else {
						key[o] = min(key[o], at[v])
					}
				}
			}
			order := make([]int, q.n)
			for o := range order {
				order[o] = o
			}
			slices.SortFunc(order, func(a, b int) int { return cmp.Compare(key[a], key[b]) })
			if cost, _ := q.orderCost(order); best == nil || cost < bestCost {
				best, bestCost = order, cost
			}
		}
	}
	return best
}

// orderCost is the sum over the steps of an order of 3 to the frontier's
// width, and the widest frontier.
func (q *quotient) orderCost(order []int) (float64, int) {
	_, last := q.positions(order)
	leaving := make([]int, q.n)
	for _, l := range last {
		leaving[l]++
	}
	cost, widest, width := 0.0, 0, 0
	for t := range order {
		width++
		widest = max(widest, width)
		width -= leaving[t]
		cost += math.Pow(3, float64(width))
	}
	return cost, widest
}

// positions gives each orbit's position in order and, for each position,
// the last position of an orbit it has an edge to (itself when none).
func (q *quotient) positions(order []int) (pos, last []int) {
	pos, last = make([]int, q.n), make([]int, q.n)
	for t, o := range order {
		pos[o] = t
	}
	for t, o := range order {
		last[t] = t
		for _, e := range q.adj[o] {
			last[t] = max(last[t], pos[e.to])
		}
	}
	return pos, last
}
