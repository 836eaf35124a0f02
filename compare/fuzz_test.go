package compare_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// Bounds of one pipeline run: each backend gets pipelineTimeout per task
// and pipelineMemory bytes of plan; boards above pipelineSquares are parsed
// and checked but not solved.
const (
	pipelineTimeout = 250 * time.Millisecond
	pipelineMemory  = 64 << 20
	pipelineSquares = 64
)

// FuzzPipeline runs bytes through the whole pipeline: model.Parse, then
// every backend (exact, ilp and the brute-force referee) on solve and count
// under a small time and memory bound, every solution through the checker,
// and the answers through the comparison. A disagreement, a solution the
// checker rejects or a backend failing (other than "unsupported" or out of
// time) is a finding. Seeds: testdata/models, testdata/regressions and
// testdata/fuzz/FuzzPipeline; `go test` runs the seeds, `make
// fuzz-pipeline` fuzzes.
func FuzzPipeline(f *testing.F) {
	for _, pattern := range []string{"../testdata/models/*.yaml", "../testdata/regressions/*.yaml"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	solvers := []model.Solver{exact.New(), ilp.New(), &brute.Solver{}}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := model.Parse(data, "fuzz.yaml")
		if err != nil {
			if _, ok := err.(*model.Error); !ok {
				t.Fatalf("parse error %v is %T, not *model.Error", err, err)
			}
			return
		}
		if m.Kind != model.KindPlace || m.Board.Size() > pipelineSquares {
			return
		}
		for _, task := range []model.Task{model.TaskSolve, model.TaskCount} {
			row := compare.Run(context.Background(), m, solvers, task,
				compare.Options{Timeout: pipelineTimeout, Symmetry: true, MaxMemory: pipelineMemory})
			if row.Verdict == compare.Disagree || row.Verdict == compare.Failed {
				t.Fatalf("%s %s: %s\n%s", task, row.Verdict, row.Reason, data)
			}
		}
	})
}
