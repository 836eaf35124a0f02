package slide

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// Table over the seed model resized: the same numbers, odd sizes skipped.
func TestTableResizesTheSeedModel(t *testing.T) {
	m, err := model.Load("../../testdata/models/sliding-rooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var rows []Row
	err = Table(context.Background(), m, []int{2, 3, 4, 6, 8}, Options{}, func(r Row) error { rows = append(rows, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	want := []int{seedMoves(t, 2), -1, seedMoves(t, 4), seedMoves(t, 6), seedMoves(t, 8)}
	for i, r := range rows {
		if r.Moves != want[i] {
			t.Errorf("%dx%d: %d moves (%s %s), want %d", r.Size, r.Size, r.Moves, r.Status, r.Note, want[i])
		}
	}
}
