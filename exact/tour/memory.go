package tour

import (
	"fmt"
	"math"

	"github.com/chessmodel/chessmodel/model"
)

// The memory a task plans, estimated before anything is allocated and
// refused above Options.MaxMemory with an error wrapping model.ErrTooLarge
// (exit status 2 in the CLI). Bytes per open square, from the types:
const (
	// pathBytes: a model.Square (two ints) of the tour's path.
	pathBytes = 16
	// finderBytes: the finder's visited, degree, weight and path arrays
	// and its frame (13 + 4 + 32), and the components and stack of the
	// graph theorems (8).
	finderBytes = 57
	// symmetryBytes: one vertex permutation per symmetry (4 bytes each), for
	// the start squares of an open tour.
	symmetryBytes = 4 * 8
	// reportBytes: the tour reported, once it is found: the checker's mark
	// of each square (1), with room to spare; the CLI writes a long tour's
	// squares one by one through a buffer, as text or JSON, so the output
	// holds no copy of the tour. TestMemoryEstimate measures the whole.
	reportBytes = 4
)

// planBytes estimates the peak bytes of task on m: the tour found (its
// path, and its report by the checker and the output), and, when the
// knight's construction does not apply, the move graph and the search's
// arrays over it, whose candidate lists hold at most the graph's moves
// (so twice the graph), and the path as vertices.
func planBytes(m *model.Model, task model.Task) int64 {
	open := float64(m.Board.OpenCount())
	bytes := open * (pathBytes + reportBytes)
	if task == model.TaskSolve && constructs(m) {
		return clampBytes(bytes)
	}
	graph := float64(model.MoveGraphBytes(m.Board, model.MoveBound(m.Board, m.Tour.Piece)))
	bytes += 2*graph + open*(finderBytes+pathBytes)
	if m.Tour.Start == nil && !m.Tour.Closed {
		bytes += open * symmetryBytes
	}
	return clampBytes(bytes)
}

func clampBytes(b float64) int64 {
	if b >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(b)
}

// checkMemory refuses a task whose plan is above the memory bound.
func checkMemory(m *model.Model, opts model.Options) error {
	bytes, limit := planBytes(m, opts.Task), opts.MemoryLimit()
	if bytes <= limit {
		return nil
	}
	return fmt.Errorf("exact: a %s tour of the %s board (%d open squares) would take about %s, above the bound of %s: %w",
		m.Tour.Piece.Name, m.Board.Dims(), m.Board.OpenCount(), model.ByteSize(bytes), model.ByteSize(limit), model.ErrTooLarge)
}
