package serve

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
)

// gameRequest is a position of a game: the model, and either the move
// list from the start or a position (each side's squares and the side to
// move) with the moves made since.
type gameRequest struct {
	modelRequest
	Position *gamePosition `json:"position,omitempty"`
	Moves    []model.Move  `json:"moves"`
}

// gamePosition is a position as the page writes it: each side's squares
// by the side's label, and the label of the side to move.
type gamePosition struct {
	Pieces map[string][]model.Square `json:"pieces"`
	ToMove string                    `json:"to_move"`
}

// gameMove is a legal move with its value for the side making it, under
// perfect play from there, and the other side's perfect reply.
type gameMove struct {
	From  model.Square `json:"from"`
	To    model.Square `json:"to"`
	Pass  bool         `json:"pass,omitempty"`
	Value string       `json:"value"` // win, loss or draw, for the mover
	Plies int          `json:"plies"` // to the end under best play, 0 for a draw
	Text  string       `json:"text"`  // "wins in 7 plies", "draws", "loses in 12 plies"
	Best  bool         `json:"best"`  // a best move: the principal variation's first
	Reply *model.Move  `json:"reply,omitempty"`
}

// gameOver says how a game ended.
type gameOver struct {
	Winner string `json:"winner,omitempty"` // "" for a draw
	Reason string `json:"reason"`           // goal, no move, repetition
	Text   string `json:"text"`             // "black wins: rook on d4 reached the centre"
}

// gameAnswer is the answer to /api/game.
type gameAnswer struct {
	Model     *modelView        `json:"model"` // the position drawn
	ToMove    string            `json:"to_move"`
	Pieces    [2][]model.Square `json:"pieces"`
	Sides     [2]string         `json:"sides"`
	Ply       int               `json:"ply"` // moves played
	Over      *gameOver         `json:"over,omitempty"`
	Value     string            `json:"value"` // for the side to move
	Plies     int               `json:"plies"`
	Text      string            `json:"text"`
	Moves     []gameMove        `json:"moves"`
	Best      *model.Move       `json:"best,omitempty"`
	Line      []model.Move      `json:"line"`               // the principal variation from here
	LineEnd   string            `json:"line_end,omitempty"` // how it ends
	Positions int64             `json:"positions"`
	// Search says why the game is not solved here and that a search plays
	// it instead, to SearchDepth plies: its values are then forced wins and
	// losses within that horizon, or heuristic scores ("unknown").
	Search      string `json:"search,omitempty"`
	SearchDepth int    `json:"search_depth,omitempty"` // of the strong solution
}

// handleGame answers a position of a game with every legal move's value
// from the game's strong solution, computed once per model and kept
// (gameTables).
func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) {
	var req gameRequest
	if !readJSON(w, r, &req) {
		return
	}
	p := s.parseModel(&req.modelRequest)
	if p.err != nil {
		writeModelError(w, http.StatusUnprocessableEntity, p.err)
		return
	}
	m := p.m
	if m.Kind != model.KindGame {
		writeError(w, http.StatusUnprocessableEntity, "not a game model (a %s model): only a game is played against perfect play", m.Kind)
		return
	}
	pos, seen, err := gameReplay(m, req.Position, req.Moves)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	tb, status, err := s.games.get(r.Context(), s, p)
	if errors.Is(err, errGameTooLarge) || errors.Is(err, errGameTooSlow) {
		// Not solved here: an alpha-beta search plays it instead.
		ans, status, err := s.searchAnswer(r.Context(), p, pos, seen, len(req.Moves), err)
		if err != nil {
			writeError(w, status, "%v", err)
			return
		}
		writeJSON(w, http.StatusOK, ans)
		return
	}
	if err != nil {
		writeError(w, status, "%v", err)
		return
	}
	ans, err := s.gameAnswer(p, tb, pos, seen, len(req.Moves))
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, ans)
}

// MaxGameMoves bounds the moves a request replays (each is checked by
// the rules before the answer is looked up, outside the solve slots).
const MaxGameMoves = 2000

// gameReplay plays the moves from the position (the start when nil),
// each checked by the rules, and returns the position reached and the
// keys of the positions before it.
func gameReplay(m *model.Model, at *gamePosition, moves []model.Move) (model.GamePosition, map[string]bool, error) {
	pos := m.GameStart()
	if len(moves) > MaxGameMoves {
		return pos, nil, fmt.Errorf("%d moves: a game played here is at most %d moves long", len(moves), MaxGameMoves)
	}
	if at != nil {
		var err error
		if pos, err = gamePositionOf(m, at); err != nil {
			return pos, nil, err
		}
	}
	seen := map[string]bool{}
	for i, mv := range moves {
		if end := m.GameEnd(pos); end != "" || seen[pos.Key()] {
			if end == "" {
				end = "draw: the position repeats"
			}
			return pos, nil, fmt.Errorf("move %d, %v-%v: the game is over after move %d (%s)", i+1, mv.From, mv.To, i, end)
		}
		if err := m.GameStep(pos, mv); err != nil {
			return pos, nil, fmt.Errorf("move %d, %v-%v, is illegal: %v", i+1, mv.From, mv.To, err)
		}
		seen[pos.Key()] = true
		pos = m.GamePlay(pos, mv)
	}
	return pos, seen, nil
}

