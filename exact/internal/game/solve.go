package game

import (
	"context"
	"fmt"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// maxLine bounds the principal variation of a drawn game, followed until
// a position repeats.
const maxLine = 10_000

// Solve answers TaskSolve on a game: the start's value for the side to
// move, the plies to the end under best play, and a principal variation
// (the winner's fastest win against the loser's longest defence; for a
// draw, drawing moves until a position repeats) as the solution, from a
// strong solution with the plies of every position.
func Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	return run(ctx, m, opts, true)
}

// Explore strongly solves the game at 2 bits a position (values only,
// the plies of each level counted as the levels are found) and tallies
// the values: won, lost and drawn positions, the positions by plies, and
// the longest forced win with the position it starts from; and the
// start's value.
func Explore(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	return run(ctx, m, opts, false)
}

// Plan is the positions of a game and the bytes its strong solution
// needs, with plies or without: what Solve and Explore check against the
// memory bound before they allocate.
func Plan(m *model.Model, withPlies bool) (positions, bytes int64, err error) {
	if err := check(m); err != nil {
		return 0, 0, err
	}
	sp, err := newSpace(m)
	if err != nil {
		return 0, 0, err
	}
	return sp.total, estimate(sp.total, withPlies), nil
}

func check(m *model.Model) error {
	if m.Kind != model.KindGame || m.Game == nil {
		return fmt.Errorf("exact: not a game model: %w", model.ErrUnsupported)
	}
	return geometryError(m)
}

func run(ctx context.Context, m *model.Model, opts model.Options, withPlies bool) (*model.Result, error) {
	start := time.Now()
	if opts.Task != model.TaskSolve {
		return nil, fmt.Errorf("exact: a game is solved, not counted or enumerated: %w", model.ErrUnsupported)
	}
	if opts.Shard.Active() {
		return nil, fmt.Errorf("exact: the retrograde analysis of a game does not split into parts: %w", model.ErrUnsupported)
	}
	if err := check(m); err != nil {
		return nil, err
	}
	sp, err := newSpace(m)
	if err != nil {
		return nil, err
	}
	need := estimate(sp.total, withPlies)
	if limit := opts.MemoryLimit(); need > limit {
		return nil, fmt.Errorf("exact: the game's %d positions need %d bytes (%d bits a position), over the memory bound of %d bytes: %w",
			sp.total, need, bitsFor(withPlies), limit, model.ErrTooLarge)
	}
	startPos := m.GameStart()
	idx := sp.indexOf(startPos)
	startPos.ToMove = 1 - startPos.ToMove
	other := sp.indexOf(startPos)
	t, err := retrograde(ctx, sp, withPlies, [2]int64{idx, other}, model.WorkerCount(opts.Workers), opts.Progress)
	res := model.NewResult(m, opts.Task, "exact")
	if err != nil {
		if ctx.Err() != nil {
			res.Stats.Seconds = time.Since(start).Seconds()
			return res, nil // unknown: stopped before the analysis ended
		}
		return nil, err
	}
	g := &model.GameResult{Bits: t.bitsPerPos}
	res.Game = g
	res.Status = model.StatusOptimal
	res.Stats.Nodes = sp.total
	p := sp.newPos()
	sp.decode(idx, p)
	s := t.start(idx)
	g.ToMove, g.Value, g.Winner, g.Plies = s.ToMove, s.Value, s.Winner, s.Plies
	if level := t.levelOf(idx); level >= 0 {
		res.Value = model.Int64(int64(level))
	}
	if withPlies {
		res.Solution = t.line(idx)
	} else {
		var won, lost int64
		for d, n := range t.byPlies {
			if d%2 == 1 {
				won += n
			} else {
				lost += n
			}
		}
		g.Positions, g.Won, g.Lost, g.Drawn, g.Over = sp.total, won, lost, t.drawn, t.over
		g.ByPlies = t.byPlies
		g.Starts = []model.GameStart{t.start(idx), t.start(other)}
		if t.longest > 0 {
			g.LongestWin = t.longest
			sp.decode(t.longestAt, p)
			g.LongestWinFrom = m.GamePositionText(sp.position(p))
		}
	}
	g.MemoryBytes = need
	res.Stats.Seconds = time.Since(start).Seconds()
	return res, nil
}

