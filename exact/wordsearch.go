package exact

import "math/bits"

// A wordSearch is the cliqueSearch of a graph whose vertices fit one word
// (an 8x8 board with one kind of piece, the wall sweeps' boards): the same
// branching, the same bounds and the same order of visits, so the same sets
// are found, with the candidates of a node in a few words passed by value.
//
// Its bound is cheaper than scanning the cliques of each partition. Every
// bounding partition has a numbering of its own in which each of its
// cliques is a run of consecutive bits, and the search carries its
// candidates in each numbering (one and-not more per step). Adding the bits
// of a run below its top to the candidates among them carries into the top
// bit exactly when one of them is set, so
//
//	popcount(((cand & low) + low | cand) & top)
//
// counts the runs that still hold a candidate. The carry never leaves a
// run: the sum is below twice the run's top bit.
type wordSearch struct {
	g      *conflictGraph
	orders int // the bounding partitions in use: cands[1..orders]
	// per bounding partition k (index k+1): every bit of a run but its top,
	// and the tops
	low, top wordCands
	// take[v] is what placing vertex v removes from the candidates (its
	// neighbours, itself and its clique of the branching partition), skip[c]
	// the branching partition's clique c: in vertex numbering (index 0) and
	// in each bounding partition's.
	take []wordCands
	skip []wordCands
	// the place list's counts bind below the total: per kind and colour
	// tallies are kept and checked
	countsBind  bool
	light, dark []int

	lo, hi   int // bounds on the pieces of an accepted set, moved by visit
	minimize bool
	chosen   []int32
	nodes    int64
	st       *stopper
	halted   bool
	visit    func(s *wordSearch)
}

// maxWordBounds is the most bounding partitions choosePartitions keeps.
const maxWordBounds = 3

// wordCands is a node's candidates: in vertex numbering, then in each
// bounding partition's.
type wordCands [1 + maxWordBounds]uint64

// newWordSearch lays the graph out for a word search, or reports false
// when its vertices do not fit one word.
func newWordSearch(g *conflictGraph, st *stopper) (*wordSearch, bool) {
	p := g.p
	if p.vertices > 64 || len(g.bounds) > maxWordBounds {
		return nil, false
	}
	s := &wordSearch{g: g, orders: len(g.bounds), st: st,
		take: make([]wordCands, p.vertices), skip: make([]wordCands, len(g.cliques)),
		light: make([]int, len(p.rules)), dark: make([]int, len(p.rules))}
	allowed := p.allowed[0]
	for m := allowed; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		s.take[v][0] = g.adj[v][0] | g.cliques[g.cliqueOf[v]][0]
	}
	for c, clique := range g.cliques {
		s.skip[c][0] = clique[0]
	}
	for k, part := range g.bounds {
		s.layOut(k+1, part)
	}
	s.countsBind = countsBind(p)
	return s, true
}

// layOut numbers the vertices for bounding partition part, clique after
// clique, and fills index k of low, top, take and skip.
func (s *wordSearch) layOut(k int, part []bitset) {
	g := s.g
	var bit [64]int8 // vertex -> bit
	var at [64]int8  // bit -> vertex, -1 for none
	next := 0
	for _, c := range part {
		for m := c[0]; m != 0; m &= m - 1 {
			v := bits.TrailingZeros64(m)
			bit[v], at[next] = int8(next), int8(v)
			next++
		}
		s.top[k] |= 1 << uint(next-1)
	}
	s.low[k] = (1<<uint(next) - 1) &^ s.top[k] // all ones when next is 64
	// "placing v takes u" is symmetric (a piece's moves include their
	// opposites, so attacks go both ways), so take[v] in this numbering is
	// column v of the matrix whose row b is take[at[b]] in vertex numbering
	var rows [64]uint64
	for b := 0; b < next; b++ {
		rows[b] = s.take[at[b]][0]
	}
	transpose64(&rows)
	for m := g.p.allowed[0]; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		s.take[v][k] = rows[v]
	}
	for c, clique := range g.cliques {
		for m := clique[0]; m != 0; m &= m - 1 {
			s.skip[c][k] |= 1 << uint(bit[bits.TrailingZeros64(m)])
		}
	}
}

// countsBind reports whether the place list limits more than the total:
// some minimum, or a maximum per kind or colour that fewer pieces than the
// most the search places could break.
func countsBind(p *problem) bool {
	if p.minTotal > 0 {
		return true
	}
	for _, r := range p.rules {
		if r.over(p.maxTotal, 0) || r.over(0, p.maxTotal) {
			return true
		}
	}
	return false
}

// start searches the whole graph.
func (s *wordSearch) start() {
	var c wordCands
	c[0] = s.g.p.allowed[0]
	for k := 1; k <= s.orders; k++ {
		c[k] = s.low[k] | s.top[k]
	}
	s.search(c)
}

// need is the least number of further pieces the place list asks for.
func (s *wordSearch) need() int {
	if !s.countsBind {
		return 0
	}
	n := 0
	for k, r := range s.g.p.rules {
		n += r.need(s.light[k], s.dark[k])
	}
	return n
}

// fewOpen reports whether some bounding partition has fewer than want runs
// with a candidate left.
func (s *wordSearch) fewOpen(c *wordCands, want int) bool {
	for k := 1; k <= s.orders; k++ {
		if bits.OnesCount64(((c[k]&s.low[k])+s.low[k]|c[k])&s.top[k]) < want {
			return true
		}
	}
	return false
}

// over counts vertex v in (delta 1) or out (-1) of the tallies and reports
// whether the place list is then broken.
func (s *wordSearch) over(v, delta int) bool {
	if !s.countsBind {
		return false
	}
	k := s.g.kindOf[v]
	if s.g.darkOf[v] {
		s.dark[k] += delta
	} else {
		s.light[k] += delta
	}
	return s.g.p.rules[k].over(s.light[k], s.dark[k])
}

func (s *wordSearch) search(c wordCands) {
	s.nodes++
	if s.nodes&1023 == 0 && s.st.stopped() {
		s.halted = true
	}
	if s.halted {
		return
	}
	placed := len(s.chosen)
	need := s.need()
	if placed+need > s.hi {
		return
	}
	if c[0] == 0 {
		if placed >= s.lo && need == 0 && s.g.p.copiesInOrder(s.chosen) {
			s.visit(s)
		}
		return
	}
	if want := max(s.lo-placed, need); want > 0 && s.fewOpen(&c, want) {
		return
	}
	ci := s.g.cliqueOf[bits.TrailingZeros64(c[0])]
	if s.minimize {
		s.skipClique(&c, ci)
	}
	for m := c[0] & s.skip[ci][0]; m != 0 && placed < s.hi; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		if !s.over(v, 1) {
			next := c
			for k := 0; k <= s.orders; k++ {
				next[k] &^= s.take[v][k]
			}
			s.chosen = append(s.chosen, int32(v))
			s.search(next)
			s.chosen = s.chosen[:len(s.chosen)-1]
		}
		s.over(v, -1)
		if s.halted || len(s.chosen) >= s.hi {
			break
		}
	}
	if !s.minimize {
		s.skipClique(&c, ci)
	}
}

// skipClique places no piece in clique ci.
func (s *wordSearch) skipClique(c *wordCands, ci int32) {
	if s.halted {
		return
	}
	next := *c
	for k := 0; k <= s.orders; k++ {
		next[k] &^= s.skip[ci][k]
	}
	s.search(next)
}