// gamePositionOf reads a position the page sent: each side's squares,
// open, distinct and as many as the side has pieces.
func gamePositionOf(m *model.Model, at *gamePosition) (model.GamePosition, error) {
	g := m.Game
	var pos model.GamePosition
	pos.ToMove = g.Side(at.ToMove)
	if pos.ToMove < 0 {
		return pos, fmt.Errorf("position: the side to move %q is not a side of the game (%s or %s)", at.ToMove, g.Sides[0].Label, g.Sides[1].Label)
	}
	for label := range at.Pieces {
		if g.Side(label) < 0 {
			return pos, fmt.Errorf("position: %q is not a side of the game (%s or %s)", label, g.Sides[0].Label, g.Sides[1].Label)
		}
	}
	taken := map[model.Square]bool{}
	for side, sd := range g.Sides {
		squares := slices.Clone(at.Pieces[sd.Label])
		if len(squares) != len(sd.From) {
			return pos, fmt.Errorf("position: %s has %d pieces, the game gives it %d", sd.Label, len(squares), len(sd.From))
		}
		for _, q := range squares {
			if !m.Board.IsOpen(q) {
				return pos, fmt.Errorf("position: %s's %v is not an open square of the %s board", sd.Label, q, m.Board.Dims())
			}
			if taken[q] {
				return pos, fmt.Errorf("position: two pieces on %v", q)
			}
			taken[q] = true
		}
		model.SortSquares(squares)
		pos.Pieces[side] = squares
	}
	return pos, nil
}

// valueText says a value for the side it is of.
func valueText(value string, plies int) string {
	n := fmt.Sprintf("%d plies", plies)
	if plies == 1 {
		n = "1 ply"
	}
	switch value {
	case "win":
		return "wins in " + n
	case "loss":
		return "loses in " + n
	}
	return "draws"
}

// gameAnswer works out the answer at pos from the table.
func (s *Server) gameAnswer(p parsed, tb *exact.GameTable, pos model.GamePosition, seen map[string]bool, ply int) (*gameAnswer, error) {
	m := p.m
	g := m.Game
	ans, err := s.gameBase(p, pos, ply)
	if err != nil {
		return nil, err
	}
	ans.Positions = tb.Positions()
	if v, d, err := tb.Value(pos); err != nil {
		return nil, err
	} else {
		ans.Value, ans.Plies, ans.Text = v, d, valueText(v, d)
	}
	ans.Over = gameEnded(m, pos, seen)
	if ans.Over != nil {
		return ans, nil
	}
	line, err := tb.Line(pos)
	if err != nil {
		return nil, err
	}
	ans.Line, ans.LineEnd = line.Moves, line.End
	var best *model.Move
	if len(line.Moves) > 0 {
		best = &line.Moves[0]
		ans.Best = best
	}
	moves := m.GameMoves(pos)
	pass := false
	if len(moves) == 0 && g.Stuck == model.StuckPasses {
		q := pos.Pieces[pos.ToMove][0]
		moves, pass = []model.Move{{From: q, To: q}}, true
	}
	for _, mv := range moves {
		child := m.GamePlay(pos, mv)
		v, d, err := tb.Value(child)
		if err != nil {
			return nil, err
		}
		// (a pass is a move from any of the side's squares to itself)
		gm := gameMove{From: mv.From, To: mv.To, Pass: pass, Best: best != nil && (*best == mv || pass && best.From == best.To)}
		switch v {
		case "win":
			gm.Value, gm.Plies = "loss", d+1
		case "loss":
			gm.Value, gm.Plies = "win", d+1
		default:
			gm.Value = "draw"
		}
		gm.Text = valueText(gm.Value, gm.Plies)
		if gameEnded(m, child, nil) == nil {
			if l, err := tb.Line(child); err == nil && len(l.Moves) > 0 {
				gm.Reply = &l.Moves[0]
			}
		}
		ans.Moves = append(ans.Moves, gm)
	}
	return ans, nil
}

