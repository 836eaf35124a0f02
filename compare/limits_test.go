package compare_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/internal/gen"
	"github.com/chessmodel/chessmodel/model"
)

// TestRandomAtLimits compares the backends on the random models Random
// draws at the exact backend's internal limits: each backend answers right
// or refuses; none may be silently capped.
func TestRandomAtLimits(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	solvers := []model.Solver{exact.New(), ilp.New(), &brute.Solver{}}
	opts := compare.Options{Timeout: 2 * time.Second, Symmetry: true}
	seen, agree := 0, 0
	for i := 0; seen < 24 && i < 2000; i++ {
		text := gen.Random(rng, "limit")
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

// waiting is a backend that answers only when its context ends: unknown.
type waiting struct{}

func (waiting) Name() string { return "waiting" }

func (waiting) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	<-ctx.Done()
	return &model.Result{Status: model.StatusUnknown}, nil
}

// TestInterruptedIsNotTimeout: an answer cut short by the caller (a signal)
// is labelled interrupted, one cut short by the per-task timeout timeout.
func TestInterruptedIsNotTimeout(t *testing.T) {
	m, err := model.Parse([]byte("board: 4\nplace: [4 queen]\nrules: [independent]\n"), "q.yaml")
	if err != nil {
		t.Fatal(err)
	}
	row := compare.Run(context.Background(), m, []model.Solver{waiting{}}, model.TaskSolve, compare.Options{Timeout: 10 * time.Millisecond})
	if got := row.Answers[0].Problem; got != compare.TimedOut {
		t.Errorf("stopped by the timeout: %q, want %q", got, compare.TimedOut)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(10*time.Millisecond, cancel)
	row = compare.Run(ctx, m, []model.Solver{waiting{}}, model.TaskSolve, compare.Options{Timeout: time.Minute})
	if got := row.Answers[0].Problem; got != compare.Interrupted {
		t.Errorf("stopped by the caller: %q, want %q", got, compare.Interrupted)
	}
}

// TestTimeoutRounded: the bound a timed-out answer names is rounded for
// people (a third of two seconds reads 667ms).
func TestTimeoutRounded(t *testing.T) {
	m, err := model.Parse([]byte("board: 4\nplace: [4 queen]\nrules: [independent]\n"), "q.yaml")
	if err != nil {
		t.Fatal(err)
	}
	row := compare.Run(context.Background(), m, []model.Solver{waiting{}}, model.TaskSolve, compare.Options{Timeout: 2 * time.Second / 30})
	if a := row.Answers[0]; a.Error != "no complete answer within 67ms" {
		t.Errorf("timed out: %q", a.Error)
	}
}
