package model

import (
	"fmt"
	"math"
)

// A MoveGraph is the graph a tour walks on: one vertex per open square of
// the board (walls and squares off the board are never visited), an edge
// between two squares when the piece can move from one to the other. A
// leap is a single jump; a ride goes any distance along its direction over
// open squares and stops before a wall, a square off the board or the edge
// (visited squares do not block it, as in the checker's definition of a
// tour). Every move of a piece has its reverse, so the graph is undirected.
//
// Vertices are numbered rank by rank from a1, skipping closed squares; the
// neighbours of each vertex are stored in increasing order in one flat
// array (compressed sparse rows), so a graph of a million squares is a few
// allocations.
type MoveGraph struct {
	Rows, Cols int
	// Squares lists the open squares; the vertex of Squares[v] is v.
	Squares []Square
	offsets []int32 // neighbours of v are targets[offsets[v]:offsets[v+1]]
	targets []int32
	vertex  []int32 // by board index (Board.Index): its vertex, or -1
}

// ErrGraphTooLarge is wrapped by NewMoveGraph's error for a board beyond its
// limit.
var ErrGraphTooLarge = fmt.Errorf("move graph too large: %w", ErrUnsupported)

// NewMoveGraph builds the move graph of piece p on board b. It refuses
// boards of more than maxSquares squares (walls included) with an error
// wrapping ErrUnsupported, so that callers choose their own memory bound.
func NewMoveGraph(b *Board, p *Piece, maxSquares int) (*MoveGraph, error) {
	if b.Rows <= 0 || b.Cols <= 0 || b.Size() > maxSquares || b.Size() < 0 {
		return nil, fmt.Errorf("%w: the %s board has more than %d squares", ErrGraphTooLarge, b.Dims(), maxSquares)
	}
	if p.Directed() {
		return nil, fmt.Errorf("the one-sided %s has moves without their reverse, and a tour's move graph is undirected: %w", p.Name, ErrUnsupported)
	}
	g := &MoveGraph{Rows: b.Rows, Cols: b.Cols, vertex: make([]int32, b.Size())}
	for s, c := range b.cells {
		if c != Open {
			g.vertex[b.Index(s)] = -1
		}
	}
	g.Squares = make([]Square, 0, b.OpenCount())
	for i := range g.vertex {
		if g.vertex[i] >= 0 {
			g.vertex[i] = int32(len(g.Squares))
			g.Squares = append(g.Squares, b.Square(i))
		}
	}
	g.offsets = make([]int32, len(g.Squares)+1)
	for v, s := range g.Squares {
		start := len(g.targets)
		if b.Wrapped() {
			g.wrappedMoves(b, p, s)
			g.targets = append(g.targets[:start], sortUnique(g.targets[start:])...)
			g.offsets[v+1] = int32(len(g.targets))
			continue
		}
		for _, d := range p.Leaps {
			if w := g.Vertex(s.Add(d)); w >= 0 {
				g.targets = append(g.targets, int32(w))
			}
		}
		for _, d := range p.Rides {
			for t := s.Add(d); g.Vertex(t) >= 0; t = t.Add(d) {
				g.targets = append(g.targets, int32(g.Vertex(t)))
			}
		}
		g.targets = append(g.targets[:start], sortUnique(g.targets[start:])...)
		g.offsets[v+1] = int32(len(g.targets))
	}
	return g, nil
}

// MoveGraphBytes estimates, before anything is built, the bytes
// NewMoveGraph allocates on board b for a piece of the given number of
// moves (MoveBound or CountMoves): the vertex table (4 bytes a square of
// the rectangle), the open squares with their offsets (20 bytes each) and
// the moves (4 bytes each, twice for the slack of a growing slice).
func MoveGraphBytes(b *Board, moves int64) int64 {
	bytes := 4*float64(b.Rows)*float64(b.Cols) + 20*float64(b.OpenCount()+1) + 8*float64(moves)
	if bytes >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(bytes)
}

// MoveBound is an upper bound of the moves (ordered pairs of squares) of
// piece p on board b, computed at once from the rectangle's size: exact on
// a board without walls, larger with them (walls only remove moves). A
// rider's moves grow with the side: a rook has 2(n-1) from every square of
// an n x n board.
func MoveBound(b *Board, p *Piece) int64 {
	if b.Rows <= 0 || b.Cols <= 0 {
		return 0
	}
	moves := 0.0
	if b.Wrapped() {
		// a leap lands once from every square; a wrapped line visits each
		// square at most once, twice on a twisted board
		line := float64(b.Size())
		if b.Wrap.Twisted() {
			line *= 2
		}
		moves = float64(b.Size()) * (float64(len(p.Leaps)) + float64(len(p.Rides))*line)
	}
	for _, d := range p.Leaps {
		if b.Wrapped() {
			break
		}
		moves += lineMoves(b.Rows, b.Cols, d, 1)
	}
	for _, d := range p.Rides {
		if b.Wrapped() {
			break
		}
		moves += lineMoves(b.Rows, b.Cols, d, max(b.Rows, b.Cols))
	}
	if moves >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(moves)
}

