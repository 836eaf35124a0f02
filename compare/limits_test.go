package compare_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestRandomAtLimits compares the backends on the random models Random
// draws at the exact backend's internal limits: each backend answers right
// or refuses; none may be silently capped.
func TestRandomAtLimits(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	solvers := []model.Solver{exact.New(), ilp.New(), &compare.Brute{}}
	opts := compare.Options{Timeout: 2 * time.Second, Symmetry: true}
	seen, agree := 0, 0
	for i := 0; seen < 24 && i < 2000; i++ {
		text := compare.Random(rng, "limit")
		if !strings.Contains(text, "stack: true") {
			continue // an ordinary random model
		}
		seen++
		m, err := model.Parse([]byte(text), "limit.yaml")
		if err != nil {
			t.Fatal(err)
		}
		row := compare.Run(context.Background(), m, solvers, model.TaskSolve, opts)
		if row.Verdict == compare.Disagree || row.Verdict == compare.Failed {
			t.Errorf("%s: %s\n%s", row.Verdict, row.Reason, text)
		}
		if row.Verdict == compare.Agree {
			agree++
		}
	}
	t.Logf("%d models at the limits, %d rows agree", seen, agree)
	if seen < 24 {
		t.Fatalf("Random drew only %d models at the limits", seen)
	}
}
