package exact_test

import (
	"context"
	"fmt"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
)

func Example() {
	m, err := model.Load("../testdata/models/eight-queens.yaml")
	if err != nil {
		panic(err)
	}
	res, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, *res.Count, *res.Classes)
	// Output: satisfied 92 12
}

func Example_blockedQueens() {
	m, err := model.Load("../testdata/models/blocked-2w-value10.yaml")
	if err != nil {
		panic(err)
	}
	res, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, *res.Value, model.Check(m, res.Solution).Valid)
	// Output: optimal 10 true
}
