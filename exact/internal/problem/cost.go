package problem

import (
	"fmt"
	"math"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/model"
)

// checkCost estimates the bytes compile and the searches will allocate for
// m — each piece's reach from every square (a bitset of the board per
// square, and the lists of squares along its lines), the (piece, square)
// slots and a bitset of them per square — and refuses the model, before
// anything is built, when that is above the memory bound (maxMemory as in
// model.Options.MaxMemory).
func checkCost(m *model.Model, maxMemory int64) error {
	limit := model.MemoryLimit(maxMemory)
	b := m.Board
	squares := int64(b.Size())
	side := int64(max(b.Rows, b.Cols))
	bitsetBytes := 8 * int64(bitset.WordsFor(b.Size()))
	var bytes, slots int64
	geometry := func(pc *model.Piece) {
		perSquare := bitsetBytes + 3*24 + 24*int64(len(pc.Rides)) + 4*(int64(len(pc.Leaps))+int64(len(pc.Rides))*side)
		bytes = satAdd(bytes, satMul(squares, perSquare))
	}
	seen := map[string]bool{}
	for _, e := range m.Place {
		if !seen[e.Piece.Name] {
			seen[e.Piece.Name] = true
			geometry(e.Piece)
		}
		copies := int64(1)
		if m.Rules.Stack {
			copies = int64(max(1, min(e.Count.Max, maxStackCopies)))
		}
		slots = satAdd(slots, copies)
	}
	for _, f := range m.Fixed {
		if pc := m.Pieces[f.Piece]; pc != nil && !seen[f.Piece] {
			seen[f.Piece] = true
			geometry(pc)
		}
	}
	vertices := satMul(slots, squares)
	bytes = satAdd(bytes, satMul(squares+1, satAdd(vertices/8, 8)))
	if bytes > limit {
		return fmt.Errorf("exact: the model would take about %s (%d kinds of piece, %d slots on %d squares), above the bound of %s: %w",
			model.ByteSize(bytes), len(seen), slots, squares, model.ByteSize(limit), model.ErrTooLarge)
	}
	return nil
}

// satAdd and satMul are int64 addition and multiplication of non-negative
// numbers that stop at math.MaxInt64 instead of wrapping.
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

func satMul(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}
