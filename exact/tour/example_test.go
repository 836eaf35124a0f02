package tour_test

import (
	"context"
	"fmt"

	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/model"
)

// Count the knight's tours of 5x5 from a corner, and ask a camel to tour a
// chessboard.
func Example() {
	corner, _ := model.Parse([]byte("board: 5\ntour: {piece: knight, start: a1}\n"), "corner.yaml")
	res, _ := tour.Solve(context.Background(), corner, model.Options{Task: model.TaskCount})
	fmt.Println(*res.Count, "tours from a1")

	camel, _ := model.Parse([]byte("pieces: {camel: {leap: [1, 3]}}\nboard: 8\ntour: {piece: camel}\n"), "camel.yaml")
	res, _ = tour.Solve(context.Background(), camel, model.Options{Task: model.TaskSolve})
	fmt.Println(res.Status)
	// Output:
	// 304 tours from a1
	// infeasible
}
