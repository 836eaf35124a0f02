// Package graph builds the conflict graph of a compiled problem: two
// (piece, square) vertices are joined when they cannot both be placed.
// Its vertices are partitioned into cliques, usually the segments of the
// lines between walls (LineCliques), else greedily (GreedyPartition); the
// number of cliques still open bounds the pieces to come (OpenCliques,
// FlatPartition.Open, RootBound). The clique and free-wall searches
// branch and bound on it.
//
//	g, err := graph.New(p)
//	defer g.Release()
//
// # Limits
//
// New refuses, with an error wrapping model.ErrUnsupported, a problem of
// more than MaxVertices (8192) (piece, square) vertices, counting one per
// stacked copy: the graph keeps a bitset of them per vertex.
package graph
