package game

import (
	"context"
	"errors"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestTableAgreesWithSolve: the table's value and plies of the start, and
// of the position after each of the start's moves, are Solve's of a model
// starting there.
func TestTableAgreesWithSolve(t *testing.T) {
	m := load(t, "game-queens-walls.yaml")
	tb, err := Strong(context.Background(), m, model.Options{Task: model.TaskSolve, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	solveFrom := func(p model.GamePosition) model.GameStart {
		c := *m
		g := *m.Game
		for side := range 2 {
			g.Sides[side].From = p.Pieces[side]
		}
		g.First = p.ToMove
		c.Game = &g
		res, err := Solve(context.Background(), &c, model.Options{Task: model.TaskSolve, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		return model.GameStart{Value: res.Game.Value, Plies: res.Game.Plies}
	}
	start := m.GameStart()
	positions := []model.GamePosition{start}
	for _, mv := range m.GameMoves(start) {
		positions = append(positions, m.GamePlay(start, mv))
	}
	for _, p := range positions {
		v, d, err := tb.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		if want := solveFrom(p); v != want.Value || d != want.Plies {
			t.Errorf("%s: table %s in %d, solve %s in %d", m.GamePositionText(p), v, d, want.Value, want.Plies)
		}
	}
	line, err := tb.Line(start)
	if err != nil {
		t.Fatal(err)
	}
	if r := model.Check(m, line); !r.Valid {
		t.Errorf("the start's line %v: %v", line.Moves, r.Problems)
	}
	bad := start
	bad.Pieces[0] = []model.Square{start.Pieces[0][0]}
	if _, _, err := tb.Value(bad); err == nil {
		t.Errorf("a position with a piece missing has a value")
	}
}

// TestStrongMemoryBound: Strong refuses a table over the memory bound.
func TestStrongMemoryBound(t *testing.T) {
	m := load(t, "game-queens-walls.yaml")
	_, err := Strong(context.Background(), m, model.Options{Task: model.TaskSolve, MaxMemory: 100})
	if !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("got %v, want ErrTooLarge", err)
	}
}
