package ilp

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// ErrTooLarge is wrapped by the error for a board too large to compile. It
// wraps model.ErrUnsupported: the backend does not answer.
var ErrTooLarge = fmt.Errorf("board too large for the ILP backend: %w", model.ErrUnsupported)

// maxSquares bounds the boards Compile accepts. Far below it lp_solve stops
// being useful; above it the programs would not fit in memory sensibly.
const maxSquares = 1 << 14

// exactTourSquares is the exact backend's bound on the boards of the tours
// it returns (exact/tour.MaxTourSquares, the checker's; a test holds them
// equal): the ilp package imports no other backend.
const exactTourSquares = 1 << 26

// largerBoards says, after the compiler refused a board above maxSquares,
// which backend takes a board that large, by the limits the exact backend
// documents (exact/doc.go), or that none does.
func largerBoards(m *model.Model) string {
	switch {
	case m.Kind == model.KindTour && m.Board.Size() <= exactTourSquares:
		return "the exact backend takes tours of boards this large (--backend exact), as far as --max-memory allows"
	case m.Kind == model.KindTour:
		return fmt.Sprintf("no backend takes a tour of a board this large: the exact backend's tours are of up to %d squares", exactTourSquares)
	}
	return "no backend searches a board this large in general: the exact backend takes one only on its fast paths, n queens or n rooks on an empty square board and counts of leapers on a narrow board (--backend exact)"
}

// Compile translates a model into a linear program. Placement and tour
// models are compiled; sliding puzzles are not yet (an error wrapping
// model.ErrUnsupported); a tour's program comes without its lazily added
// subtour cuts (see CompileWithCuts). The program is deterministic: the same model gives
// the same variables and rows in the same order.
func Compile(m *model.Model) (*Program, error) {
	return compileWithin(m, defaultFormulation, 0)
}

// CompileWithin is Compile under a memory bound: maxMemory as in
// model.Options.MaxMemory (0 for model.DefaultMaxMemory, negative for none).
// A program estimated above it is refused with an error wrapping
// model.ErrTooLarge.
func CompileWithin(m *model.Model, maxMemory int64) (*Program, error) {
	return compileWithin(m, defaultFormulation, maxMemory)
}

// CompileToSolve is CompileWithin for a program that is only solved, once:
// it may cut off solutions that are images of others under the model's
// symmetries (place_symmetry.go), so its optimum is the model's but its
// solutions are not all the model's solutions. Count and enumerate with
// Compile's program.
func CompileToSolve(m *model.Model, maxMemory int64) (*Program, error) {
	form := defaultFormulation
	form.breakSymmetry = true
	return compileWithin(m, form, maxMemory)
}

// formulation selects between equivalent formulations; benchmarks and tests
// compare them, Compile uses defaultFormulation.
type formulation struct {
	freeWalls wallFormulation
	// rays writes blocked lines with one variable per (rider square,
	// direction, distance) instead of the visibility chain; kept to
	// measure the chain against it (TestMeasureAttackFormulations).
	rays bool
	// breakSymmetry adds the rows of place_symmetry.go, which keep one
	// solution of each class: for solving, never for counting.
	breakSymmetry bool
	// noAttackCliques leaves out the clique rows of place_coverage_cliques.go,
	// to measure what they buy (TestMeasureCoverageTightening).
	noAttackCliques bool
	// keepSymmetry stops Solve from breaking symmetry, to measure it.
	keepSymmetry bool
	// split solves an optimisation cell by cell, its lone pieces fixed
	// (solve_split.go, NewSplit).
	split bool
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
	return compileWithin(m, form, 0)
}

func compileWithin(m *model.Model, form formulation, maxMemory int64) (*Program, error) {
	switch m.Kind {
	case model.KindPlace:
	case model.KindTour:
		t, err := compileTour(m, maxMemory) // tour_compile.go
		if err != nil {
			return nil, err
		}
		return t.p, nil
	case model.KindSlide:
		return nil, fmt.Errorf("ilp: a slide model's program depends on a horizon: use CompileSlide (solve finds the horizon): %w", model.ErrUnsupported)
	case model.KindGame:
		return nil, fmt.Errorf("ilp: the ilp backend does not play games: a game's value (won, lost or drawn, with the plies to the end) is a fixpoint over its whole graph of positions, not the optimum of a linear program; use --backend exact (retrograde analysis) or brute: %w", model.ErrUnsupported)
	default:
		return nil, fmt.Errorf("ilp: model kind %v: %w", m.Kind, model.ErrUnsupported)
	}
	if n := m.Board.Size(); n > maxSquares {
		return nil, fmt.Errorf("ilp: the %s board has %d squares, the ILP compiler takes up to %d; %s: %w",
			m.Board.Dims(), n, maxSquares, largerBoards(m), ErrTooLarge)
	}
	return compilePlacement(m, form, model.MemoryLimit(maxMemory))
}
