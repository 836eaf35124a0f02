package compare_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/extern"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestSlides runs the slide models through compare against both backends,
// and cbc on the exported programs: the least number of moves must agree,
// and be the expected one. The seed's 4x4 boards are resized with --set;
// rooks need 12 moves, which take lp_solve about 6 minutes of CPU (the
// proof that 11 are too few most of it, docs/slide.md) and cbc 78 s, too
// long for every run, so they run on exact only unless
// CHESSMODEL_BENCH_LONG=1 (then with the ilp backend and cbc).
func TestSlides(t *testing.T) {
	long := os.Getenv("CHESSMODEL_BENCH_LONG") != ""
	for _, tc := range []struct {
		file      string
		set       []string
		moves     int64 // -1: infeasible
		exactOnly bool
		long      bool // exact, ilp and cbc with CHESSMODEL_BENCH_LONG
	}{
		{"slide-camels.yaml", nil, 3, false, false},
		{"slide-knights.yaml", nil, 4, false, false},
		{"slide-five-rooks.yaml", nil, 6, false, false},
		{"slide-walls.yaml", nil, 5, false, false},
		{"sliding-queens.yaml", []string{"board=4", "slide.from=[a1, a4, d1, d4]", "slide.to=[b2, b3, c2, c3]"}, 6, false, false},
		{"sliding-rooks.yaml", []string{"board=4", "slide.from=[a1, a4, d1, d4]", "slide.to=[b2, b3, c2, c3]"}, 12, true, true},
	} {
		t.Run(tc.file, func(t *testing.T) {
			m, err := model.Load("../testdata/models/"+tc.file, tc.set...)
			if err != nil {
				t.Fatal(err)
			}
			solvers := []model.Solver{exact.New(), ilp.New()}
			_, noCBC := exec.LookPath("cbc")
			switch {
			case tc.long && long && noCBC == nil:
				solvers = append(solvers, &extern.External{Tool: "cbc"})
			case tc.long && long:
			case tc.exactOnly:
				solvers = solvers[:1]
			case noCBC == nil:
				solvers = append(solvers, &extern.External{Tool: "cbc"})
			}
			timeout := 5 * time.Minute
			if tc.long {
				timeout = 30 * time.Minute
			}
			row := compare.Run(context.Background(), m, solvers, model.TaskSolve, compare.Options{Timeout: timeout})
			if len(solvers) > 1 && row.Verdict != compare.Agree {
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

// TestExternalSlideHorizonBound: the command-line solvers stop at the same
// largest horizon as the ilp backend, with "unknown" and the bound "at
// least H+1 moves", never "infeasible", on a goal no slide reaches.
func TestExternalSlideHorizonBound(t *testing.T) {
	m, err := model.Load("../testdata/models/slide-impossible.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range []string{"cbc", "glpsol"} {
		res, err := (&extern.External{Tool: tool}).Solve(context.Background(), m, model.Options{Task: model.TaskSolve, MaxMoves: 2})
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		if res.Status != model.StatusUnknown || res.Stats.Bound == nil || *res.Stats.Bound != 3 {
			t.Errorf("%s: status %v, bound %v; want unknown, at least 3 moves", tool, res.Status, res.Stats.Fields()["bound"])
		}
		if limit := res.Stats.Limit; !strings.Contains(limit, "no solution in at most 2 moves") {
			t.Errorf("%s: limit %q", tool, limit)
		}
	}
}
