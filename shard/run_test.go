package shard_test

import (
	"context"
	"errors"
	"testing"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
)

// partAnswer answers a part with the result it makes.
type partAnswer func(m *model.Model, opts model.Options) *model.Result

func (partAnswer) Name() string { return "stub" }

func (p partAnswer) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	return p(m, opts), nil
}

// TestRunStoppedPart: a part that model.Run marks stopped has no record,
// even when it holds a verified solution (which Run calls feasible); a
// solution the checker refuses is the checker's error.
func TestRunStoppedPart(t *testing.T) {
	const queens = "board: 4\nplace: [4 queen]\nrules: [independent]\n"
	job, _, err := shard.NewJob("q.yaml", []byte(queens), nil, shard.TaskCount, shard.Options{Backend: "stub"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	placed := func(status model.Status, squares ...string) partAnswer {
		return func(m *model.Model, opts model.Options) *model.Result {
			res := model.NewResult(m, opts.Task, "stub")
			res.Status, res.Count = status, model.Int64(1)
			if len(squares) > 0 {
				res.Solution = &model.Solution{}
			}
			for _, name := range squares {
				sq, _ := model.ParseSquare(name)
				res.Solution.Pieces = append(res.Solution.Pieces, model.Placed{Piece: "queen", Square: sq})
			}
			return res
		}
	}
	for _, tc := range []struct {
		name       string
		solver     partAnswer
		incomplete bool
	}{
		{"no result", func(*model.Model, model.Options) *model.Result { return nil }, true},
		{"stopped", placed(model.StatusUnknown), true},
		{"stopped with a solution", placed(model.StatusUnknown, "a2", "b4", "c1", "d3"), true},
		{"refused", placed(model.StatusSatisfied, "a1", "b2", "c4", "d3"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := shard.Run(context.Background(), job, 0, tc.solver, shard.RunOptions{})
			var invalid *model.InvalidSolutionError
			switch {
			case rec != nil:
				t.Fatalf("a record %+v, want none", rec)
			case tc.incomplete && !errors.Is(err, shard.ErrIncomplete):
				t.Errorf("%v, want ErrIncomplete", err)
			case !tc.incomplete && !errors.As(err, &invalid):
				t.Errorf("%v, want an *InvalidSolutionError", err)
			}
		})
	}
	rec, err := shard.Run(context.Background(), job, 0, placed(model.StatusSatisfied, "a2", "b4", "c1", "d3"), shard.RunOptions{})
	if err != nil || !rec.Verified || rec.Status != model.StatusSatisfied {
		t.Errorf("a complete part: %+v, %v; want a verified record", rec, err)
	}
}
