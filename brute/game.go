package brute

import (
	"context"
	"fmt"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// DefaultGamePositions bounds the positions reachable from a game's start
// that solveGame lists (a Solver's Budget, when set, bounds them instead).
const DefaultGamePositions = 200_000

// gameNode is a position reachable from the start, with its moves.
type gameNode struct {
	pos   model.GamePosition
	moves []model.Move
	next  []int // the position after each move
	end   string
	value int // 0 unknown, 1 won, 2 lost for the side to move
	plies int
}

// solveGame plays a game by plain minimax with cycles handled by
// iteration: it lists every position reachable from the start with the
// checker's own moves (model.GameMoves; a pass where the rules let a side
// without a move pass), then decides them by rounds until nothing
// changes: in round d a position is won in d plies when d is odd and a
// move leads to a position lost in fewer, lost in d plies when d is even
// and every move leads to a position won in fewer. A position no round
// decides is a draw: from it, neither side can force a win. It shares
// nothing with the exact backend's retrograde analysis, which walks
// backwards over every position by index.
func (b *Solver) solveGame(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	start := time.Now()
	if opts.Task != model.TaskSolve {
		return nil, fmt.Errorf("brute: a game is solved, not counted or enumerated: %w", model.ErrUnsupported)
	}
	if m.Board.Wrap.Twisted() {
		return nil, fmt.Errorf("brute: games on a %s board are not played: %w", m.Board.Wrap, model.ErrUnsupported)
	}
	budget := b.Budget
	if budget == 0 {
		budget = DefaultGamePositions
	}
	g := m.Game
	index := map[string]int{}
	var nodes []*gameNode
	add := func(p model.GamePosition) (int, error) {
		k := p.Key()
		if i, ok := index[k]; ok {
			return i, nil
		}
		if len(nodes) >= budget {
			return 0, fmt.Errorf("brute: more than %d positions reachable from the start, the most brute lists: %w", budget, model.ErrTooLarge)
		}
		index[k] = len(nodes)
		nodes = append(nodes, &gameNode{pos: p})
		return len(nodes) - 1, nil
	}
	if _, err := add(m.GameStart()); err != nil {
		return nil, err
	}
	for i := 0; i < len(nodes); i++ {
		if i%1024 == 0 && ctx.Err() != nil {
			return model.NewResult(m, opts.Task, b.Name()), nil
		}
		n := nodes[i]
		n.end = m.GameEnd(n.pos)
		if n.end != "" {
			continue
		}
		n.moves = m.GameMoves(n.pos)
		if len(n.moves) == 0 { // the rules let it pass, or GameEnd had said
			q := n.pos.Pieces[n.pos.ToMove][0]
			n.moves = []model.Move{{From: q, To: q}}
		}
		for _, mv := range n.moves {
			j, err := add(m.GamePlay(n.pos, mv))
			if err != nil {
				return nil, err
			}
			n.next = append(n.next, j)
		}
	}
	for _, n := range nodes {
		if n.end != "" && n.end != "draw" {
			n.value = 2 // the side to move has lost
		}
	}
	for d := 1; ; d++ {
		changed := false
		var decided []*gameNode
		for _, n := range nodes {
			if n.value != 0 || n.end != "" {
				continue
			}
			if d%2 == 1 {
				for _, j := range n.next {
					if nodes[j].value == 2 && nodes[j].plies < d {
						decided = append(decided, n)
						break
					}
				}
				continue
			}
			all := true
			for _, j := range n.next {
				if nodes[j].value != 1 || nodes[j].plies >= d {
					all = false
					break
				}
			}
			if all {
				decided = append(decided, n)
			}
		}
		for _, n := range decided {
			n.value, n.plies = 2-d%2, d
			changed = true
		}
		if !changed {
			// A round with nothing new ends it: a win of round d+1 needs a
			// loss of round d, and a loss a win, one ply shorter.
			break
		}
	}
	res := model.NewResult(m, opts.Task, b.Name())
	res.Status = model.StatusOptimal
	root := nodes[0]
	gr := &model.GameResult{ToMove: g.Sides[root.pos.ToMove].Label, Reachable: int64(len(nodes))}
	res.Game = gr
	switch root.value {
	case 1:
		gr.Value, gr.Winner = "win", gr.ToMove
	case 2:
		gr.Value, gr.Winner = "loss", g.Sides[1-root.pos.ToMove].Label
	default:
		gr.Value = "draw"
	}
	if root.value != 0 {
		gr.Plies = root.plies
		res.Value = model.Int64(int64(root.plies))
	}
	res.Solution = bruteLine(nodes)
	res.Stats.Nodes = int64(len(nodes))
	res.Stats.Seconds = time.Since(start).Seconds()
	return res, nil
}

// bruteLine follows best moves from the start: to a position decided one
// ply sooner, or, at a draw, to a draw until a position repeats.
func bruteLine(nodes []*gameNode) *model.Solution {
	sol := &model.Solution{Moves: []model.Move{}}
	seen := map[int]bool{}
	for i := 0; ; {
		n := nodes[i]
		if n.end != "" {
			sol.End = n.end
			return sol
		}
		if n.value == 0 && seen[i] {
			sol.End = "draw"
			return sol
		}
		seen[i] = true
		for k, j := range n.next {
			c := nodes[j]
			if c.value == 0 && n.value == 0 || n.value != 0 && c.value == 3-n.value && c.plies == n.plies-1 {
				sol.Moves = append(sol.Moves, n.moves[k])
				i = j
				break
			}
		}
	}
}
