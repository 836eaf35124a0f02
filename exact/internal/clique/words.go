package clique

import (
	"math/bits"
	"sync"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
)

// A WordSearch is the Search of a graph whose vertices fit one word
// (an 8x8 board with one kind of piece, the wall sweeps' boards): the same
// branching, the same bounds and the same order of visits, so the same sets
// are found, with the candidates of a node in a few words passed by value.
//
// Its bound is cheaper than scanning the cliques of each partition. Every
// bounding partition has a numbering in which each of its cliques is a run
// of consecutive bits (the vertex numbering itself when the cliques already
// are, as rows of squares are), and the search carries its candidates in
// each numbering it needs (one and-not more per step). Adding the bits of a
// run below its top to the candidates among them carries into the top bit
// exactly when one of them is set, so
//
//	popcount(((cand & low) + low | cand) & top)
//
// counts the runs that still hold a candidate. The carry never leaves a
// run: the sum is below twice the run's top bit.
type WordSearch struct {
	g      *graph.Graph
	slots  int // the numberings in use: slot 0 numbers vertices
	bounds int
	bound  [maxWordBounds]runBound
	// take[v] is what placing vertex v removes from the candidates (its
	// neighbours, itself and its clique of the branching partition), skip[c]
	// the branching partition's clique c: in each numbering.
	take [64]wordCands
	skip [64]wordCands // a clique holds a vertex at least
	// the place list's counts bind below the total: per kind and colour
	// tallies are kept and checked
	countsBind  bool
	light, dark []int

	Lo, Hi   int // bounds on the pieces of an accepted set, moved by visit
	Minimize bool
	Chosen   []int32
	Nodes    int64
	st       *tasks.Stopper
	Halted   bool
	Visit    func(s *WordSearch)
}

// A runBound is a bounding partition as runs of bits in the numbering of
// its slot: every bit of a run but its top, and the tops.
type runBound struct {
	slot     int
	low, top uint64
}

// open counts the runs with a candidate among c.
func (b *runBound) open(c *wordCands) int {
	x := c[b.slot]
	return bits.OnesCount64(((x & b.low) + b.low | x) & b.top)
}

// maxWordBounds is the most bounding partitions choosePartitions keeps.
const maxWordBounds = 3

// wordCands is a node's candidates, or a mask, in each numbering.
type wordCands [1 + maxWordBounds]uint64

// wordSearches keeps word searches for reuse: a sweep solves boards by the
// hundred thousand, and a search's tables are 4 KB.
var wordSearches = sync.Pool{New: func() any { return new(WordSearch) }}

// NewWordSearch lays the graph out for a word search, or reports false
// when its vertices do not fit one word. The search goes back to the pool
// with release.
func NewWordSearch(g *graph.Graph, st *tasks.Stopper) (*WordSearch, bool) {
	p := g.Problem
	if p.Vertices > 64 || len(g.Bounds) > maxWordBounds {
		return nil, false
	}
	s := wordSearches.Get().(*WordSearch)
	*s = WordSearch{g: g, slots: 1, bounds: len(g.Bounds), st: st, Chosen: s.Chosen[:0],
		light: resize(s.light, len(p.Rules)), dark: resize(s.dark, len(p.Rules))}
	allowed := p.Allowed[0]
	for m := allowed; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		s.take[v][0] = g.Adj.Row(v)[0] | g.Cliques[g.CliqueOf[v]][0]
	}
	for c, clique := range g.Cliques {
		s.skip[c][0] = clique[0]
	}
	for k, part := range g.Bounds {
		if !s.runsInPlace(k, part) {
			s.layOut(k, part)
		}
	}
	s.countsBind = countsBind(p)
	return s, true
}

// release returns the search to the pool; it must not be used after.
func (s *WordSearch) release() {
	s.g, s.st, s.Visit = nil, nil, nil
	wordSearches.Put(s)
}

