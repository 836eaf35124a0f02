package ilp_test

import (
	"context"
	"errors"
	"testing"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestAttackCountLimits walks past each limit of the attack-count rows
// (place_attack_counts.go): refused, never answered. Wrapped boards,
// one-sided pieces, groups and pieces that reach a square by two moves are
// compiled (compare's TestCountsBeyondPlain).
func TestAttackCountLimits(t *testing.T) {
	for name, src := range map[string]string{
		"free walls":             "board: {size: 3, walls: free}\nplace: [2 rook]\nrules: [every piece attacks 1]\n",
		"free walls and weights": "board: {size: 3, walls: free, weights: {a1: 1}}\nplace: [2 rook]\nobjective: maximize weight\n",
		"strong stacked riders":  "board: 3\nstack: true\nplace: [0..2 rook]\nrules: [every piece attacks 1]\n",
	} {
		m := parseModel(t, src)
		if _, err := ilp.New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve}); !errors.Is(err, model.ErrUnsupported) {
			t.Errorf("%s: got %v, want ErrUnsupported", name, err)
		}
	}
}
