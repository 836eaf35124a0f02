package compare_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/model"
)

// A randomTest is one differential test over seeded random models: n
// models drawn by draw from rng, named prefix-1, prefix-2, ..., each
// solved and counted by solvers through compare.Run. A row that disagrees
// or fails is an error naming the model and giving its text. The loop of
// every TestRandom... test.
type randomTest struct {
	prefix  string
	n       int
	rng     *rand.Rand
	draw    func(*rand.Rand, string) string
	solvers []model.Solver
	opts    compare.Options
	// referee, when set, counts a model first: a model it cannot count
	// (model.ErrUnsupported) is only solved, as counting by no-good cuts
	// grows with the number of solutions.
	referee model.Solver
	// row, when set, sees every row that neither disagrees nor fails.
	row func(t *testing.T, m *model.Model, text string, row compare.Row)
}

// run runs the test and returns how many rows had each verdict.
func (r randomTest) run(t *testing.T) map[compare.Verdict]int {
	t.Helper()
	tally := map[compare.Verdict]int{}
	for i := 0; i < r.n; i++ {
		name := fmt.Sprintf("%s-%d", r.prefix, i+1)
		text := r.draw(r.rng, name)
		m, err := model.Parse([]byte(text), name+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		for _, task := range []model.Task{model.TaskSolve, model.TaskCount} {
			if task == model.TaskCount && r.referee != nil {
				if _, err := r.referee.Solve(context.Background(), m, model.Options{Task: model.TaskCount}); errors.Is(err, model.ErrUnsupported) {
					continue
				}
			}
			row := compare.Run(context.Background(), m, r.solvers, task, r.opts)
			tally[row.Verdict]++
			if testing.Verbose() && row.Verdict != compare.Agree {
				t.Logf("%s %s: %s: %s", name, task, row.Verdict, row.Reason)
			}
			if row.Verdict == compare.Disagree || row.Verdict == compare.Failed {
				t.Errorf("%s %s: %s: %s\n%s", name, task, row.Verdict, row.Reason, text)
				continue
			}
			if r.row != nil {
				r.row(t, m, text, row)
			}
		}
	}
	return tally
}
