package compare_test

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/extern"
	"github.com/chessmodel/chessmodel/model"
)

func parse(t *testing.T, src string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(src), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// scripted answers with a fixed result.
type scripted struct {
	name   string
	result model.Result
	err    error
}

func (s *scripted) Name() string { return s.name }
func (s *scripted) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if s.err != nil {
		return nil, s.err
	}
	r := s.result
	r.Backend = s.name
	return &r, nil
}

func TestVerdicts(t *testing.T) {
	m := parse(t, "board: 4\nplace: [4 queen]\nrules: [independent]")
	var good model.Solution
	for _, sq := range []string{"a2", "b4", "c1", "d3"} {
		s, _ := model.ParseSquare(sq)
		good.Pieces = append(good.Pieces, model.Placed{Piece: "queen", Square: s})
	}
	bad := model.Solution{Pieces: append([]model.Placed(nil), good.Pieces...)}
	bad.Pieces[3].Square = model.Square{File: 3, Rank: 3} // d4: on the rank of b4
	two, eleven := int64(2), int64(11)
	brute := &brute.Solver{}
	for _, tc := range []struct {
		name    string
		other   model.Solver
		task    model.Task
		verdict compare.Verdict
		reason  string
	}{
		{"agree on a solution", &scripted{name: "honest", result: model.Result{Status: model.StatusFeasible, Solution: &good}}, model.TaskSolve, compare.Agree, ""},
		{"agree on a count", &scripted{name: "honest", result: model.Result{Status: model.StatusOptimal, Count: &two}}, model.TaskCount, compare.Agree, ""},
		{"wrong count", &scripted{name: "liar", result: model.Result{Status: model.StatusOptimal, Count: &eleven}}, model.TaskCount, compare.Disagree, "count: brute 2, liar 11"},
		{"invalid solution", &scripted{name: "liar", result: model.Result{Status: model.StatusFeasible, Solution: &bad}}, model.TaskSolve, compare.Failed, "queen on b4 attacks queen on d4"},
		{"says infeasible", &scripted{name: "liar", result: model.Result{Status: model.StatusInfeasible}}, model.TaskSolve, compare.Disagree, "brute says satisfied, liar says infeasible"},
		{"cannot", &scripted{name: "weak", err: fmt.Errorf("no: %w", model.ErrUnsupported)}, model.TaskSolve, compare.Incomplete, "weak unsupported"},
		{"times out", &scripted{name: "slow", result: model.Result{Status: model.StatusUnknown}}, model.TaskCount, compare.Incomplete, "slow timeout"},
		{"crashes", &scripted{name: "broken", err: fmt.Errorf("boom")}, model.TaskSolve, compare.Failed, "broken failed: boom"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			row := compare.Run(context.Background(), m, []model.Solver{brute, tc.other}, tc.task, compare.Options{})
			if row.Verdict != tc.verdict || !strings.Contains(row.Reason, tc.reason) {
				t.Errorf("verdict %v (%s), want %v containing %q", row.Verdict, row.Reason, tc.verdict, tc.reason)
			}
		})
	}
}

// TestExternalSolvers solves exported models with the command-line tools;
// each reads another format (lp_solve LP, cbc CPLEX LP, glpsol free MPS),
// and each answer is decoded and verified by the checker.
func TestExternalSolvers(t *testing.T) {
	for _, tc := range []struct {
		file   string
		status model.Status
		value  int64
	}{
		{"blocked-3w-value11.yaml", model.StatusOptimal, 11},
		{"least-walls-9.yaml", model.StatusOptimal, 1},
		{"kings-shaped.yaml", model.StatusOptimal, 11},
	} {
		m, err := model.Load("../testdata/models/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range extern.ExternalTools {
			t.Run(tc.file+"/"+tool, func(t *testing.T) {
				if _, err := exec.LookPath(tool); err != nil {
					t.Skipf("%s not installed", tool)
				}
				res, err := (&extern.External{Tool: tool}).Solve(context.Background(), m, model.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if err := model.Verify(m, res); err != nil || res.Status != tc.status || *res.Value != tc.value {
					t.Errorf("status %v value %v verify %v; want %v %d", res.Status, res.Value, err, tc.status, tc.value)
				}
			})
		}
	}
	infeasible := parse(t, "board: 8\nplace: [9 queen]\nrules: [independent]")
	for _, tool := range extern.ExternalTools {
		if _, err := exec.LookPath(tool); err != nil {
			continue
		}
		res, err := (&extern.External{Tool: tool}).Solve(context.Background(), infeasible, model.Options{})
		if err != nil || res.Status != model.StatusInfeasible {
			t.Errorf("%s on nine queens: %v %v; want infeasible", tool, err, res)
		}
	}
}
