package ilp

import (
	"context"
	"errors"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// A part of a count is refused as unsupported, never answered as the whole.
func TestShardRefused(t *testing.T) {
	m, err := model.Parse([]byte("board: 5\nplace: [5 queen]\nrules: [independent]\n"), "five")
	if err != nil {
		t.Fatal(err)
	}
	_, err = New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Shard: model.Shard{Index: 1, Of: 2}})
	if !errors.Is(err, model.ErrUnsupported) {
		t.Fatalf("a shard of an ilp count: %v, want ErrUnsupported", err)
	}
}
