package armies

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// BenchmarkPeaceable solves peaceable queens (the most queens of each
// colour) on n x n, one worker: n = 8 finds 9 of each and proves that 10
// do not fit.
func BenchmarkPeaceable(b *testing.B) {
	for _, n := range []int{6, 7, 8} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			m, err := model.Load(filepath.Join("..", "..", "..", "testdata", "models", "peaceable-queens-8.yaml"), fmt.Sprintf("board=%d", n))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				p, err := problem.Compile(m)
				if err != nil {
					b.Fatal(err)
				}
				st := tasks.NewStopper(context.Background())
				res := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
				if err := Solve(st, p, model.Options{Task: model.TaskSolve, Workers: 1}, res); err != nil {
					b.Fatal(err)
				}
				st.Close()
				if res.Value == nil {
					b.Fatal("no value")
				}
				b.ReportMetric(float64(res.Stats.Nodes), "nodes/op")
			}
		})
	}
}
