package graph

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"sync"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// MaxVertices bounds the conflict graph, whose adjacency is a bitset
// per vertex.
const MaxVertices = 8192

// A Graph joins two (piece, square) vertices that cannot both be
// placed: they attack each other (under independence, along lines cut only
// by walls) or share a square (without stack). Its vertices are partitioned
// into cliques — usually the segments of the lines between walls — which
// the search decides one at a time: at most one vertex of a clique is
// placed, so the number of cliques still open bounds the pieces to come.
type Graph struct {
	Problem   *problem.Problem
	Adj       bitset.Rows  // per vertex; empty for vertices not allowed
	Cliques   []bitset.Set // the partition the search branches on
	CliqueOf  []int32      // vertex -> index in cliques
	Bounds    [][]bitset.Set
	flatOnce  sync.Once
	flat      []FlatPartition // bounds, laid out for openFlat (flatBounds)
	KindOf    []int32         // the kind of piece (its count rule) of each vertex
	DarkOf    []bool
	Partition string // how the cliques were formed, for stats
	memory    *graphMemory
}

func New(p *problem.Problem) (*Graph, error) {
	if p.Vertices > MaxVertices {
		return nil, fmt.Errorf("exact: %d (piece, square) pairs are more than the %d the search handles: %w", p.Vertices, MaxVertices, model.ErrUnsupported)
	}
	words := bitset.WordsFor(p.Vertices)
	// the lines of the rectangle, and one more segment per square off the
	// board or walled, for each of (usually) four directions and the greedy
	// partition
	gm := takeGraphMemory(p.Vertices, words, 5*(p.Rows+p.Cols+p.Squares-p.Open.Count()))
	g := &Graph{Problem: p, Adj: bitset.Rows{Words: words, Store: gm.adj}, CliqueOf: gm.cliqueOf,
		KindOf: gm.kindOf, DarkOf: gm.darkOf, memory: gm}
	n := p.Squares
	for v := 0; v < p.Vertices; v++ {
		g.KindOf[v] = int32(p.RuleOf[v/n]) // counted by kind of piece
		g.DarkOf[v] = p.Dark.Has(v % n)
	}
	stack := p.Stack
	independent := p.Independent
	for v := p.Allowed.First(); v >= 0; v = p.Allowed.Next(v + 1) {
		k1, s1 := v/n, v%n
		for k2 := range p.Kinds {
			base := k2 * n
			if !stack && k2 != k1 && p.Allowed.Has(base+s1) {
				g.Adj.Row(v).Set(base + s1)
			}
			if !independent {
				continue
			}
			// What a k1 on s1 reaches, and the squares from which a k2
			// reaches s1 (Back: on a plain problem attacks are symmetric and
			// that is what a k2 on s1 reaches; a one-sided piece has its own).
			weak := [2]bitset.Set{p.Kinds[k1].Weak.Row(s1), p.Kinds[k2].Back.Row(s1)}
			sets := weak[:]
			if p.Kinds[k1] == p.Kinds[k2] && p.Plain {
				sets = weak[:1] // the same piece: one reach
			}
			for _, w := range sets {
				if base%64 == 0 { // whole words: the kind's vertices start a word
					adj, allowed := g.Adj.Row(v)[base/64:], p.Allowed[base/64:]
					for i, x := range w {
						adj[i] |= x & allowed[i]
					}
					continue
				}
				for s2 := w.First(); s2 >= 0; s2 = w.Next(s2 + 1) {
					if p.Allowed.Has(base + s2) {
						g.Adj.Row(v).Set(base + s2)
					}
				}
			}
		}
	}
	g.choosePartitions()
	return g, nil
}

