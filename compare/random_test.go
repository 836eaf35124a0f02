package compare_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/internal/gen"
	"github.com/chessmodel/chessmodel/model"
)

var randomModels = flag.Int("random", 200, "random models for TestRandomAgreement")

// TestRandomAgreement is the differential test: seeded random small models
// (board shapes, walls fixed and free, fixed pieces, fairy pieces, every
// rule and objective) solved by the exact and ILP backends and, where it is
// small enough, counted by both and by the brute-force referee. Any
// disagreement or rejected solution fails, naming the model; a backend that
// cannot answer in time is allowed (it is never counted as agreement).
func TestRandomAgreement(t *testing.T) {
	referee := &brute.Solver{Budget: 20_000}
	randomTest{prefix: "random-2026", n: *randomModels, short: 40, rng: rand.New(rand.NewPCG(2026, 11)), draw: gen.Random,
		solvers: []model.Solver{exact.New(), ilp.New(), referee}, referee: referee,
		opts: compare.Options{Timeout: 5 * time.Second, Symmetry: true}, agree: 0.5}.run(t)
}

// TestRandomCountsAgreement is the differential test of attack counts and
// square weights: for three seeds, random small models of those rules
// solved by exact, ILP and the brute referee, and counted by all three
// where the referee can list the space. A disagreement or a rejected
// solution fails; a backend that cannot answer (in time, or at all: the
// ILP's documented limits) is allowed.
func TestRandomCountsAgreement(t *testing.T) {
	for _, seed := range []uint64{29, 2911, 291129} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			solvers := []model.Solver{exact.New(), ilp.New(), &brute.Solver{Budget: 20_000}}
			randomTest{prefix: fmt.Sprintf("counts-%d", seed), n: 30, short: 8, rng: rand.New(rand.NewPCG(seed, 29)),
				draw: gen.RandomCounts, solvers: solvers, referee: solvers[2],
				opts: compare.Options{Timeout: 10 * time.Second, Symmetry: true}, agree: 0.5}.run(t)
		})
	}
}

// TestRandomArmyAgainstBrute is the differential test of group models
// (issue 29): seeded random models from gen.RandomArmy — two or three
// groups of built-in and fairy pieces, rules between and within groups,
// equal groups, strong and weak attack, walls — solved and counted (with
// classes up to the model's symmetries and group swaps) by the exact and
// ILP backends against the brute-force referee. Any disagreement or
// rejected solution fails, naming the model.
func TestRandomArmyAgainstBrute(t *testing.T) {
	for _, seed := range []uint64{29, 290, 2900} {
		randomTest{prefix: fmt.Sprintf("army-%d", seed), n: 30, short: 4, rng: rand.New(rand.NewPCG(seed, 3)), draw: gen.RandomArmy,
			solvers: []model.Solver{exact.New(), ilp.New(), &brute.Solver{Budget: 50_000}},
			opts:    compare.Options{Timeout: 3 * time.Second, Symmetry: true}, agree: 1}.run(t)
	}
}

// TestRandomCoverAgainstBrute is the differential test of coverage and
// domination on degenerate boards (issue 22, F1): seeded random small
// models from gen.RandomCover — sides 1 to 5, holes, walls up to every
// square, fixed pieces up to covering everything, weak and strong attack,
// min, fixed and ranged counts — solved, counted (with classes) and
// enumerated by the exact backend against the brute-force referee. Any
// disagreement or rejected solution fails, naming the model.
func TestRandomCoverAgainstBrute(t *testing.T) {
	zero := 0
	randomTest{prefix: "cover-22", n: 300, rng: rand.New(rand.NewPCG(22, 1)), draw: gen.RandomCover,
		solvers: []model.Solver{exact.New(), &brute.Solver{Budget: 20_000}},
		opts:    compare.Options{Timeout: 10 * time.Second, Symmetry: true},
		row: func(t *testing.T, m *model.Model, text string, row compare.Row) {
			if a := row.Answers[1]; row.Task == model.TaskCount && a.Problem == "" && a.Value != nil && *a.Value == 0 {
				zero++
			}
			if row.Task == model.TaskCount && row.Verdict == compare.Agree && row.Answers[1].Count != nil {
				enumerateAgrees(t, m, *row.Answers[1].Count, text)
			}
		}, agree: 1}.run(t)
	t.Logf("%d optimal with nothing placed", zero)
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

// TestRandomWrappedAgreement is the differential test over wrapped boards
// and one-sided pieces (gen.RandomWrapped), with the brute-force
// referee where it can count: any disagreement or rejected solution fails.
func TestRandomWrappedAgreement(t *testing.T) {
	referee := &brute.Solver{Budget: 20_000}
	randomTest{prefix: "wrapped-2029", n: 120, short: 30, rng: rand.New(rand.NewPCG(2029, 7)), draw: gen.RandomWrapped,
		solvers: []model.Solver{exact.New(), ilp.New(), referee}, referee: referee,
		opts: compare.Options{Timeout: 5 * time.Second, Symmetry: true}, agree: 1}.run(t)
}

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
	// short is n under -short (0: n).
	short int
	// agree is the least share of n that must be agreeing rows: fewer,
	// and the test is not comparing enough.
	agree float64
}

// run runs the test, logs how many rows had each verdict and fails when
// fewer than r.agree of the models' number of rows agree.
func (r randomTest) run(t *testing.T) {
	t.Helper()
	n := r.n
	if testing.Short() && r.short > 0 {
		n = r.short
	}
	tally := map[compare.Verdict]int{}
	for i := 0; i < n; i++ {
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
	t.Logf("%s: %d models, solve and count: %v", r.prefix, n, tally)
	if least := int(r.agree * float64(n)); tally[compare.Agree] < least {
		t.Errorf("%s: only %d rows agree of %d models (want %d): the test is not comparing enough", r.prefix, tally[compare.Agree], n, least)
	}
}
