package tour_test

import (
	"context"
	"fmt"
	"os"
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

func TestCountOracles(t *testing.T) {
	cases := []struct {
		name, board, spec string
		want              int64
		slowFrontier      bool // the frontier method runs only with TOUR_SLOW=1 (minutes)
	}{
		{"5x5 open", "5", "{piece: knight}", 1728, false},
		{"5x5 open from a corner", "5", "{piece: knight, start: a1}", 304, false},
		{"5x6 closed", "5x6", "{piece: knight, closed: true}", 8, false},
		{"3x10 closed", "3x10", "{piece: knight, closed: true}", 16, false},
		{"6x6 closed", "6", "{piece: knight, closed: true}", 9862, false},
		{"6x6 open", "6", "{piece: knight}", 6637920, true},
	}
	for _, c := range cases {
		for _, method := range []tour.Method{tour.Frontier, tour.Search} {
			t.Run(c.name+"/"+method.String(), func(t *testing.T) {
				if c.slowFrontier && method == tour.Frontier && os.Getenv("TOUR_SLOW") == "" {
					t.Skip("minutes by the frontier method; set TOUR_SLOW=1")
				}
				m := tourModel(t, c.board, c.spec)
				res, err := tour.SolveWith(context.Background(), m, model.Options{Task: model.TaskCount}, method)
				if err != nil {
					t.Fatal(err)
				}
				if res.Count == nil || *res.Count != c.want {
					t.Fatalf("count %v, want %d (%+v)", res.Count, c.want, res.Stats)
				}
				if err := model.Verify(m, res); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}