// CountMoves counts the moves of piece p on board b one by one, as
// NewMoveGraph finds them but without storing them (a compound piece's move
// that is both a leap and a ride counts twice): time in proportion to the
// moves, no memory.
func CountMoves(b *Board, p *Piece) int64 {
	var n int64
	for i := 0; i < b.Size(); i++ {
		s := b.Square(i)
		if !b.IsOpen(s) {
			continue
		}
		if b.Wrapped() {
			n += int64(len(b.Reach(p, s)))
			continue
		}
		for _, d := range p.Leaps {
			if b.IsOpen(s.Add(d)) {
				n++
			}
		}
		for _, d := range p.Rides {
			for t := s.Add(d); b.IsOpen(t); t = t.Add(d) {
				n++
			}
		}
	}
	return n
}

// lineMoves counts the pairs (s, s + k*d), 1 <= k <= steps, inside a rows x
// cols rectangle.
func lineMoves(rows, cols int, d Vector, steps int) float64 {
	df, dr := abs(d.File), abs(d.Rank)
	n := 0.0
	for k := 1; k <= steps; k++ {
		f, r := cols-k*df, rows-k*dr
		if f <= 0 || r <= 0 {
			break
		}
		n += float64(f) * float64(r)
	}
	return n
}

// sortUnique sorts a short list of vertices and drops repeats (a compound
// piece may reach a square both by a leap and by a ride).
func sortUnique(vs []int32) []int32 {
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && vs[j] < vs[j-1]; j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
	out := vs[:0]
	for _, v := range vs {
		if len(out) == 0 || v != out[len(out)-1] {
			out = append(out, v)
		}
	}
	return out
}

// Len is the number of vertices (open squares).
func (g *MoveGraph) Len() int { return len(g.Squares) }

// Vertex returns the vertex of square s, or -1 when s is not an open
// square of the board.
func (g *MoveGraph) Vertex(s Square) int {
	if s.File < 0 || s.File >= g.Cols || s.Rank < 0 || s.Rank >= g.Rows {
		return -1
	}
	return int(g.vertex[s.Rank*g.Cols+s.File])
}

// Neighbours lists the vertices one move from v, in increasing order. The
// slice is shared: callers must not modify it.
func (g *MoveGraph) Neighbours(v int) []int32 { return g.targets[g.offsets[v]:g.offsets[v+1]] }

// Degree is the number of moves from v.
func (g *MoveGraph) Degree(v int) int { return int(g.offsets[v+1] - g.offsets[v]) }

// Adjacent reports whether u and w are one move apart.
func (g *MoveGraph) Adjacent(u, w int) bool {
	for _, x := range g.Neighbours(u) {
		if int(x) == w {
			return true
		}
		if int(x) > w {
			break
		}
	}
	return false
}

// Edges is the number of undirected edges.
func (g *MoveGraph) Edges() int { return len(g.targets) / 2 }

// Components returns the connected component of each vertex, numbered from
// 0 in order of their least vertex, and how many there are.
func (g *MoveGraph) Components() (comp []int32, n int) {
	comp = make([]int32, g.Len())
	for i := range comp {
		comp[i] = -1
	}
	var stack []int32
	for v := range comp {
		if comp[v] >= 0 {
			continue
		}
		comp[v] = int32(n)
		stack = append(stack[:0], int32(v))
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range g.Neighbours(int(u)) {
				if comp[w] < 0 {
					comp[w] = int32(n)
					stack = append(stack, w)
				}
			}
		}
		n++
	}
	return comp, n
}

// Path turns vertices into squares.
func (g *MoveGraph) Path(vertices []int32) []Square {
	out := make([]Square, len(vertices))
	for i, v := range vertices {
		out[i] = g.Squares[v]
	}
	return out
}

// wrappedMoves appends the vertices piece p moves to from s on a wrapped
// board, by the board's walk (wrap.go): a ride goes any distance along its
// folded line.
func (g *MoveGraph) wrappedMoves(b *Board, p *Piece, s Square) {
	for _, t := range b.Reach(p, s) {
		g.targets = append(g.targets, int32(g.Vertex(t)))
	}
}
