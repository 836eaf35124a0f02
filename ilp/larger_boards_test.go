package ilp

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/model"
)

// TestLargerBoards (issue 36, item 11): a board above the compiler's bound
// is refused naming a backend that takes it, or none; it said "use the
// exact backend" of boards the exact backend refuses too. The bound named
// for the exact backend's tours is exact/tour's.
func TestLargerBoards(t *testing.T) {
	if exactTourSquares != tour.MaxTourSquares {
		t.Errorf("exactTourSquares %d, exact/tour.MaxTourSquares %d", exactTourSquares, tour.MaxTourSquares)
	}
	for _, tc := range []struct{ yaml, want string }{
		{"board: 10000000\nplace: [max bishop]\n", "no backend searches a board this large in general: the exact backend takes one only on its fast paths, n queens or n rooks on an empty square board"},
		{"board: 200\ntour: {piece: knight, closed: true}\n", "the exact backend takes tours of boards this large (--backend exact)"},
		{"board: 10000000\ntour: {piece: knight}\n", "no backend takes a tour of a board this large: the exact backend's tours are of up to 67108864 squares"},
	} {
		m, err := model.Parse([]byte(tc.yaml), "large.yaml")
		if err != nil {
			t.Fatal(err)
		}
		_, err = New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
		if !errors.Is(err, ErrTooLarge) || !strings.HasPrefix(err.Error(), "ilp: the ") || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "use the exact backend") {
			t.Errorf("%q: %v\nwant %q", tc.yaml, err, tc.want)
		}
	}
}
