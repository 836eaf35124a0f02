package brute

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// maxSlideSquares bounds the boards of a brute slide: every piece is tried
// towards every open square of the board.
const maxSlideSquares = 64

// solveSlide finds a shortest solution of a slide model (of identical
// pieces or of different ones) by breadth-first search over positions,
// knowing no move rule of its own: from each position it tries every move
// of every piece to every open square, and keeps those the checker's
// model.SlideStep accepts; model.SlideGoal says when it is done. At most
// Budget positions are stored; past that the answer is an error wrapping
// model.ErrUnsupported.
func (b *Solver) solveSlide(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if opts.Task != model.TaskSolve {
		return nil, fmt.Errorf("brute: %s on a slide (solve finds a shortest solution): %w", opts.Task, model.ErrUnsupported)
	}
	if n := m.Board.OpenCount(); n > maxSlideSquares || m.Board.Size() > maxSlideSquares {
		return nil, fmt.Errorf("brute: a slide on %d open squares, the brute force takes up to %d: %w", n, maxSlideSquares, model.ErrUnsupported)
	}
	budget := b.Budget
	if budget == 0 {
		budget = DefaultBudget
	}
	start := time.Now()
	res := model.NewResult(m, opts.Task, b.Name())
	res.Status = model.StatusInfeasible
	defer func() { res.Stats.Seconds = time.Since(start).Seconds() }()
	var open []model.Square
	for i := 0; i < m.Board.Size(); i++ {
		if q := m.Board.Square(i); m.Board.IsOpen(q) {
			open = append(open, q)
		}
	}
	first := m.SlideStart()
	seen := map[string]bool{positionKey(m, first): true}
	type node struct {
		pos   model.SlidePosition
		moves []model.Move
	}
	level := []node{{pos: first}}
	for len(level) > 0 {
		var next []node
		for _, n := range level {
			res.Stats.Nodes++
			if m.SlideGoal(n.pos) == nil {
				res.Status, res.Value = model.StatusOptimal, model.Int64(int64(len(n.moves)))
				res.Solution = &model.Solution{Moves: append([]model.Move{}, n.moves...)}
				return res, nil
			}
			if res.Stats.Nodes%256 == 0 && ctx.Err() != nil {
				res.Status = model.StatusUnknown
				return res, nil
			}
			for _, from := range open {
				if _, ok := n.pos[from]; !ok {
					continue
				}
				for _, to := range open {
					mv := model.Move{From: from, To: to}
					if m.SlideStep(n.pos, mv) != nil {
						continue
					}
					pos := make(model.SlidePosition, len(n.pos))
					for q, g := range n.pos {
						pos[q] = g
					}
					pos[to] = pos[from]
					delete(pos, from)
					key := positionKey(m, pos)
					if seen[key] {
						continue
					}
					if len(seen) >= budget {
						return nil, fmt.Errorf("brute: a slide with more than %d positions: %w", budget, model.ErrUnsupported)
					}
					seen[key] = true
					next = append(next, node{pos: pos, moves: append(append([]model.Move(nil), n.moves...), mv)})
				}
			}
		}
		level = next
	}
	return res, nil
}

// positionKey writes a position as one character a square: '.' empty, else
// the group's number.
func positionKey(m *model.Model, pos model.SlidePosition) string {
	var sb strings.Builder
	for i := 0; i < m.Board.Size(); i++ {
		g, ok := pos[m.Board.Square(i)]
		if !ok {
			sb.WriteByte('.')
			continue
		}
		sb.WriteRune(rune('0' + g))
	}
	return sb.String()
}
