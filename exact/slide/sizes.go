package slide

import (
	"context"
	"fmt"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// Resize returns the model on an n x n board, each square of the start
// and the goal mapped by model.ResizeSquares. So corners stay corners and
// the central 2x2 stays central: a1, a8, h1, h8 -> d4, d5, e4, e5 on 8x8
// becomes a1, a24, x1, x24 -> l12, l13, m12, m13 on 24x24. Only square
// boards without walls or holes are resized.
func Resize(m *model.Model, n int) (*model.Model, error) {
	b := m.Board
	if m.Kind != model.KindSlide {
		return nil, fmt.Errorf("slide: only slide models are resized, this one is a %s model", m.Kind)
	}
	if b.Rows != b.Cols || len(b.Walls()) > 0 || len(b.OffSquares()) > 0 {
		return nil, fmt.Errorf("slide: only square boards without walls or holes are resized; the %s board of %s is not one (use --set for others)", b.Dims(), m.Name)
	}
	if n < 1 || n > 4096 {
		return nil, fmt.Errorf("slide: board size %d: expected 1 to 4096", n)
	}
	spec := *m.Slide
	var err error
	if spec.From, err = model.ResizeSquares(m.Slide.From, b.Rows, n); err != nil {
		return nil, fmt.Errorf("slide: %w", err)
	}
	if spec.To, err = model.ResizeSquares(m.Slide.To, b.Rows, n); err != nil {
		return nil, fmt.Errorf("slide: %w", err)
	}
	c := *m
	c.Board = model.NewBoard(n, n)
	c.Slide = &spec
	c.Name = fmt.Sprintf("%s %dx%d", m.Name, n, n)
	return &c, nil
}

// A Row is one size of a table: the least number of moves on an n x n
// board, or why there is none.
type Row struct {
	Size     int          `json:"size"`
	Moves    int          `json:"moves"` // -1 when unreachable or skipped
	Status   string       `json:"status"`
	Note     string       `json:"note,omitempty"`
	Seconds  float64      `json:"seconds"`
	Expanded int64        `json:"expanded"`
	Stored   int          `json:"states_stored"`
	Memory   int64        `json:"memory_peak"`
	Solution []model.Move `json:"moves_list,omitempty"`
}

// Table solves the model resized to each size in turn (Resize) by
// bidirectional search, and hands each row to emit as soon as it is known.
// A size the squares do not map to is a row with a note, not an error.
func Table(ctx context.Context, m *model.Model, sizes []int, opts Options, emit func(Row) error) error {
	for _, n := range sizes {
		row := Row{Size: n, Moves: -1}
		began := time.Now()
		r, err := Resize(m, n)
		if err != nil {
			row.Status, row.Note = "skipped", err.Error()
			if err := emit(row); err != nil {
				return err
			}
			continue
		}
		out, err := Shortest(ctx, r, opts)
		if err != nil {
			return fmt.Errorf("%dx%d: %w", n, n, err)
		}
		row.Seconds = time.Since(began).Seconds()
		row.Expanded, row.Stored, row.Memory = out.Expanded, out.Stored, out.Peak
		switch {
		case !out.Complete:
			row.Status = "unknown"
		case out.Found:
			row.Status, row.Moves, row.Solution = "optimal", len(out.Moves), out.Moves
			if rep := model.Check(r, &model.Solution{Moves: out.Moves}); !rep.Valid {
				return fmt.Errorf("%dx%d: the solution found fails the checker: %v", n, n, rep.Problems)
			}
		default:
			row.Status = "infeasible"
		}
		if err := emit(row); err != nil {
			return err
		}
		if !out.Complete {
			return ctx.Err()
		}
	}
	return nil
}
