package tour_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/model"
)

// tourModel builds a knight (or other piece) tour model from YAML text.
func tourModel(t testing.TB, board, spec string) *model.Model {
	t.Helper()
	text := fmt.Sprintf("name: test\nboard: %s\ntour: %s\n", board, spec)
	m, err := model.Parse([]byte(text), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestMethodsAgree compares the two counting methods on boards with walls,
// squares off the board, start squares and other leapers.
func TestMethodsAgree(t *testing.T) {
	for _, c := range []struct{ board, spec string }{
		{"{size: 5, walls: [c3]}", "{piece: knight}"},
		{"{size: 5, walls: [c3]}", "{piece: knight, start: a1}"},
		{"{size: \"4x6\", walls: [a1, b1]}", "{piece: knight}"},
		{"\"4x5\"", "{piece: knight}"},
		{"\"5x6\"", "{piece: knight, closed: true, start: c3}"},
		{"{size: 6, walls: [c3, d3]}", "{piece: knight, closed: true}"},
		{"\"5x8\"", "{piece: zebra}"},
		{"\"5x8\"", "{piece: giraffe}"},
		{"{size: 4, walls: [b2]}", "{piece: king}"},
		{"\"3x4\"", "{piece: king, closed: true}"},
	} {
		t.Run(c.board+c.spec, func(t *testing.T) {
			m := tourModel(t, c.board, c.spec+"\npieces: {zebra: {leap: [2, 3]}, giraffe: {leap: [1, 4]}}")
			var counts []int64
			for _, method := range []tour.Method{tour.Frontier, tour.Search} {
				res, err := tour.SolveWith(context.Background(), m, model.Options{Task: model.TaskCount}, method)
				if err != nil {
					t.Fatal(err)
				}
				counts = append(counts, *res.Count)
			}
			if counts[0] != counts[1] {
				t.Fatalf("frontier %d, search %d", counts[0], counts[1])
			}
			t.Logf("%d tours", counts[0])
		})
	}
}
