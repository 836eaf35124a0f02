package serve

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// The fallback where a game is too large to solve strongly here: a
// depth-limited alpha-beta search (negamax) with the seed's kind of
// heuristic, the distance of each side's nearest piece to its nearest
// goal square. It deepens one ply at a time up to searchDepth, for at most
// searchTime (and the server's time bound), and answers from the deepest
// search completed. A win or loss it finds within its horizon is forced
// (a win is the fastest within the horizon, a loss the longest defence);
// any other move has a heuristic score, not a value.
const (
	searchDepth = 4
	searchTime  = 3 * time.Second
	winScore    = 1 << 20 // a win in n plies scores winScore-n
)

// gameSearch is one search: the model, its end and the nodes visited.
type gameSearch struct {
	m       *model.Model
	ctx     context.Context
	nodes   int64
	stopped bool
}

// distance is the fewest king-free steps (files plus ranks) from side's
// nearest piece to its nearest goal square at p.
func (gs *gameSearch) distance(p model.GamePosition, side int) int {
	best := math.MaxInt32
	for _, q := range p.Pieces[side] {
		for _, g := range gs.m.Game.Sides[side].Goal {
			best = min(best, abs(q.File-g.File)+abs(q.Rank-g.Rank))
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// moves is the moves at p for the search: a pass where a side without a
// move passes; nil for a position that ends the game.
func (gs *gameSearch) moves(p model.GamePosition) []model.Move {
	mv := gs.m.GameMoves(p)
	if len(mv) == 0 && gs.m.Game.Stuck == model.StuckPasses && !gs.m.GameOver(p) {
		q := p.Pieces[p.ToMove][0]
		mv = []model.Move{{From: q, To: q}}
	}
	return mv
}

// negamax is p's score for the side to move, searched depth plies, ply
// plies from the root.
func (gs *gameSearch) negamax(p model.GamePosition, depth, alpha, beta, ply int) int {
	gs.nodes++
	if gs.nodes&1023 == 0 && gs.ctx.Err() != nil {
		gs.stopped = true
	}
	if gs.stopped {
		return 0
	}
	if gs.m.GameOver(p) {
		return -(winScore - ply)
	}
	moves := gs.moves(p)
	if len(moves) == 0 {
		if gs.m.Game.Stuck == model.StuckDraw {
			return 0
		}
		return -(winScore - ply) // a side without a move loses
	}
	if depth == 0 {
		return gs.distance(p, 1-p.ToMove) - gs.distance(p, p.ToMove)
	}
	best := math.MinInt32
	for _, mv := range moves {
		v := -gs.negamax(gs.m.GamePlay(p, mv), depth-1, -beta, -alpha, ply+1)
		best = max(best, v)
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	return best
}

// scoreText says a score for the side it is of.
func scoreText(v, depth int) (value string, plies int, text string) {
	switch {
	case v > winScore-1000:
		return "win", winScore - v, valueText("win", winScore-v)
	case v < -(winScore - 1000):
		return "loss", winScore + v, valueText("loss", winScore+v)
	}
	return "unknown", 0, fmt.Sprintf("scores %+d (search %d plies deep)", v, depth)
}

// searchAnswer answers pos by the search, in a solve slot, within
// searchTime and the server's time bound; why says why the game is not
// solved.
func (s *Server) searchAnswer(ctx context.Context, p parsed, pos model.GamePosition, seen map[string]bool, ply int, why error) (*gameAnswer, int, error) {
	m := p.m
	ans, err := s.gameBase(p, pos, ply)
	if err != nil {
		return nil, http.StatusInternalServerError, err
	}
	ans.Search = why.Error() + "; played by an alpha-beta search with the distance of each side's nearest piece to its goal as heuristic"
	ans.Value, ans.Text = "unknown", "not solved"
	if ans.Over = gameEnded(m, pos, seen); ans.Over != nil {
		return ans, 0, nil
	}
	release, err := s.gameSlot(ctx)
	if err != nil {
		return nil, http.StatusServiceUnavailable, err
	}
	defer release()
	sctx, cancel := context.WithTimeout(ctx, min(searchTime, s.cfg.MaxTimeout))
	defer cancel()
	moves := (&gameSearch{m: m}).moves(pos)
	scores := make([]int, len(moves))
	depth := 0
	for d := 1; d <= searchDepth; d++ {
		gs := &gameSearch{m: m, ctx: sctx}
		next := make([]int, len(moves))
		for i, mv := range moves {
			next[i] = -gs.negamax(m.GamePlay(pos, mv), d-1, -winScore-1, winScore+1, 1)
		}
		if gs.stopped {
			break
		}
		scores, depth = next, d
	}
	if depth == 0 {
		return nil, http.StatusServiceUnavailable, fmt.Errorf("the search was %s before its first ply", stopReason(sctx, min(searchTime, s.cfg.MaxTimeout)))
	}
	best := 0
	for i, v := range scores {
		if v > scores[best] {
			best = i
		}
	}
	for i, mv := range moves {
		gm := gameMove{From: mv.From, To: mv.To, Pass: mv.From == mv.To, Best: i == best}
		gm.Value, gm.Plies, gm.Text = scoreText(scores[i], depth)
		ans.Moves = append(ans.Moves, gm)
	}
	if len(moves) > 0 {
		b := moves[best]
		ans.Best = &b
		ans.Line = []model.Move{b}
		ans.Value, ans.Plies, ans.Text = scoreText(scores[best], depth)
		ans.SearchDepth = depth
	}
	return ans, 0, nil
}
