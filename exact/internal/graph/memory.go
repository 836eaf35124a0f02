package graph

import (
	"sync"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
)

// A graphMemory is what a conflict graph allocates: its adjacency, its
// per-vertex tables and the arena of its candidate partitions. A solve that
// is done with its graph gives the memory back (Graph.Release) for
// the next graph to reuse: a sweep builds a graph per board, and these were
// most of the bytes it allocated per board.
type graphMemory struct {
	adj      []uint64
	cliqueOf []int32
	kindOf   []int32
	darkOf   []bool
	sets     SetArena
	store    []uint64 // the arena's sets as allocated (sets.store moves on)
}

var graphMemories = sync.Pool{New: func() any { return new(graphMemory) }}

// takeGraphMemory returns cleared memory for a graph of the given vertices,
// words per set and about sets candidate cliques.
func takeGraphMemory(vertices, words, sets int) *graphMemory {
	gm := graphMemories.Get().(*graphMemory)
	gm.adj = zeroed(gm.adj, vertices*words)
	gm.cliqueOf = zeroed(gm.cliqueOf, vertices)
	gm.kindOf = zeroed(gm.kindOf, vertices)
	gm.darkOf = zeroed(gm.darkOf, vertices)
	gm.store = zeroed(gm.store, words*sets)
	gm.sets = SetArena{words: words, store: gm.store, lists: zeroed(gm.sets.lists, sets)[:0]}
	return gm
}

// zeroed returns a cleared slice of n elements, in b's array when it has
// room.
func zeroed[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// Release gives the graph's memory back for reuse; neither the graph nor
// any of its sets may be used after.
func (g *Graph) Release() {
	if g.memory == nil {
		return
	}
	gm := g.memory
	g.memory, g.Adj, g.Cliques, g.Bounds, g.CliqueOf, g.KindOf, g.DarkOf = nil, bitset.Rows{}, nil, nil, nil, nil, nil
	gm.sets.lists = gm.sets.lists[:cap(gm.sets.lists)] // cleared when taken
	graphMemories.Put(gm)
}
