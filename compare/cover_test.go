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

// TestCoverageModels runs every coverage model in testdata (cover-*.yaml:
// 5x5 and 6x6 boards, three to five pieces, weak and strong attack, walls,
// stacking, domination) through both backends: they must agree, and on the
// ones with a published number agree on it.
func TestCoverageModels(t *testing.T) {
	files, err := filepath.Glob("../testdata/models/cover-*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("%d coverage models, want at least 10", len(files))
	}
	published := map[string]int64{
		"cover-5x5-queens-domination.yaml":  3, // γ(Q5)
		"cover-5x5-knights-domination.yaml": 5, // OEIS A006075
	}
	slow := map[string]bool{"cover-6x6-dominated.yaml": true}
	both := []model.Solver{exact.New(), ilp.New()}
	for _, file := range files {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			if testing.Short() && slow[name] {
				t.Skip("lp_solve takes seconds")
			}
			m, err := model.Load(file)
			if err != nil {
				t.Fatal(err)
			}
			row := compare.Run(context.Background(), m, both, model.TaskSolve, compare.Options{Timeout: 2 * time.Minute})
			if row.Verdict != compare.Agree {
				t.Fatalf("%s: %s", row.Verdict, row.Reason)
			}
			if want, ok := published[name]; ok {
				for _, a := range row.Answers {
					if a.Value == nil || *a.Value != want {
						t.Errorf("%s: value %v, want %d", a.Backend, show(a.Value), want)
					}
				}
			}
		})
	}
}
