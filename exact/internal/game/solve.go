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
	sp, err := newSpace(m, true)
	if err != nil {
		return 0, 0, err
	}
	return sp.total, sp.need(withPlies), nil
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
	if opts.Checkpoint != "" && withPlies {
		return nil, fmt.Errorf("exact: a solve of a game keeps each position's plies and does not checkpoint; explore (values only) does: %w", model.ErrUnsupported)
	}
	if err := check(m); err != nil {
		return nil, err
	}
	sp, err := newSpace(m, !noFold)
	if err != nil {
		return nil, err
	}
	need := sp.need(withPlies)
	limit := opts.MemoryLimit()
	if need > limit && withPlies {
		if entries := ttSize(sp, limit); entries > 0 {
			return weak(ctx, sp, opts, entries, start), nil
		}
	}
	if need > limit {
		return nil, sp.overBound(need, limit, withPlies)
	}
	startPos := m.GameStart()
	first := startPos.ToMove
	idx := sp.indexOf(startPos)
	startPos.ToMove = 1 - startPos.ToMove
	other := sp.indexOf(startPos)
	a := newAnalysis(sp, withPlies, [2]int64{idx, other}, model.WorkerCount(opts.Workers), opts.Progress)
	if opts.Checkpoint != "" {
		if a.ck, err = openCheckpoint(opts.Checkpoint, opts.CheckpointEvery, sp); err != nil {
			return nil, err
		}
		resumed, err := a.ck.load(a)
		if err != nil {
			return nil, err
		}
		if resumed && opts.Progress != nil {
			opts.Progress(-1, fmt.Sprintf("resumed from %s: %s", opts.Checkpoint, a.stage))
		}
	}
	err = a.run(ctx)
	if err == nil && a.ck != nil && a.ck.from.Phase != phaseDone {
		err = a.ck.save(a) // the finished tables, and the last part's line
	}
	t := a.t
	res := model.NewResult(m, opts.Task, "exact")
	if err != nil {
		if ctx.Err() != nil {
			// Unknown: stopped before the analysis ended. What it found is
			// the levels it finished, each complete.
			res.Stats.Seconds = time.Since(start).Seconds()
			res.Stats.Extra["stopped_at"] = a.stage.String()
			res.Stats.Extra["decided_by_plies"] = append([]int64{}, a.ByPlies...)
			return res, nil
		}
		return nil, err
	}
	g := &model.GameResult{Bits: t.bitsPerPos, Symmetries: len(sp.syms), Slots: sp.slots}
	res.Game = g
	res.Status = model.StatusOptimal
	res.Stats.Nodes = sp.total
	p := sp.newPos()
	s := t.start(idx, first)
	g.ToMove, g.Value, g.Winner, g.Plies = s.ToMove, s.Value, s.Winner, s.Plies
	if level := t.levelOf(idx); level >= 0 {
		res.Value = model.Int64(int64(level))
	}
	if withPlies {
		res.Solution = t.line(m.GameStart())
	} else {
		won, lost := model.WonLost(t.byPlies)
		g.Positions, g.Won, g.Lost, g.Drawn, g.Over = sp.total, won, lost, t.drawn, t.over
		g.ByPlies = t.byPlies
		g.Starts = []model.GameStart{t.start(idx, first), t.start(other, 1-first)}
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

// weak answers a solve whose tables do not fit the memory bound by the
// search of weak.go, with a transposition table of entries slots: the
// start's value and plies and the principal variation when it proves
// them; when stopped first, an unknown result whose Stats say within how
// many plies neither side can force a win ("no_win_within").
func weak(ctx context.Context, sp *space, opts model.Options, entries int64, began time.Time) *model.Result {
	m := sp.m
	w := weakSolve(ctx, sp, m.GameStart(), entries, opts.Progress)
	res := model.NewResult(m, opts.Task, "exact")
	res.Stats.Engine = "search from the start (the tables do not fit the memory bound)"
	res.Stats.Nodes = w.nodes
	res.Stats.Extra["transposition_entries"] = entries
	if w.value == unknown || w.line == nil {
		res.Stats.Extra["no_win_within"] = w.within
		res.Stats.Seconds = time.Since(began).Seconds()
		return res
	}
	first := m.Game.First
	g := &model.GameResult{ToMove: m.Game.Sides[first].Label, Symmetries: len(sp.syms), MemoryBytes: entries*ttEntryBytes + sp.foldBytes()}
	switch w.value {
	case win:
		g.Value, g.Winner, g.Plies = "win", g.ToMove, w.plies
	case loss:
		g.Value, g.Winner, g.Plies = "loss", m.Game.Sides[1-first].Label, w.plies
	default:
		g.Value = "draw"
	}
	res.Game = g
	res.Status = model.StatusOptimal
	if w.value != draw {
		res.Value = model.Int64(int64(w.plies))
	}
	res.Solution = w.line
	res.Stats.Seconds = time.Since(began).Seconds()
	return res
}

// start is the value of slot i, a start with side toMove to move (the
// slot's canonical position may have the other side to move).
func (t *table) start(i int64, toMove int) model.GameStart {
	sp := t.sp
	s := model.GameStart{ToMove: sp.m.Game.Sides[toMove].Label}
	switch t.value(i) {
	case win:
		s.Value, s.Winner = "win", s.ToMove
	case loss:
		s.Value, s.Winner = "loss", sp.m.Game.Sides[1-toMove].Label
	default:
		s.Value = "draw"
	}
	s.Plies = max(t.levelOf(i), 0)
	return s
}

// noFold lays the tables out over every position, not over the orbits
// of the rules' symmetries: a variable for the package's tests, which
// compare the two.
var noFold = false

// need is the bytes the tables take: estimate over the slots, and the
// table of first-side representatives.
func (sp *space) need(withPlies bool) int64 {
	return estimate(sp.slots, withPlies) + sp.foldBytes() + sp.subsetBytes()
}

func bitsFor(withPlies bool) int {
	if withPlies {
		return 11
	}
	return 3
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

// line is the principal variation from position at: at a win the first
// move (in move order) to a loss one ply shorter, at a loss the first to
// a win one ply shorter (the longest defence), at a draw the first move
// to a draw, until a position repeats. It walks the positions themselves
// and looks each up by its slot.
func (t *table) line(at model.GamePosition) *model.Solution {
	sp := t.sp
	sol := &model.Solution{Moves: []model.Move{}}
	p := sp.newPos()
	sp.set(p, at)
	seen := map[int64]bool{}
	s := sp.newScratch()
	for len(sol.Moves) < maxLine {
		i := sp.slot(p.sq[0], p.sq[1], p.toMove, s)
		key := sp.encode(p.sq[0], p.sq[1], p.toMove)
		if t.value(i) == draw && seen[key] {
			sol.End = "draw"
			return sol
		}
		seen[key] = true
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
		found := false
		var mv model.Move
		sp.moves(p, func(k int, to int32) bool {
			if want(sp.child(p, k, to, s)) {
				found = true
				mv = model.Move{From: sp.squares[p.sq[p.toMove][k]], To: sp.squares[to]}
				return false
			}
			return true
		})
		if !found { // a pass: the side to move has no move
			q := sp.squares[p.sq[p.toMove][0]]
			mv = model.Move{From: q, To: q}
		}
		sol.Moves = append(sol.Moves, mv)
		sp.set(p, sp.m.GamePlay(sp.position(p), mv))
	}
	return sol // a drawn line with no repetition within maxLine plies: it goes on
}

// set fills p with a position given by squares.
func (sp *space) set(p *pos, at model.GamePosition) {
	for side := range 2 {
		for _, s := range p.sq[side] {
			p.owner[s] = -1
		}
	}
	num := sp.numbers()
	for side := range 2 {
		for i, q := range at.Pieces[side] {
			p.sq[side][i] = num[q]
		}
		sortInt32(p.sq[side])
		for _, s := range p.sq[side] {
			p.owner[s] = int8(side)
		}
	}
	p.toMove = at.ToMove
}

func (sp *space) numbers() map[model.Square]int32 {
	num := map[model.Square]int32{}
	for i, q := range sp.squares {
		num[q] = int32(i)
	}
	return num
}

// indexOf is the slot of a position given by squares.
func (sp *space) indexOf(p model.GamePosition) int64 {
	num := sp.numbers()
	var sq [2][]int32
	for side := range 2 {
		for _, q := range p.Pieces[side] {
			sq[side] = append(sq[side], num[q])
		}
		sortInt32(sq[side])
	}
	return sp.slot(sq[0], sq[1], p.ToMove, sp.newScratch())
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

// overBound is the refusal of tables of need bytes over the memory bound.
func (sp *space) overBound(need, limit int64, withPlies bool) error {
	return fmt.Errorf("exact: the game's %d positions, folded by %d symmetries onto %d table slots, need %d bytes (%d bits a slot), over the memory bound of %d bytes: %w",
		sp.total, len(sp.syms), sp.slots, need, bitsFor(withPlies), limit, model.ErrTooLarge)
}
