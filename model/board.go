package model

import (
	"cmp"
	"fmt"
	"slices"
)

// Cell says what stands on a square of the board before any piece is placed.
type Cell uint8

const (
	Open Cell = iota // an ordinary square
	Wall             // blocks lines and holds no piece
	Off              // not part of the board: holds nothing, blocks lines
)

// A Board is a rectangle of Rows x Cols squares, some of which may be walls
// or not on the board at all. Only the exceptional squares are stored, so a
// board may be very large (a million ranks for the explicit N-queens
// construction) while staying small in memory.
type Board struct {
	Rows, Cols int
	cells      map[Square]Cell

	// Wrap glues edges of the rectangle (wrap.go); WrapNone for a plain
	// board. Every reader of lines and leaps goes through Reduce or Line.
	Wrap Wrap
}

// NewBoard returns an empty rows x cols board.
func NewBoard(rows, cols int) *Board {
	return &Board{Rows: rows, Cols: cols, cells: map[Square]Cell{}}
}

// InBounds reports whether s lies within the rectangle.
func (b *Board) InBounds(s Square) bool {
	return s.File >= 0 && s.File < b.Cols && s.Rank >= 0 && s.Rank < b.Rows
}

// Cell tells what stands on s; squares outside the rectangle are Off.
func (b *Board) Cell(s Square) Cell {
	if !b.InBounds(s) {
		return Off
	}
	return b.cells[s]
}

// Contains reports whether s is a square of the board (walls included).
func (b *Board) Contains(s Square) bool { return b.Cell(s) != Off }

// IsOpen reports whether s is on the board and not a wall.
func (b *Board) IsOpen(s Square) bool { return b.Cell(s) == Open }

// Set marks s; setting Open clears it. It panics outside the rectangle, which
// is a programming error.
func (b *Board) Set(s Square, c Cell) {
	if !b.InBounds(s) {
		panic(fmt.Sprintf("model: Board.Set(%v) outside %dx%d", s, b.Rows, b.Cols))
	}
	if c == Open {
		delete(b.cells, s)
	} else {
		b.cells[s] = c
	}
}

// Walls lists the wall squares in square order.
func (b *Board) Walls() []Square { return b.list(Wall) }

// WallCount is the number of walls: len(Walls()) without listing them.
func (b *Board) WallCount() int {
	n := 0
	for _, v := range b.cells {
		if v == Wall {
			n++
		}
	}
	return n
}

// Closed visits the squares that are walls or off the board, in no
// particular order: what a caller that marks them needs, without a lookup
// per square of the rectangle.
func (b *Board) Closed(visit func(s Square, c Cell)) {
	for s, v := range b.cells {
		visit(s, v)
	}
}

// OffSquares lists the squares of the rectangle that are not on the board.
func (b *Board) OffSquares() []Square { return b.list(Off) }

func (b *Board) list(c Cell) []Square {
	var out []Square
	for s, v := range b.cells {
		if v == c {
			out = append(out, s)
		}
	}
	SortSquares(out)
	return out
}

// Size is the number of squares in the rectangle.
func (b *Board) Size() int { return b.Rows * b.Cols }

// OpenCount is the number of open squares: on the board and not walls.
func (b *Board) OpenCount() int { return b.Size() - len(b.cells) }

// Square returns the square of a rank-major index, the inverse of Index.
func (b *Board) Square(index int) Square { return Square{File: index % b.Cols, Rank: index / b.Cols} }

// Index numbers squares rank by rank from a1: a1 = 0, b1 = 1, a2 = Cols.
func (b *Board) Index(s Square) int { return s.Rank*b.Cols + s.File }

// Clone returns an independent copy.
func (b *Board) Clone() *Board {
	c := NewBoard(b.Rows, b.Cols)
	c.Wrap = b.Wrap
	for s, v := range b.cells {
		c.cells[s] = v
	}
	return c
}

// Equal reports whether two boards have the same shape and cells.
func (b *Board) Equal(o *Board) bool {
	if b.Rows != o.Rows || b.Cols != o.Cols || b.Wrap != o.Wrap || len(b.cells) != len(o.cells) {
		return false
	}
	for s, v := range b.cells {
		if o.cells[s] != v {
			return false
		}
	}
	return true
}

// Dims gives the board's size as ranks x files: "8x8", "6x9".
func (b *Board) Dims() string { return fmt.Sprintf("%dx%d", b.Rows, b.Cols) }

// SortSquares sorts squares rank first, then file.
func SortSquares(s []Square) { slices.SortFunc(s, compareSquares) }

// compareSquares orders squares as Less does, for slices.SortFunc.
func compareSquares(a, b Square) int {
	return cmp.Or(cmp.Compare(a.Rank, b.Rank), cmp.Compare(a.File, b.File))
}