// choosePartitions builds candidate clique partitions — the line segments of
// each ride direction all kinds share, and a greedy one — branches on the one
// with fewest cliques and bounds with the best few.
func (g *Graph) choosePartitions() {
	type named struct {
		lines   bool         // line segments (or else greedy cliques)
		d       model.Vector // the direction of the lines
		cliques []bitset.Set
	}
	parts := make([]named, 0, 5)
	p := g.Problem
	sets := &g.memory.sets
	if len(p.Kinds) > 0 && p.Independent {
		for _, d := range p.Kinds[0].Piece.Rides {
			if d.File < 0 || (d.File == 0 && d.Rank < 0) {
				continue // one of each pair of opposite directions
			}
			if c := g.LineCliques(d, sets); c != nil {
				parts = append(parts, named{true, d, c})
			}
		}
	}
	parts = append(parts, named{cliques: g.greedyCliques(sets)})
	slices.SortStableFunc(parts, func(a, b named) int { return cmp.Compare(len(a.cliques), len(b.cliques)) })
	best := parts[0]
	g.Cliques = best.cliques
	g.Partition = "greedy cliques"
	if best.lines {
		g.Partition = "lines (" + strconv.Itoa(best.d.File) + "," + strconv.Itoa(best.d.Rank) + ")"
	}
	for i, c := range g.Cliques {
		for v := c.First(); v >= 0; v = c.Next(v + 1) {
			g.CliqueOf[v] = int32(i)
		}
	}
	for _, pt := range parts {
		if len(g.Bounds) < 3 && 2*len(pt.cliques) <= 3*len(best.cliques) {
			g.Bounds = append(g.Bounds, pt.cliques)
		}
	}
}

// FlatBounds lays the bounds out for FlatPartition.Open, once: only the
// clique search reads them.
func (g *Graph) FlatBounds() []FlatPartition {
	g.flatOnce.Do(func() {
		for _, part := range g.Bounds {
			g.flat = append(g.flat, newFlatPartition(part, bitset.WordsFor(g.Problem.Vertices)))
		}
	})
	return g.flat
}

// A FlatPartition is a partition's cliques in one array, clique after
// clique, so that the bound of every search node reads memory in order.
type FlatPartition struct {
	words int
	sets  []uint64
}

func newFlatPartition(cliques []bitset.Set, words int) FlatPartition {
	f := FlatPartition{words: words, sets: make([]uint64, 0, words*len(cliques))}
	for _, c := range cliques {
		f.sets = append(f.sets, c...)
	}
	return f
}

// Open counts the cliques that still hold a candidate, stopping once it
// reaches limit (OpenCliques on the flat layout; one word per set is the
// common case and has its own loop).
func (f FlatPartition) Open(cand bitset.Set, limit int) int {
	n := 0
	if f.words == 1 {
		c := cand[0]
		for _, w := range f.sets {
			if w&c != 0 {
				if n++; n >= limit {
					return n
				}
			}
		}
		return n
	}
	for i := 0; i+f.words <= len(f.sets); i += f.words {
		if bitset.Set(f.sets[i : i+f.words]).Intersects(cand) {
			if n++; n >= limit {
				return n
			}
		}
	}
	return n
}

// A SetArena hands out the bitsets of the candidate partitions, and their
// lists, from shared arrays (a graph's memory, reused graph after graph)
// instead of a few allocations per partition.
type SetArena struct {
	words int
	store []uint64
	lists []bitset.Set
}

// NewSetArena is an arena of room for sets sets of the given words, for a
// partition built outside a graph's memory.
func NewSetArena(words, sets int) *SetArena {
	return &SetArena{words: words, store: make([]uint64, words*sets), lists: make([]bitset.Set, 0, sets)}
}

// peek is the next free set, empty; take keeps it.
func (a *SetArena) peek() bitset.Set {
	if len(a.store) < a.words {
		a.store = make([]uint64, a.words*64)
	}
	return bitset.Set(a.store[:a.words:a.words])
}

func (a *SetArena) take() { a.store = a.store[a.words:] }

// list starts a list of sets; add appends to it and done closes it (or
// drop forgets it).
func (a *SetArena) list() int        { return len(a.lists) }
func (a *SetArena) add(c bitset.Set) { a.lists = append(a.lists, c) }
func (a *SetArena) drop(from int)    { a.lists = a.lists[:from] }
func (a *SetArena) done(from int) []bitset.Set {
	return a.lists[from:len(a.lists):len(a.lists)]
}

