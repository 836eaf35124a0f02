package compare_test

import (
	"context"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestSlides runs the slide models through compare against both backends:
// the least number of moves must agree, and be the expected one. The
// seed's 4x4 boards are resized with --set; rooks need 12 moves, beyond
// lp_solve within a test's time (see the README), so only exact runs them.
func TestSlides(t *testing.T) {
	for _, tc := range []struct {
		file      string
		set       []string
		moves     int64 // -1: infeasible
		exactOnly bool
	}{
		{"slide-camels.yaml", nil, 3, false},
		{"slide-knights.yaml", nil, 4, false},
		{"slide-five-rooks.yaml", nil, 6, false},
		{"slide-walls.yaml", nil, 5, false},
		{"sliding-queens.yaml", []string{"board=4", "slide.from=[a1, a4, d1, d4]", "slide.to=[b2, b3, c2, c3]"}, 6, false},
		{"sliding-rooks.yaml", []string{"board=4", "slide.from=[a1, a4, d1, d4]", "slide.to=[b2, b3, c2, c3]"}, 12, true},
		{"sliding-rooks.yaml", nil, 25, true},
		{"sliding-queens.yaml", nil, 12, true},
		{"slide-impossible.yaml", nil, -1, true},
	} {
		t.Run(tc.file, func(t *testing.T) {
			m, err := model.Load("../testdata/models/"+tc.file, tc.set...)
			if err != nil {
				t.Fatal(err)
			}
			solvers := []model.Solver{exact.New(), ilp.New()}
			if tc.exactOnly {
				solvers = solvers[:1]
			}
			row := compare.Run(context.Background(), m, solvers, model.TaskSolve, compare.Options{Timeout: 5 * time.Minute})
			if !tc.exactOnly && row.Verdict != compare.Agree {
				t.Fatalf("verdict %v: %s", row.Verdict, row.Reason)
			}
			for _, a := range row.Answers {
				switch {
				case a.Problem != "":
					t.Errorf("%s: %s %s", a.Backend, a.Problem, a.Error)
				case tc.moves < 0 && a.Status != model.StatusInfeasible:
					t.Errorf("%s: %s, want infeasible", a.Backend, a.Status)
				case tc.moves >= 0 && (a.Value == nil || *a.Value != tc.moves || !a.Verified):
					t.Errorf("%s: %v moves (verified %v), want %d", a.Backend, a.Value, a.Verified, tc.moves)
				}
			}
		})
	}
}
