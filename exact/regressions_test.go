package exact

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// The models the differential runs found (testdata/regressions), judged
// against the brute-force referee (package brute), which lists every
// candidate and keeps what the checker accepts. Counts are taken with one
// worker and with several, since the work is split into subtrees only when
// there are several.
func TestRegressionsAgainstBrute(t *testing.T) {
	// the numbers the referee gives on the free-walls regressions, so that
	// they are checked even where its budget is exceeded
	known := map[string][3]int64{ // value, count, classes
		"random-1-25":     {8, 1, 1},
		"random-2026-112": {9, 1, 1},
		"random-1-122":    {0, 165, 24},
		"random-2026-123": {5, 24, 8},
		"random-2026-64":  {2, 396, 396},
	}
	files, err := filepath.Glob(filepath.Join("..", "testdata", "regressions", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no regression models: %v", err)
	}
	seen := 0
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".yaml")
		t.Run(name, func(t *testing.T) {
			m, err := model.Load(file)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			brute := &brute.Solver{Budget: 300_000}
			wantCount, err := brute.Solve(ctx, m, model.Options{Task: model.TaskCount, Symmetry: true})
			var want [3]int64
			switch k, ok := known[name]; {
			case err == nil:
				want = [3]int64{value(wantCount), count(wantCount), classes(wantCount)}
				if ok && want != k {
					t.Fatalf("the referee says %v, the test expects %v", want, k)
				}
			case ok && errors.Is(err, model.ErrUnsupported):
				want = k
			case errors.Is(err, model.ErrUnsupported):
				t.Skipf("the referee cannot judge it: %v", err)
			default:
				t.Fatal(err)
			}
			if _, ok := known[name]; ok {
				seen++
			}
			// without an objective the value is that of an example
			optimizing := m.Objective.Sense != model.Fixed || m.Place[0].Opt != model.Fixed

			s := run(t, m, model.Options{Task: model.TaskSolve})
			if want[1] == 0 {
				if s.Status != model.StatusInfeasible {
					t.Errorf("solve: status %v, the referee finds nothing", s.Status)
				}
			} else if optimizing && value(s) != want[0] {
				t.Errorf("solve: value %d, the referee %d", value(s), want[0])
			}
			for _, workers := range []int{1, 2, 4} {
				r := run(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: workers})
				got := [3]int64{value(r), count(r), classes(r)}
				if want[1] == 0 { // infeasible: no value, and no classes from the referee
					got[0], got[2], want[0], want[2] = 0, 0, 0, 0
				} else if !optimizing {
					got[0] = want[0]
				}
				if got != want {
					t.Errorf("count with %d workers: value, count, classes %v; the referee %v", workers, got, want)
				}
			}
		})
	}
	if seen != len(known) {
		t.Errorf("%d of the %d free-walls regressions found", seen, len(known))
	}
}
