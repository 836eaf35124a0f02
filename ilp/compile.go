package ilp

import (
	"errors"
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// ErrTooLarge is wrapped by the error for a board too large to compile.
var ErrTooLarge = errors.New("ilp: board too large for the ILP backend")

// maxSquares bounds the boards Compile accepts. Far below it lp_solve stops
// being useful; above it the programs would not fit in memory sensibly.
const maxSquares = 1 << 14

// Compile translates a model into a linear program. Placement models are
// compiled; tours and sliding puzzles are not yet (an error wrapping
// model.ErrUnsupported). The program is deterministic: the same model gives
// the same variables and rows in the same order.
func Compile(m *model.Model) (*Program, error) {
	return compile(m, defaultFormulation)
}

// formulation selects between equivalent formulations; benchmarks and tests
// compare them, Compile uses defaultFormulation.
type formulation struct {
	freeWalls wallFormulation
	// rays writes blocked lines with one variable per (rider square,
	// direction, distance) instead of the visibility chain; kept to
	// measure the chain against it (TestMeasureAttackFormulations).
	rays bool
}

// wallFormulation is how independence along a line is written when walls
// are decision variables.
type wallFormulation int

const (
	// wallWindows: for every window [i, j] of a segment, the riders in it
	// number at most one more than the walls strictly inside it.
	wallWindows wallFormulation = iota
	// wallPairs: one row per pair of squares: both riders only with a wall
	// strictly between them. The textbook formulation, kept for comparison.
	wallPairs
	// wallChain: a visibility variable per square (a rider is seen from
	// here, looking back to the last wall), O(n) rows per line.
	wallChain
)

func (w wallFormulation) String() string {
	return [...]string{"windows", "pairs", "chain"}[w]
}

var defaultFormulation = formulation{freeWalls: wallWindows}

func compile(m *model.Model, form formulation) (*Program, error) {
	switch m.Kind {
	case model.KindPlace:
	case model.KindTour:
		return nil, fmt.Errorf("ilp: tour models are not compiled yet: %w", model.ErrUnsupported)
	case model.KindSlide:
		return nil, fmt.Errorf("ilp: a slide model's program depends on a horizon: use CompileSlide (solve finds the horizon): %w", model.ErrUnsupported)
	default:
		return nil, fmt.Errorf("ilp: model kind %v: %w", m.Kind, model.ErrUnsupported)
	}
	if n := m.Board.Size(); n > maxSquares {
		return nil, fmt.Errorf("%w: the %s board has %d squares, the ILP compiler takes up to %d; use the exact backend",
			ErrTooLarge, m.Board.Dims(), n, maxSquares)
	}
	return compilePlacement(m, form)
}
