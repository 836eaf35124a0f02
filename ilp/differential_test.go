package ilp_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/internal/gen"
	"github.com/chessmodel/chessmodel/model"
)

var randomModels = flag.Int("ilp.random", 150, "random models in TestAgainstBrute")

// TestAgainstBrute compares the ILP backend with the brute-force referee on
// small random models (seeded, so reproducible): feasibility, optimal
// values, counts and classes up to symmetry must agree, and every solution
// must pass the checker. Models with free walls are also solved with the
// pair and chain formulations of walls, models of coverage with rays.
func TestAgainstBrute(t *testing.T) {
	n := *randomModels
	if testing.Short() {
		n = 40
	}
	rng := rand.New(rand.NewPCG(4, 2026))
	solvers := []model.Solver{&brute.Solver{Budget: 20_000}, ilp.New()}
	agreed := 0
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("random-%d", i)
		text := gen.Random(rng, name)
		if i%3 == 0 {
			// The generator stacks pieces only without independence; stacked
			// independent pieces have rows of their own (indicators).
			// Group models refuse stacks (model/groups.go): they keep the text drawn.
			stacked := strings.Replace(text, "rules: [independent", "rules: [stack, independent", 1)
			if _, err := model.Parse([]byte(stacked), name); err == nil {
				text = stacked
			}
		}
		m, err := model.Parse([]byte(text), name)
		if err != nil {
			t.Fatalf("%s does not parse: %v\n%s", name, err, text)
		}
		solvers := solvers
		if m.FreeWalls != nil {
			solvers = append(solvers[:2:2], ilp.NewWithWallFormulation("pairs"), ilp.NewWithWallFormulation("chain"))
		}
		if m.Rules.Cover != nil || m.Objective.Measure == model.MeasureAttacked || m.Objective.Measure == model.MeasureDominated {
			solvers = append(solvers[:len(solvers):len(solvers)], ilp.NewWithRays())
		}
		for _, task := range []model.Task{model.TaskSolve, model.TaskCount} {
			if task == model.TaskCount && !fewSolutions(m, solvers[0]) {
				continue // counting by no-good cuts takes one solve per class
			}
			row := compare.Run(context.Background(), m, solvers, task, compare.Options{Timeout: 20 * time.Second, Symmetry: true})
			switch row.Verdict {
			case compare.Agree:
				agreed++
			case compare.Incomplete:
				// brute refuses large candidate spaces; nothing to compare
			default:
				t.Errorf("%s %v: %v: %s\n%s", name, task, row.Verdict, row.Reason, text)
			}
		}
	}
	t.Logf("%d agreements on %d random models", agreed, n)
}

// fewSolutions reports whether the referee counts at most 200 solutions.
func fewSolutions(m *model.Model, referee model.Solver) bool {
	res, err := referee.Solve(context.Background(), m, model.Options{Task: model.TaskCount})
	return err == nil && res.Count != nil && *res.Count <= 200
}
