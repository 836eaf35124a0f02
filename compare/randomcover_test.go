package compare_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
)

// TestRandomCoverAgainstBrute is the differential test of coverage and
// domination on degenerate boards (issue 22, F1): seeded random small
// models from compare.RandomCover — sides 1 to 5, holes, walls up to every
// square, fixed pieces up to covering everything, weak and strong attack,
// min, fixed and ranged counts — solved, counted (with classes) and
// enumerated by the exact backend against the brute-force referee. Any
// disagreement or rejected solution fails, naming the model.
func TestRandomCoverAgainstBrute(t *testing.T) {
	const n = 300
	zero := 0
	tally := randomTest{prefix: "cover-22", n: n, rng: rand.New(rand.NewPCG(22, 1)), draw: compare.RandomCover,
		solvers: []model.Solver{exact.New(), &brute.Solver{Budget: 20_000}},
		opts:    compare.Options{Timeout: 10 * time.Second, Symmetry: true},
		row: func(t *testing.T, m *model.Model, text string, row compare.Row) {
			if a := row.Answers[1]; row.Task == model.TaskCount && a.Problem == "" && a.Value != nil && *a.Value == 0 {
				zero++
			}
			if row.Task == model.TaskCount && row.Verdict == compare.Agree && row.Answers[1].Count != nil {
				enumerateAgrees(t, m, *row.Answers[1].Count, text)
			}
		}}.run(t)
	t.Logf("%d models, solve and count: %v; %d optimal with nothing placed", n, tally, zero)
	if tally[compare.Agree] < n {
		t.Errorf("only %d rows agree of %d models: the test is not comparing enough", tally[compare.Agree], n)
	}
}

// enumerateAgrees checks that the exact backend enumerates as many
// solutions as the referee counted.
func enumerateAgrees(t *testing.T, m *model.Model, want int64, text string) {
	t.Helper()
	var got int64
	emit := func(model.Solution) error { got++; return nil }
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := exact.New().Solve(ctx, m, model.Options{Task: model.TaskEnumerate, Emit: emit})
	if errors.Is(err, model.ErrUnsupported) {
		return
	}
	if err != nil || res.Status == model.StatusUnknown || got != want {
		t.Errorf("%s enumerate: %d solutions (%v), brute counted %d\n%s", m.Name, got, err, want, text)
	}
}