// LineCliques returns the segments of the lines in direction d between
// walls, as sets of vertices, or nil when a segment is not a clique (a kind
// that does not ride d, or pieces that may stack).
func (g *Graph) LineCliques(d model.Vector, sets *SetArena) []bitset.Set {
	p := g.Problem
	// one word holds every vertex: the segments by bitboard rays, and the
	// square behind each by a one-step table
	var rays, behind []uint64
	if sets.words == 1 {
		rays = problem.EmptyRays(p.Rows, p.Cols, d, true)
		behind = problem.EmptyRays(p.Rows, p.Cols, model.Vector{File: -d.File, Rank: -d.Rank}, false)
	}
	cliques := g.SegmentsAreCliques(d)
	from := sets.list()
	for i := 0; i < p.Squares; i++ {
		if !p.Open.Has(i) {
			continue
		}
		if behind != nil && behind[i]&p.Open[0] != 0 || behind == nil && p.OpenAt(i%p.Cols-d.File, i/p.Cols-d.Rank) {
			continue // not the start of a segment
		}
		c := sets.peek()
		var members int
		if rays != nil {
			members = g.WordSegment(c, rays, i, d)
		} else {
			members = g.WalkSegment(c, i, d)
		}
		if members == 0 {
			continue
		}
		for v := c.First(); v >= 0 && !cliques; v = c.Next(v + 1) {
			if g.Adj.Row(v).CountAnd(c) != members-1 {
				clear(c)
				sets.drop(from)
				return nil
			}
		}
		sets.take()
		sets.add(c)
	}
	return sets.done(from)
}

// SegmentsAreCliques reports whether every segment in direction d is a
// clique by the model's rules, without a look at the graph: under
// independence, when every kind of piece rides d and two pieces never share
// a square, each piece on a segment attacks the others along it.
func (g *Graph) SegmentsAreCliques(d model.Vector) bool {
	if !g.Problem.Independent || g.Problem.Stack || !g.Problem.Plain {
		return false // a wrapped line's segments are checked against the graph
	}
	for _, k := range g.Problem.Kinds {
		if !slices.Contains(k.Piece.Rides, d) {
			return false
		}
	}
	return true
}

// WalkSegment puts into c the vertices of the segment from square i in
// direction d, walking it, and returns how many there are.
func (g *Graph) WalkSegment(c bitset.Set, i int, d model.Vector) int {
	p := g.Problem
	members := 0
	for f, r := i%p.Cols, i/p.Cols; p.OpenAt(f, r); f, r = f+d.File, r+d.Rank {
		for k := range p.Kinds {
			if v := k*p.Squares + r*p.Cols + f; p.Allowed.Has(v) {
				c.Set(v)
				members++
			}
		}
	}
	return members
}

// WordSegment is walkSegment when every vertex fits in one word, from the
// direction's rays on the empty rectangle (rays.go).
func (g *Graph) WordSegment(c bitset.Set, rays []uint64, i int, d model.Vector) int {
	p := g.Problem
	squares := problem.RideReach(rays, i, ^p.Open[0], d.Rank*p.Cols+d.File > 0) | 1<<uint(i)
	var v uint64
	for k := range p.Kinds {
		v |= squares << uint(k*p.Squares)
	}
	c[0] = v & p.Allowed[0]
	return bits.OnesCount64(c[0])
}

// greedyCliques grows a clique from each vertex not yet covered, adding the
// least vertex adjacent to all so far: rows for queens, 2x2 blocks for kings.
func (g *Graph) greedyCliques(sets *SetArena) []bitset.Set {
	p := g.Problem
	left := bitset.New(p.Vertices)
	left.CopyFrom(p.Allowed)
	common := bitset.New(p.Vertices)
	from := sets.list()
	for v := left.First(); v >= 0; v = left.First() {
		c := sets.peek()
		sets.take()
		c.Set(v)
		left.Clear(v)
		common.CopyFrom(g.Adj.Row(v))
		common.And(left)
		for u := common.First(); u >= 0; u = common.First() {
			c.Set(u)
			left.Clear(u)
			common.And(g.Adj.Row(u))
		}
		sets.add(c)
	}
	return sets.done(from)
}

// OpenCliques counts the cliques of a partition that still hold a candidate,
// stopping once it reaches limit.
func OpenCliques(part []bitset.Set, cand bitset.Set, limit int) int {
	n := 0
	for _, c := range part {
		if c.Intersects(cand) {
			n++
			if n >= limit {
				return n
			}
		}
	}
	return n
}

// RootBound is a proven bound on the objective before any search: for a
// maximum, the place list's limit and one piece per clique of every
// partition; for a minimum, the least the place list asks for. It is what a
// search stopped early can still claim.
func (g *Graph) RootBound(lo, hi int, sense model.Optimize) int64 {
	if sense == model.Minimize {
		return int64(lo)
	}
	bound := hi
	for _, part := range append(g.Bounds, g.Cliques) {
		bound = min(bound, OpenCliques(part, g.Problem.Allowed, bound+1))
	}
	return int64(bound)
}
