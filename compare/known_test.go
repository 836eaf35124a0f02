package compare_test

import (
	"context"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// TestKnownAnswers runs through compare the cases of the table of known
// answers that a second backend answers: exact with the ILP where it is
// marked (not where it would take minutes, unless CHESSMODEL_MINUTES is set), and with the brute-force referee where it can. Every row must
// agree, every answer pass the checker, and the agreed answer be the known
// one.
func TestKnownAnswers(t *testing.T) {
	ran := 0
	for _, c := range known.Cases() {
		solvers := []model.Solver{exact.New()}
		if c.ILP && !c.TooLongFor("ilp") {
			solvers = append(solvers, ilp.New())
		}
		if c.Brute != nil {
			solvers = append(solvers, c.Brute)
		}
		if len(solvers) == 1 || c.Task == model.TaskEnumerate {
			continue
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			if c.Slow && testing.Short() {
				t.Skip("slow")
			}
			m, err := c.Model()
			if err != nil {
				t.Fatal(err)
			}
			opts := compare.Options{Timeout: 2 * time.Minute, Symmetry: c.Opts.Symmetry, DistinctWalls: c.Opts.DistinctWalls}
			row := compare.Run(context.Background(), m, solvers, c.Task, opts)
			if row.Verdict != compare.Agree {
				t.Fatalf("%s: %s", row.Verdict, row.Reason)
			}
			for _, a := range row.Answers {
				if a.Status != model.StatusInfeasible && !a.Verified {
					t.Errorf("%s: no solution the checker accepted", a.Backend)
				}
				if err := c.CheckAnswer(a.Status, a.Value, a.Count, a.Classes); err != nil {
					t.Errorf("%s: %v", a.Backend, err)
				}
			}
		})
	}
	if ran == 0 {
		t.Fatal("no case for a second backend")
	}
}
