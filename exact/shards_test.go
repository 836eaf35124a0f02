package exact

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// The parts of an n-queens count through the facade add up to the whole:
// 10 queens in 3 parts, 724 solutions in 92 classes (A000170, A002562).
func TestQueensParts(t *testing.T) {
	m, err := model.Parse([]byte("board: 10\nplace: [10 queen]\nrules: [independent]\n"), "ten")
	if err != nil {
		t.Fatal(err)
	}
	var count, classes int64
	for k := range 3 {
		res, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true, Shard: model.Shard{Index: k, Of: 3}})
		if err != nil {
			t.Fatal(err)
		}
		count += *res.Count
		classes += *res.Classes
	}
	if count != 724 || classes != 92 {
		t.Errorf("10 queens in 3 parts: %d solutions, %d classes; want 724 and 92", count, classes)
	}
}
