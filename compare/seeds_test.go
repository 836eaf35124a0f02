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

// TestSeedNumbers is the shared table of puzzles with published answers,
// run through compare against both backends: every row must agree, and the
// agreed answer must be the published one.
func TestSeedNumbers(t *testing.T) {
	both := []model.Solver{exact.New(), ilp.New()}
	for _, tc := range []struct {
		file      string
		set       []string
		task      model.Task
		distinct  bool
		value     int64 // -1: infeasible
		count     int64
		classes   int64
		exactOnly bool // beyond lp_solve within the test's time
	}{
		{"eight-queens.yaml", nil, model.TaskCount, false, 8, 92, 12, false},
		{"n-queens.yaml", []string{"board=6"}, model.TaskCount, false, 6, 4, 1, false},
		{"n-queens.yaml", []string{"board=10"}, model.TaskCount, false, 10, 724, 92, true},
		{"n-rooks.yaml", []string{"board=6"}, model.TaskCount, false, 6, 720, 0, false},
		{"eight-queens.yaml", []string{"place=[9 queen]"}, model.TaskSolve, false, -1, 0, 0, false},
		{"blocked-0w.yaml", nil, model.TaskSolve, false, 8, 0, 0, false},
		{"blocked-2w-value10.yaml", nil, model.TaskSolve, false, 10, 0, 0, false},
		{"blocked-3w-value11.yaml", nil, model.TaskSolve, false, 11, 0, 0, false},
		{"blocked-4w-value11.yaml", nil, model.TaskSolve, false, 11, 0, 0, false},
		{"least-walls-9.yaml", nil, model.TaskSolve, false, 1, 0, 0, false},
		{"least-walls-10.yaml", nil, model.TaskSolve, false, 2, 0, 0, false},
		{"least-walls-11.yaml", nil, model.TaskSolve, false, 3, 0, 0, false},
		{"least-walls-12.yaml", nil, model.TaskSolve, false, 5, 0, 0, false},
		{"least-walls-13.yaml", nil, model.TaskSolve, false, 7, 0, 0, false},
		{"least-walls-14.yaml", nil, model.TaskSolve, false, 9, 0, 0, false},
		{"least-walls-15.yaml", nil, model.TaskSolve, false, 11, 0, 0, false},
		{"least-walls-16.yaml", nil, model.TaskCount, true, 12, 2, 1, true},
		{"least-walls-7x7-15.yaml", nil, model.TaskCount, true, 20, 36, 6, true},
		{"least-walls-7x7-16.yaml", nil, model.TaskCount, true, 33, 1, 1, true},
		{"least-walls-6x6-9.yaml", nil, model.TaskSolve, false, 6, 0, 0, false},
		{"queens-domination.yaml", nil, model.TaskSolve, false, 5, 0, 0, false},
		{"eight-pieces-same-colour.yaml", nil, model.TaskCount, false, 8, 10, 3, true},
	} {
		name := tc.file + " " + tc.task.String()
		t.Run(name, func(t *testing.T) {
			if testing.Short() && tc.exactOnly {
				t.Skip("slow")
			}
			m, err := model.Load("../testdata/models/"+tc.file, tc.set...)
			if err != nil {
				t.Fatal(err)
			}
			solvers := both
			if tc.exactOnly {
				solvers = both[:1]
			}
			var answers []compare.Answer
			if tc.distinct {
				// compare.Run has no distinct-walls option: ask directly.
				for _, s := range solvers {
					res, err := s.Solve(context.Background(), m, model.Options{Task: tc.task, Symmetry: true, DistinctWalls: true})
					if err != nil {
						t.Fatal(err)
					}
					if err := model.Verify(m, res); err != nil {
						t.Fatal(err)
					}
					answers = append(answers, compare.Answer{Backend: s.Name(), Status: res.Status, Value: res.Value, Count: res.Count, Classes: res.Classes})
				}
			} else {
				row := compare.Run(context.Background(), m, solvers, tc.task, compare.Options{Timeout: 2 * time.Minute, Symmetry: true})
				if len(solvers) > 1 && row.Verdict != compare.Agree {
					t.Fatalf("%s: %s", row.Verdict, row.Reason)
				}
				answers = row.Answers
			}
			for _, a := range answers {
				if tc.value < 0 {
					if a.Status != model.StatusInfeasible {
						t.Errorf("%s: %v, want infeasible", a.Backend, a.Status)
					}
					continue
				}
				if a.Value == nil || *a.Value != tc.value {
					t.Errorf("%s: value %v, want %d", a.Backend, show(a.Value), tc.value)
				}
				if tc.count > 0 && (a.Count == nil || *a.Count != tc.count) {
					t.Errorf("%s: count %v, want %d", a.Backend, show(a.Count), tc.count)
				}
				if tc.classes > 0 && (a.Classes == nil || *a.Classes != tc.classes) {
					t.Errorf("%s: classes %v, want %d", a.Backend, show(a.Classes), tc.classes)
				}
			}
		})
	}
}

func show(v *int64) any {
	if v == nil {
		return "none"
	}
	return *v
}
