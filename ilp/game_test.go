package ilp

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestGameUnsupported: the ilp backend refuses a game, saying why.
func TestGameUnsupported(t *testing.T) {
	m, err := model.Load("../testdata/models/game-one-rook-3x3.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = New().Solve(context.Background(), m, model.Options{})
	if !errors.Is(err, model.ErrUnsupported) || !strings.Contains(err.Error(), "does not play games") {
		t.Errorf("ilp on a game: %v", err)
	}
}
