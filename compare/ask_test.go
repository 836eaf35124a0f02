package compare_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/model"
)

// answering returns what it is built with.
type answering struct {
	res func(m *model.Model) *model.Result
	err error
}

func (answering) Name() string { return "answering" }

func (a answering) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if a.res == nil {
		return nil, a.err
	}
	return a.res(m), a.err
}

// TestAskPresentsRun: what model.Run makes of a backend's answer, compare
// presents: a stopped answer is timed out, and with a verified solution
// keeps the status Run settled on (feasible, or satisfied without an
// objective), as the command line says; a refused one is invalid, a
// backend's own error a failure.
func TestAskPresentsRun(t *testing.T) {
	queens := func(status model.Status, squares ...string) func(m *model.Model) *model.Result {
		return func(m *model.Model) *model.Result {
			res := model.NewResult(m, model.TaskSolve, "answering")
			res.Status, res.Value, res.Solution = status, model.Int64(int64(len(squares))), &model.Solution{}
			for _, name := range squares {
				sq, err := model.ParseSquare(name)
				if err != nil {
					panic(err)
				}
				res.Solution.Pieces = append(res.Solution.Pieces, model.Placed{Piece: "queen", Square: sq})
			}
			return res
		}
	}
	fixed, most := "board: 4\nplace: [4 queen]\nrules: [independent]\n", "board: 4\nplace: [max queen]\nrules: [independent]\n"
	for _, tc := range []struct {
		name, src string
		solver    answering
		problem   compare.Problem
		status    model.Status
		verified  bool
	}{
		{"no result", fixed, answering{}, compare.TimedOut, model.StatusUnknown, false},
		{"stopped with a solution, no objective", fixed, answering{res: queens(model.StatusUnknown, "a2", "b4", "c1", "d3")}, compare.TimedOut, model.StatusSatisfied, true},
		{"stopped with a solution, an objective", most, answering{res: queens(model.StatusUnknown, "a2", "b4", "c1", "d3")}, compare.TimedOut, model.StatusFeasible, true},
		{"feasible", most, answering{res: queens(model.StatusFeasible, "a2", "b4", "c1", "d3")}, compare.TimedOut, model.StatusFeasible, true},
		{"satisfied", fixed, answering{res: queens(model.StatusOptimal, "a2", "b4", "c1", "d3")}, "", model.StatusSatisfied, true},
		{"refused by the checker", most, answering{res: queens(model.StatusOptimal, "a1", "b2")}, compare.Invalid, model.StatusOptimal, false},
		{"the backend's own check", most, answering{err: &model.InvalidSolutionError{Backend: "answering", Problems: []string{"bad"}}}, compare.Crashed, model.StatusUnknown, false},
		{"unsupported", most, answering{err: fmt.Errorf("answering: %w", model.ErrUnsupported)}, compare.Unsupported, model.StatusUnknown, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.Parse([]byte(tc.src), "q.yaml")
			if err != nil {
				t.Fatal(err)
			}
			a := compare.Run(context.Background(), m, []model.Solver{tc.solver}, model.TaskSolve, compare.Options{}).Answers[0]
			if a.Problem != tc.problem || a.Status != tc.status || a.Verified != tc.verified {
				t.Errorf("got %q (%s), %v, verified %v; want %q, %v, verified %v", a.Problem, a.Error, a.Status, a.Verified, tc.problem, tc.status, tc.verified)
			}
		})
	}
}
