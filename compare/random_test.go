package compare_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
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

var randomModels = flag.Int("random", 200, "random models for TestRandomAgreement")

// TestRandomAgreement is the differential test: seeded random small models
// (board shapes, walls fixed and free, fixed pieces, fairy pieces, every
// rule and objective) solved by the exact and ILP backends and, where it is
// small enough, counted by both and by the brute-force referee. Any
// disagreement or rejected solution fails, naming the model; a backend that
// cannot answer in time is allowed (it is never counted as agreement).
func TestRandomAgreement(t *testing.T) {
	n := *randomModels
	if testing.Short() {
		n = 40
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	solvers := []model.Solver{exact.New(), ilp.New()}
	brute := &brute.Solver{Budget: 20_000}
	opts := compare.Options{Timeout: 5 * time.Second, Symmetry: true}
	tally := map[compare.Verdict]int{}
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("random-2026-%d", i+1)
		text := compare.Random(rng, name)
		m, err := model.Parse([]byte(text), name+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		rows := []compare.Row{compare.Run(context.Background(), m, append(solvers, brute), model.TaskSolve, opts)}
		// Count only what the referee can count too: counting by no-good
		// cuts grows with the number of solutions.
		if _, err := brute.Solve(context.Background(), m, model.Options{Task: model.TaskCount}); !errors.Is(err, model.ErrUnsupported) {
			rows = append(rows, compare.Run(context.Background(), m, append(solvers, brute), model.TaskCount, opts))
		}
		for _, row := range rows {
			tally[row.Verdict]++
			if row.Verdict == compare.Disagree || row.Verdict == compare.Failed {
				path := filepath.Join(t.TempDir(), name+".yaml")
				os.WriteFile(path, []byte(text), 0o644)
				t.Errorf("%s %s: %s: %s\n%s", name, row.Task, row.Verdict, row.Reason, text)
			}
		}
	}
	t.Logf("%d models: %v", n, tally)
	if tally[compare.Agree] < n/2 {
		t.Errorf("only %d rows agree of %d models: the test is not comparing enough", tally[compare.Agree], n)
	}
}