// resize returns a zeroed slice of n ints, reusing b's array when it can.
func resize(b []int, n int) []int {
	if cap(b) < n {
		return make([]int, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// runsInPlace bounds with partition part in vertex numbering when each of
// its cliques spans a range of vertices that holds no vertex of another
// (vertices not allowed, never candidates, may lie inside).
func (s *WordSearch) runsInPlace(k int, part []bitset.Set) bool {
	allowed := s.g.Problem.Allowed[0]
	b := runBound{slot: 0}
	for _, c := range part {
		first, last := bits.TrailingZeros64(c[0]), 63-bits.LeadingZeros64(c[0])
		span := (^uint64(0) >> uint(63-last)) &^ (1<<uint(first) - 1)
		if span&allowed&^c[0] != 0 {
			return false
		}
		b.top |= 1 << uint(last)
		b.low |= span &^ (1 << uint(last))
	}
	s.bound[k] = b
	return true
}

// layOut numbers the vertices for bounding partition k, clique after
// clique, in a slot of its own.
func (s *WordSearch) layOut(k int, part []bitset.Set) {
	g := s.g
	slot := s.slots
	s.slots++
	var bit [64]int8 // vertex -> bit
	var at [64]int8  // bit -> vertex
	b := runBound{slot: slot}
	next := 0
	for _, c := range part {
		for m := c[0]; m != 0; m &= m - 1 {
			v := bits.TrailingZeros64(m)
			bit[v], at[next] = int8(next), int8(v)
			next++
		}
		b.top |= 1 << uint(next-1)
	}
	b.low = (1<<uint(next) - 1) &^ b.top // all ones when next is 64
	s.bound[k] = b
	// "placing v takes u" is symmetric (a piece's moves include their
	// opposites, so attacks go both ways), so take[v] in this numbering is
	// column v of the matrix whose row b is take[at[b]] in vertex numbering
	var rows [64]uint64
	for b := 0; b < next; b++ {
		rows[b] = s.take[at[b]][0]
	}
	bitset.Transpose64(&rows)
	for m := g.Problem.Allowed[0]; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		s.take[v][slot] = rows[v]
	}
	for c, clique := range g.Cliques {
		for m := clique[0]; m != 0; m &= m - 1 {
			s.skip[c][slot] |= 1 << uint(bit[bits.TrailingZeros64(m)])
		}
	}
}

// countsBind reports whether the place list limits more than the total:
// some minimum, or a maximum per kind or colour that fewer pieces than the
// most the search places could break.
func countsBind(p *problem.Problem) bool {
	if p.MinTotal > 0 {
		return true
	}
	for _, r := range p.Rules {
		if r.Over(p.MaxTotal, 0) || r.Over(0, p.MaxTotal) {
			return true
		}
	}
	return false
}

// Start searches the whole graph.
func (s *WordSearch) Start() {
	var c wordCands
	c[0] = s.g.Problem.Allowed[0]
	for _, b := range s.bound[:s.bounds] {
		if b.slot > 0 {
			c[b.slot] = b.low | b.top
		}
	}
	s.search(c)
}

// need is the least number of further pieces the place list asks for.
func (s *WordSearch) need() int {
	if !s.countsBind {
		return 0
	}
	n := 0
	for k, r := range s.g.Problem.Rules {
		n += r.Need(s.light[k], s.dark[k])
	}
	return n
}

// fewOpen reports whether some bounding partition has fewer than want runs
// with a candidate left.
func (s *WordSearch) fewOpen(c *wordCands, want int) bool {
	for k := range s.bounds {
		if s.bound[k].open(c) < want {
			return true
		}
	}
	return false
}

// over counts vertex v in (delta 1) or out (-1) of the tallies and reports
// whether the place list is then broken.
func (s *WordSearch) over(v, delta int) bool {
	if !s.countsBind {
		return false
	}
	k := s.g.KindOf[v]
	if s.g.DarkOf[v] {
		s.dark[k] += delta
	} else {
		s.light[k] += delta
	}
	return s.g.Problem.Rules[k].Over(s.light[k], s.dark[k])
}

func (s *WordSearch) search(c wordCands) {
	s.Nodes++
	if s.Nodes&1023 == 0 && s.st.Stopped() {
		s.Halted = true
	}
	if s.Halted {
		return
	}
	placed := len(s.Chosen)
	need := s.need()
	if placed+need > s.Hi {
		return
	}
	if c[0] == 0 {
		if placed >= s.Lo && need == 0 && s.g.Problem.CopiesInOrder(s.Chosen) {
			s.Visit(s)
		}
		return
	}
	if want := max(s.Lo-placed, need); want > 0 && s.fewOpen(&c, want) {
		return
	}
	ci := s.g.CliqueOf[bits.TrailingZeros64(c[0])]
	if s.Minimize {
		s.skipClique(&c, ci)
	}
	for m := c[0] & s.skip[ci][0]; m != 0 && placed < s.Hi; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		if !s.over(v, 1) {
			next := c
			take := &s.take[v]
			for k := range next { // unused slots stay empty: no test for them
				next[k] &^= take[k]
			}
			s.Chosen = append(s.Chosen, int32(v))
			s.search(next)
			s.Chosen = s.Chosen[:len(s.Chosen)-1]
		}
		s.over(v, -1)
		if s.Halted || len(s.Chosen) >= s.Hi {
			break
		}
	}
	if !s.Minimize {
		s.skipClique(&c, ci)
	}
}

// skipClique places no piece in clique ci.
func (s *WordSearch) skipClique(c *wordCands, ci int32) {
	if s.Halted {
		return
	}
	next := *c
	skip := &s.skip[ci]
	for k := range next {
		next[k] &^= skip[k]
	}
	s.search(next)
}
