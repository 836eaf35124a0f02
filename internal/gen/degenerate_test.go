package gen_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/internal/gen"
	"github.com/chessmodel/chessmodel/model"
)

// TestDegenerateShare: of a seeded run of 3000 random models, one in ten
// is degenerate, a third of them of each kind (the binomial's standard
// deviation is about 10 models of the 100 expected of each kind: the
// bounds are three of them), and each has the property its kind names.
func TestDegenerateShare(t *testing.T) {
	const n = 3000
	rng := rand.New(rand.NewPCG(22, 9))
	kinds := map[string]int{}
	for i := 0; i < n; i++ {
		text := gen.Random(rng, "d")
		first, _, _ := strings.Cut(text, "\n")
		if !strings.HasPrefix(first, "# degenerate") {
			continue
		}
		kinds[first]++
		m, err := model.Parse([]byte(text), "d.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if problem := degenerateProblem(first, m); problem != "" {
			t.Errorf("%s\n%s", problem, text)
		}
	}
	for _, kind := range []string{gen.DegenerateThin, gen.DegenerateWalled, gen.DegenerateCovered} {
		if got := kinds[kind]; got < 70 || got > 130 {
			t.Errorf("%q: %d of %d models, want 100 ± 30", kind, got, n)
		}
	}
	t.Logf("%d models: %v", n, kinds)
}

// degenerateProblem says how a model lacks the property of its kind.
func degenerateProblem(kind string, m *model.Model) string {
	b := m.Board
	switch kind {
	case gen.DegenerateThin:
		if min(b.Rows, b.Cols) > 2 {
			return "a " + b.Dims() + " board is not thin"
		}
	case gen.DegenerateWalled:
		if b.OpenCount() != 0 || b.WallCount() == 0 {
			return "open squares, or no walls"
		}
	case gen.DegenerateCovered:
		probe := *m
		probe.Rules.Attack = model.Strong
		dominated := model.Check(&probe, &model.Solution{}).Measures["dominated"]
		if len(m.Fixed) == 0 || dominated != int64(b.OpenCount()) {
			return "the fixed pieces leave squares uncovered"
		}
	default:
		return "an unknown kind"
	}
	return ""
}
