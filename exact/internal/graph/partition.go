package graph

import (
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
)

// GreedyPartition covers vertices with cliques of adj, each grown from the
// least vertex left by adding the least vertex adjacent to all so far.
func GreedyPartition(adj []bitset.Set, vertices bitset.Set) []bitset.Set {
	left := slices.Clone(vertices)
	common := bitset.New(len(vertices) * 64)
	var out []bitset.Set
	for v := left.First(); v >= 0; v = left.First() {
		c := bitset.New(len(vertices) * 64)
		c.Set(v)
		left.Clear(v)
		common.CopyFrom(adj[v])
		common.And(left)
		for u := common.First(); u >= 0; u = common.First() {
			c.Set(u)
			left.Clear(u)
			common.And(adj[u])
		}
		out = append(out, c)
	}
	return out
}
