package clique

import (
	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
)

// A Search enumerates the independent sets of a conflict graph that
// the place list allows, deciding one clique at a time: place one of its
// candidates, or none. Each set is reached by exactly one path, so counts
// are exact, and the cliques still open bound how many more pieces fit.
type Search struct {
	g       *graph.Graph
	flat    []graph.FlatPartition // the graph's bounds (flatBounds)
	words   int
	arena   []uint64 // the candidates at each depth
	members [][]int32
	Chosen  []int32
	light   []int // per kind, pieces on light squares
	dark    []int
	// lo and hi bound the pieces of an accepted set; branch and bound moves
	// them as better sets are found.
	Lo, Hi   int
	Minimize bool // try "none" first: small sets come sooner
	Nodes    int64
	st       *tasks.Stopper
	Halted   bool
	// Visit is called on every accepted set; it may move lo and hi.
	Visit func(s *Search)

	splitDepth int // when >= 0, record subtrees at this depth instead of searching them
	tasks      []cliqueTask
}

// A cliqueTask is a subtree of the search: its depth, candidates and the
// vertices chosen on the way to it.
type cliqueTask struct {
	depth  int
	cand   bitset.Set
	chosen []int32
}

func NewSearch(g *graph.Graph, st *tasks.Stopper) *Search {
	words := bitset.WordsFor(g.Problem.Vertices)
	s := &Search{g: g, flat: g.FlatBounds(), words: words, st: st, splitDepth: -1,
		arena: make([]uint64, words*(len(g.Cliques)+2)),
		light: make([]int, len(g.Problem.Rules)), dark: make([]int, len(g.Problem.Rules))}
	s.members = make([][]int32, len(g.Cliques))
	all := make([]int32, 0, g.Problem.Allowed.Count()) // the cliques partition the allowed vertices
	for i, c := range g.Cliques {
		from := len(all)
		for v := c.First(); v >= 0; v = c.Next(v + 1) {
			all = append(all, int32(v))
		}
		s.members[i] = all[from:len(all):len(all)]
	}
	return s
}

func (s *Search) level(depth int) bitset.Set {
	return bitset.Set(s.arena[depth*s.words : (depth+1)*s.words : (depth+1)*s.words])
}

// Start searches the whole graph.
func (s *Search) Start() {
	s.level(0).CopyFrom(s.g.Problem.Allowed)
	s.search(0)
}

// resume searches one recorded subtree.
func (s *Search) resume(t cliqueTask) {
	s.Chosen = append(s.Chosen[:0], t.chosen...)
	clear(s.light)
	clear(s.dark)
	for _, v := range s.Chosen {
		s.add(int(v), 1)
	}
	s.level(t.depth).CopyFrom(t.cand)
	s.search(t.depth)
}

func (s *Search) add(v, delta int) {
	k := s.g.KindOf[v]
	if s.g.DarkOf[v] {
		s.dark[k] += delta
	} else {
		s.light[k] += delta
	}
}

// need is the least number of further pieces the place list asks for.
func (s *Search) need() int {
	if s.g.Problem.MinTotal == 0 {
		return 0 // nothing asked for: "max queen" and the like
	}
	n := 0
	for k, r := range s.g.Problem.Rules {
		n += r.Need(s.light[k], s.dark[k])
	}
	return n
}

func (s *Search) search(depth int) {
	s.Nodes++
	if s.Nodes&1023 == 0 && s.st.Stopped() {
		s.Halted = true
	}
	if s.Halted {
		return
	}
	cand := s.level(depth)
	u := cand.First()
	if depth == s.splitDepth || (s.splitDepth >= 0 && u < 0) {
		s.tasks = append(s.tasks, cliqueTask{depth, append(bitset.Set(nil), cand...), append([]int32(nil), s.Chosen...)})
		return
	}
	placed := len(s.Chosen)
	need := s.need()
	if placed+need > s.Hi {
		return
	}
	if u < 0 {
		if placed >= s.Lo && need == 0 && s.g.Problem.CopiesInOrder(s.Chosen) {
			s.Visit(s)
		}
		return
	}
	// Every clique holds at most one more piece: prune when some partition
	// leaves too few open cliques for the pieces still wanted.
	if want := max(s.Lo-placed, need); want > 0 {
		for _, part := range s.flat {
			if part.Open(cand, want) < want {
				return
			}
		}
	}
	ci := s.g.CliqueOf[u]
	clique := s.g.Cliques[ci]
	next := s.level(depth + 1)
	if s.Minimize {
		s.skip(depth, cand, clique, next)
	}
	if placed < s.Hi {
		for _, v32 := range s.members[ci] {
			v := int(v32)
			if !cand.Has(v) {
				continue
			}
			k := s.g.KindOf[v]
			s.add(v, 1)
			if !s.g.Problem.Rules[k].Over(s.light[k], s.dark[k]) {
				adj := s.g.Adj.Row(v)
				for i := range next {
					next[i] = cand[i] &^ (adj[i] | clique[i])
				}
				s.Chosen = append(s.Chosen, v32)
				s.search(depth + 1)
				s.Chosen = s.Chosen[:len(s.Chosen)-1]
			}
			s.add(v, -1)
			if s.Halted || len(s.Chosen) >= s.Hi {
				break
			}
		}
	}
	if !s.Minimize {
		s.skip(depth, cand, clique, next)
	}
}

// skip places no piece in the clique.
func (s *Search) skip(depth int, cand, clique, next bitset.Set) {
	if s.Halted {
		return
	}
	for i := range next {
		next[i] = cand[i] &^ clique[i]
	}
	s.search(depth + 1)
}