// gameBase is what an answer at pos says whatever its values come from:
// the position, the sides, and the picture of the game with its pieces
// where they stand.
func (s *Server) gameBase(p parsed, pos model.GamePosition, ply int) (*gameAnswer, error) {
	m := p.m
	g := m.Game
	ans := &gameAnswer{ToMove: g.Sides[pos.ToMove].Label, Pieces: pos.Pieces, Ply: ply, Moves: []gameMove{}, Line: []model.Move{}}
	for i, sd := range g.Sides {
		ans.Sides[i] = sd.Label
	}
	spec := *g
	for side := range 2 {
		spec.Sides[side].From = pos.Pieces[side]
	}
	drawn := *m
	drawn.Game = &spec
	view, err := s.view(parsed{m: &drawn, key: p.key}, nil)
	if err != nil {
		return nil, err
	}
	ans.Model = view
	return ans, nil
}

// gameEnded says how the game stands at pos by its rules, and a
// repetition of a position before it (seen) a draw; nil while it goes on.
func gameEnded(m *model.Model, pos model.GamePosition, seen map[string]bool) *gameOver {
	g := m.Game
	mover, last := g.Sides[pos.ToMove], g.Sides[1-pos.ToMove]
	if m.GameOver(pos) {
		var on model.Square
		for _, q := range pos.Pieces[1-pos.ToMove] {
			if slices.Contains(last.Goal, q) {
				on = q
				break
			}
		}
		where := "its goal"
		if centre(m.Board, last.Goal) {
			where = "the centre"
		}
		return &gameOver{Winner: last.Label, Reason: "goal",
			Text: fmt.Sprintf("%s wins: %s on %v reached %s", last.Label, last.Piece.Name, on, where)}
	}
	if len(m.GameMoves(pos)) == 0 {
		switch g.Stuck {
		case model.StuckLoses:
			return &gameOver{Winner: last.Label, Reason: "no move",
				Text: fmt.Sprintf("%s wins: %s has no move (a side without a move loses)", last.Label, mover.Label)}
		case model.StuckDraw:
			return &gameOver{Reason: "no move", Text: fmt.Sprintf("draw: %s has no move (a side without a move draws)", mover.Label)}
		}
	}
	if seen[pos.Key()] {
		return &gameOver{Reason: "repetition", Text: "draw: the position repeats"}
	}
	return nil
}

// centre reports whether squares are the board's centre: the middle
// square, or two or four, of a board with an odd or even side.
func centre(b *model.Board, squares []model.Square) bool {
	var mid []model.Square
	for _, f := range slices.Compact([]int{(b.Cols - 1) / 2, b.Cols / 2}) {
		for _, r := range slices.Compact([]int{(b.Rows - 1) / 2, b.Rows / 2}) {
			mid = append(mid, model.Square{File: f, Rank: r})
		}
	}
	model.SortSquares(mid)
	got := slices.Clone(squares)
	model.SortSquares(got)
	return slices.Equal(mid, got)
}

// errGameTooLarge is why a game is not solved here: its strong solution
// would not fit the memory kept for games.
var errGameTooLarge = errors.New("this game is too large to solve here")

// errGameTooSlow is why a game is not solved here: its strong solution
// did not finish within the server's time bound (it is not tried again).
var errGameTooSlow = errors.New("this game is too long to solve here")

// gameTables keeps the strong solutions of the games played, by model
// text, within a bound of bytes: the least recently used goes first. A
// solution being built is built once; the requests that want it wait.
type gameTables struct {
	mu    sync.Mutex
	limit int64
	bytes int64
	byKey map[string]*list.Element
	lru   *list.List // of *gameEntry, the most recent first
	// slow holds the games whose solution did not finish within the time
	// bound, at most maxSlow of them (the oldest forgotten first).
	slow     map[string]bool
	slowKeys []string
}

const maxSlow = 1024

type gameEntry struct {
	key   string
	ready chan struct{}
	tb    *exact.GameTable
	err   error
}

func newGameTables(limit int64) *gameTables {
	return &gameTables{limit: limit, byKey: map[string]*list.Element{}, lru: list.New(), slow: map[string]bool{}}
}

