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