// start is the value of position i, a start.
func (t *table) start(i int64) model.GameStart {
	sp := t.sp
	p := sp.newPos()
	sp.decode(i, p)
	s := model.GameStart{ToMove: sp.m.Game.Sides[p.toMove].Label}
	switch t.value(i) {
	case win:
		s.Value, s.Winner = "win", s.ToMove
	case loss:
		s.Value, s.Winner = "loss", sp.m.Game.Sides[1-p.toMove].Label
	default:
		s.Value = "draw"
	}
	s.Plies = max(t.levelOf(i), 0)
	return s
}

func bitsFor(withPlies bool) int {
	if withPlies {
		return 12
	}
	return 4
}

// levelOf is the plies of position i under best play, -1 for a draw. A
// table without plies knows only the watched position's (the start's),
// recorded as the levels found it.
func (t *table) levelOf(i int64) int {
	if t.value(i) == draw || t.value(i) == unknown {
		return -1
	}
	if t.plies != nil {
		return int(t.plies[i]) - 1
	}
	for k, w := range t.watch {
		if i == w {
			return t.watchLevel[k]
		}
	}
	return -1
}

// children lists the positions after each move at p (after a pass when
// the rule lets a side without a move pass); none when the game is over.
func (t *table) children(p *pos) []int64 {
	sp := t.sp
	if sp.over(p) {
		return nil
	}
	var out []int64
	buf := make([]int32, 0, 64)
	any := sp.moves(p, func(i int, to int32) bool {
		out = append(out, sp.child(p, i, to, buf))
		return true
	})
	if !any && sp.m.Game.Stuck == model.StuckPasses {
		out = append(out, sp.encode(p.sq[0], p.sq[1], 1-p.toMove))
	}
	return out
}

// line is the principal variation from position i: at a win the first
// move (in move order) to a loss one ply shorter, at a loss the first to
// a win one ply shorter (the longest defence), at a draw the first move
// to a draw, until a position repeats.
func (t *table) line(i int64) *model.Solution {
	sp := t.sp
	sol := &model.Solution{Moves: []model.Move{}}
	p := sp.newPos()
	seen := map[int64]bool{}
	buf := make([]int32, 0, 64)
	for len(sol.Moves) < maxLine {
		sp.decode(i, p)
		if t.value(i) == draw && seen[i] {
			sol.End = "draw"
			return sol
		}
		seen[i] = true
		v, d := t.value(i), t.levelOf(i)
		if v == loss && d == 0 {
			sol.End = sp.m.Game.Sides[1-p.toMove].Label + " wins"
			return sol
		}
		if v == draw && !sp.over(p) && !sp.moves(p, func(int, int32) bool { return false }) && sp.m.Game.Stuck == model.StuckDraw {
			sol.End = "draw"
			return sol
		}
		want := func(c int64) bool {
			switch v {
			case win:
				return t.value(c) == loss && t.levelOf(c) == d-1
			case loss:
				return t.value(c) == win && t.levelOf(c) == d-1
			}
			return t.value(c) == draw
		}
		chosen := int64(-1)
		var mv model.Move
		sp.moves(p, func(k int, to int32) bool {
			c := sp.child(p, k, to, buf)
			if want(c) {
				chosen = c
				mv = model.Move{From: sp.squares[p.sq[p.toMove][k]], To: sp.squares[to]}
				return false
			}
			return true
		})
		if chosen < 0 { // a pass: the side to move has no move
			chosen = sp.encode(p.sq[0], p.sq[1], 1-p.toMove)
			q := sp.squares[p.sq[p.toMove][0]]
			mv = model.Move{From: q, To: q}
		}
		sol.Moves = append(sol.Moves, mv)
		i = chosen
	}
	return sol // a drawn line with no repetition within maxLine plies: it goes on
}

// indexOf is the index of a position given by squares.
func (sp *space) indexOf(p model.GamePosition) int64 {
	num := map[model.Square]int32{}
	for i, q := range sp.squares {
		num[q] = int32(i)
	}
	var sq [2][]int32
	for side := range 2 {
		for _, q := range p.Pieces[side] {
			sq[side] = append(sq[side], num[q])
		}
		sortInt32(sq[side])
	}
	return sp.encode(sq[0], sq[1], p.ToMove)
}

func sortInt32(s []int32) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// position is p as squares.
func (sp *space) position(p *pos) model.GamePosition {
	var out model.GamePosition
	out.ToMove = p.toMove
	for side := range 2 {
		for _, s := range p.sq[side] {
			out.Pieces[side] = append(out.Pieces[side], sp.squares[s])
		}
		model.SortSquares(out.Pieces[side])
	}
	return out
}
