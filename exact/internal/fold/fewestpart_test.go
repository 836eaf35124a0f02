package fold

import (
	"reflect"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/techtest"
	"github.com/chessmodel/chessmodel/model"
)

// foldPart runs Folding on a model, whole or as one part.
func foldPart(t *testing.T, text string, opts model.Options) *model.Result {
	t.Helper()
	m, err := model.Parse([]byte(text), "fewest.yaml")
	if err != nil {
		t.Fatal(err)
	}
	opts.Task = model.TaskSolve
	return techtest.Run(t, Folding, m, opts)
}

// The fewest pieces beside others in parts, with the bound as it is and
// starved (one poll of its search a count: it stops above the optimum, so
// the parts find it): the least over the parts is the one-process optimum,
// and the point of the earliest box at it the one-process example.
func TestFewestParts(t *testing.T) {
	defer func(b int64) { fewestBudget = b }(fewestBudget)
	cases := []struct {
		text   string
		budget int64
	}{
		{"board: 5\nplace: [1 queen, min knight]\nrules: [cover dominated]\n", 1 << 16},
		{"board: 7\nplace: [1 rook, min bishop]\nrules: [cover attacked]\n", 4096},
		{"board: 7\nplace: [1 king, min knight]\nrules: [cover dominated]\n", 4096},
		{"board: 8\nplace: [1 queen, min knight]\nrules: [cover dominated]\n", 4096},
	}
	if testing.Short() {
		cases = cases[:2]
	}
	for _, c := range cases {
		fewestBudget = c.budget
		whole := foldPart(t, c.text, model.Options{Workers: 1})
		for _, of := range []int{1, 3, 7} {
			var best *model.PartProof
			var example *model.Solution
			for k := range of {
				res := foldPart(t, c.text, model.Options{Workers: 2, Shard: model.Shard{Index: k, Of: of}})
				p := *res.Stats.Proof
				if p.Found && p.Task%of != k {
					t.Errorf("%q part %d/%d: its point is from box %d, which it does not own", c.text, k, of, p.Task)
				}
				if p.Found && (best == nil || p.Least < best.Least || p.Least == best.Least && p.Task < best.Task) {
					best, example = &p, res.Solution
				}
				if best == nil && !p.Found && p.UpperKnown {
					example = res.Solution
				}
			}
			if c.budget < 1<<16 && best == nil {
				t.Fatalf("%q in %d parts: the starved bound found the optimum itself: the test proves nothing", c.text, of)
			}
			value := int64(0)
			if best != nil {
				value = int64(best.Least)
			} else if len(example.Pieces) > 0 {
				value = int64(len(example.Pieces))
			}
			if value != *whole.Value || !reflect.DeepEqual(example, whole.Solution) {
				t.Errorf("%q in %d parts: %d, %v; the one-process solve %d, %v", c.text, of, value, example, *whole.Value, whole.Solution)
			}
		}
	}
}
