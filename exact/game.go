package exact

import (
	"context"

	"github.com/chessmodel/chessmodel/exact/internal/game"
	"github.com/chessmodel/chessmodel/model"
)

// ExploreGame strongly solves a game model at 2 bits a position and
// tallies every position's value (Result.Game): the won, lost and drawn
// positions, the positions by plies to the end, the longest forced win
// and the position it starts from, and the start's value and plies.
// Solve on a game gives the start's principal variation instead, from a
// solution that keeps each position's plies as well.
func ExploreGame(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	return game.Explore(ctx, m, opts)
}

// PlanGame is the number of positions of a game model and the bytes its
// strong solution needs, its tables folded by the symmetries of the
// game's rules, with each position's plies (solve) or without (explore).
// A solve over the memory bound searches from the start instead.
func PlanGame(m *model.Model, withPlies bool) (positions, bytes int64, err error) {
	return game.Plan(m, withPlies)
}

// A GameTable is a game's strong solution kept for looking positions up:
// each position's value for the side to move, its plies to the end under
// best play and its principal variation (the playground plays a game
// against it).
type GameTable = game.Table

// StrongGame builds a game's strong solution with the plies of every
// position (12 bits a position while it builds, 10 once built), refused
// with model.ErrTooLarge over opts' memory bound before anything is
// allocated; ctx's error when ctx ends first.
func StrongGame(ctx context.Context, m *model.Model, opts model.Options) (*GameTable, error) {
	return game.Strong(ctx, m, opts)
}
