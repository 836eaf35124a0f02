package game

import (
	"context"
	"fmt"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// A Table is a game's strong solution kept for looking positions up:
// every position's value and plies (10 bits a table slot, the slots
// folded by the rules' symmetries as Solve's are), as Solve builds it. It is safe for concurrent lookups.
type Table struct {
	t *table
}

// Strong builds the strong solution of a game with the plies of every
// position, under the same limits as Solve (the memory bound of opts is
// checked before anything is allocated). It returns ctx's error when ctx
// ends first.
func Strong(ctx context.Context, m *model.Model, opts model.Options) (*Table, error) {
	if err := check(m); err != nil {
		return nil, err
	}
	sp, err := newSpace(m, !noFold)
	if err != nil {
		return nil, err
	}
	need := sp.need(true)
	if limit := opts.MemoryLimit(); need > limit {
		return nil, sp.overBound(need, limit, true)
	}
	start := m.GameStart()
	idx := sp.indexOf(start)
	t, err := retrograde(ctx, sp, true, [2]int64{idx, idx}, model.WorkerCount(opts.Workers), opts.Progress)
	if err != nil {
		return nil, err
	}
	return &Table{t: t}, nil
}

// Positions is the number of positions the table holds.
func (tb *Table) Positions() int64 { return tb.t.sp.total }

// Bytes is the memory the table keeps once built: 2 bits of value and a
// byte of plies a slot.
func (tb *Table) Bytes() int64 { return int64(len(tb.t.values))*4 + int64(len(tb.t.plies)) }

// Value is the value of position p for the side to move ("win", "loss"
// or "draw") and its plies to the end under best play (0 for a draw); an
// error when p is not a position of the game (a square not open, a side
// with the wrong number of pieces, two pieces on a square).
func (tb *Table) Value(p model.GamePosition) (value string, plies int, err error) {
	i, err := tb.index(p)
	if err != nil {
		return "", 0, err
	}
	switch tb.t.value(i) {
	case win:
		value = "win"
	case loss:
		value = "loss"
	default:
		return "draw", 0, nil
	}
	return value, tb.t.levelOf(i), nil
}

// Line is the principal variation from position p, as Solve gives it
// from the start: the winner's fastest win against the longest defence,
// or drawing moves until a position repeats.
func (tb *Table) Line(p model.GamePosition) (*model.Solution, error) {
	if _, err := tb.index(p); err != nil {
		return nil, err
	}
	return tb.t.line(p), nil
}

// index checks p and finds its index.
func (tb *Table) index(p model.GamePosition) (int64, error) {
	sp := tb.t.sp
	if p.ToMove != 0 && p.ToMove != 1 {
		return 0, fmt.Errorf("exact: side to move %d: expected 0 or 1", p.ToMove)
	}
	open := map[model.Square]bool{}
	for _, q := range sp.squares {
		open[q] = true
	}
	seen := map[model.Square]bool{}
	for side := range 2 {
		label := sp.m.Game.Sides[side].Label
		if len(p.Pieces[side]) != sp.k[side] {
			return 0, fmt.Errorf("exact: %s has %d pieces, the game %d", label, len(p.Pieces[side]), sp.k[side])
		}
		for _, q := range p.Pieces[side] {
			if !open[q] {
				return 0, fmt.Errorf("exact: %s's %v is not an open square of the board", label, q)
			}
			if seen[q] {
				return 0, fmt.Errorf("exact: two pieces on %v", q)
			}
			seen[q] = true
		}
	}
	q := model.GamePosition{ToMove: p.ToMove, Pieces: [2][]model.Square{slices.Clone(p.Pieces[0]), slices.Clone(p.Pieces[1])}}
	return sp.indexOf(q), nil
}
