package compare_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestRegressions replays every model on which the backends once disagreed
// (testdata/regressions, found by random comparisons): the exact and ILP
// backends must both answer, solve and count, and agree with each other and
// with the brute-force referee wherever it can answer. The bound per task is
// generous: the ILP count of random-2026-64 takes tens of seconds, longer
// when the machine is loaded.
func TestRegressions(t *testing.T) {
	files, err := filepath.Glob("../testdata/regressions/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no regression models: %v", err)
	}
	solvers := []model.Solver{exact.New(), ilp.New(), &compare.Brute{}}
	for _, file := range files {
		m, err := model.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, task := range []model.Task{model.TaskSolve, model.TaskCount} {
			t.Run(filepath.Base(file)+"/"+task.String(), func(t *testing.T) {
				row := compare.Run(context.Background(), m, solvers, task, compare.Options{Timeout: 3 * time.Minute, Symmetry: true})
				if row.Verdict == compare.Disagree || row.Verdict == compare.Failed {
					t.Fatalf("%s: %s", row.Verdict, row.Reason)
				}
				for _, a := range row.Answers[:2] {
					if a.Problem != "" {
						t.Errorf("%s gave no answer: %s %s", a.Backend, a.Problem, a.Error)
					}
				}
			})
		}
	}
}