// get returns the strong solution of the game p, building it when it is
// not kept, under the server's bounds (a solve slot, the time bound, the
// memory bound); on failure the HTTP status to answer with.
func (c *gameTables) get(ctx context.Context, s *Server, p parsed) (*exact.GameTable, int, error) {
	positions, need, err := exact.PlanGame(p.m, true)
	switch {
	case errors.Is(err, model.ErrTooLarge):
		return nil, http.StatusUnprocessableEntity, fmt.Errorf("%w: %v", errGameTooLarge, err)
	case errors.Is(err, model.ErrUnsupported):
		return nil, http.StatusUnprocessableEntity, fmt.Errorf("this game cannot be played here: %v", err)
	case err != nil:
		return nil, http.StatusUnprocessableEntity, err
	case need > c.limit:
		return nil, http.StatusUnprocessableEntity, fmt.Errorf("%w: its strong solution has %d positions and needs %d MiB, over the %d MiB the playground keeps for games (`chessmodel solve` and `explore` answer it with --max-memory)",
			errGameTooLarge, positions, (need+1<<20-1)>>20, c.limit>>20)
	}
	for {
		c.mu.Lock()
		if c.slow[p.key] {
			c.mu.Unlock()
			return nil, http.StatusServiceUnavailable, fmt.Errorf("%w: its strong solution did not finish within the time bound of %v", errGameTooSlow, s.cfg.MaxTimeout)
		}
		if el, ok := c.byKey[p.key]; ok {
			e := el.Value.(*gameEntry)
			c.lru.MoveToFront(el)
			c.mu.Unlock()
			select {
			case <-e.ready:
			case <-ctx.Done():
				return nil, http.StatusServiceUnavailable, fmt.Errorf("stopped while the game's strong solution was being built: %v", ctx.Err())
			}
			if e.err == nil {
				return e.tb, 0, nil
			}
			if errors.Is(e.err, context.Canceled) || errors.Is(e.err, context.DeadlineExceeded) {
				continue // its builder stopped; build it again
			}
			return nil, http.StatusUnprocessableEntity, e.err
		}
		e := &gameEntry{key: p.key, ready: make(chan struct{})}
		c.byKey[p.key] = c.lru.PushFront(e)
		c.mu.Unlock()
		tb, status, err := s.buildGame(ctx, p)
		c.mu.Lock()
		e.tb, e.err = tb, err
		if err != nil {
			c.remove(p.key)
			if errors.Is(err, errGameTooSlow) && !c.slow[p.key] {
				c.slow[p.key] = true
				c.slowKeys = append(c.slowKeys, p.key)
				if len(c.slowKeys) > maxSlow {
					delete(c.slow, c.slowKeys[0])
					c.slowKeys = c.slowKeys[1:]
				}
			}
		} else {
			c.bytes += tb.Bytes()
			// Over the bound: the least recently used built solutions go
			// (not this one, nor one being built, which has no bytes yet).
			for el := c.lru.Back(); el != nil && c.bytes > c.limit; {
				old := el.Value.(*gameEntry)
				el = el.Prev()
				if old != e && old.tb != nil {
					c.remove(old.key)
				}
			}
		}
		close(e.ready)
		c.mu.Unlock()
		return tb, status, err
	}
}

// remove forgets the entry of key; c.mu is held.
func (c *gameTables) remove(key string) {
	el, ok := c.byKey[key]
	if !ok {
		return
	}
	e := el.Value.(*gameEntry)
	if e.tb != nil {
		c.bytes -= e.tb.Bytes()
	}
	c.lru.Remove(el)
	delete(c.byKey, key)
}

// gameSlot takes a solve slot for a game's work, waiting at most the
// server's time bound for one to free; release gives it back.
func (s *Server) gameSlot(ctx context.Context) (release func(), err error) {
	leave, err := s.slots.enter()
	if err != nil {
		return nil, err
	}
	waitCtx, cancelWait := context.WithTimeout(ctx, s.cfg.MaxTimeout)
	done, err := s.slots.start(waitCtx)
	cancelWait()
	if err != nil {
		leave()
		return nil, fmt.Errorf("gave up waiting for a free solve slot: %s", stopWords(err))
	}
	return func() { done(); leave() }, nil
}

// buildGame builds a strong solution in a solve slot, under the time and
// memory bounds of a solve.
func (s *Server) buildGame(ctx context.Context, p parsed) (*exact.GameTable, int, error) {
	release, err := s.gameSlot(ctx)
	if err != nil {
		return nil, http.StatusServiceUnavailable, err
	}
	defer release()
	bounded, cancelBound := context.WithCancelCause(ctx)
	defer cancelBound(nil)
	tctx, cancel := context.WithTimeout(bounded, s.cfg.MaxTimeout)
	defer cancel()
	defer guardMemory(tctx, cancelBound, s.cfg.MaxMemory)()
	workers := max(1, runtime.NumCPU()/s.cfg.Running)
	start := time.Now()
	tb, err := exact.StrongGame(tctx, p.m, model.Options{Task: model.TaskSolve, Workers: workers, MaxMemory: s.games.limit})
	if err != nil {
		if tctx.Err() != nil {
			msg := fmt.Errorf("building the game's strong solution: %s (after %.1f s)", stopReason(tctx, s.cfg.MaxTimeout), time.Since(start).Seconds())
			if ctx.Err() == nil && errors.Is(tctx.Err(), context.DeadlineExceeded) {
				msg = fmt.Errorf("%w: %v", errGameTooSlow, msg)
			}
			return nil, http.StatusServiceUnavailable, msg
		}
		return nil, http.StatusUnprocessableEntity, fmt.Errorf("this game cannot be played here: %w", err)
	}
	return tb, 0, nil
}
