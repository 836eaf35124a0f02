package brute

import (
	"context"
	"errors"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestGameBudget: a game with more reachable positions than the budget
// is refused; within it, the line the rounds give is the checker's.
func TestGameBudget(t *testing.T) {
	m, err := model.Load("../testdata/models/game-queens-walls.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&Solver{Budget: 100}).Solve(context.Background(), m, model.Options{}); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("budget 100: %v", err)
	}
	res, err := model.Run(context.Background(), &Solver{}, m, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Verified || res.Game == nil || res.Game.Reachable <= 100 {
		t.Errorf("verified %v, game %+v", res.Verified, res.Game)
	}
	if _, err := (&Solver{}).Solve(context.Background(), m, model.Options{Task: model.TaskCount}); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("count: %v", err)
	}
}
