package exact

import (
	"context"
	"errors"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// TestCountsLimits walks past the limits of the attack-count search: free
// walls are refused, never answered (wrapped boards, one-sided pieces and
// groups are searched: compare's TestCountsBeyondPlain).
func TestCountsLimits(t *testing.T) {
	for name, src := range map[string]string{
		"free walls": "board: {size: 3, walls: free}\nplace: [2 rook]\nrules: [every piece attacks 1]\n",
	} {
		m, err := model.Parse([]byte(src), "m.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve}); !errors.Is(err, model.ErrUnsupported) {
			t.Errorf("%s with attack counts: got %v, want ErrUnsupported", name, err)
		}
	}
}

// TestCountsAgainstBrute: counts with and without symmetry, on every
// task split (one worker and several), against the referee, on plain
// boards and beyond them.
func TestCountsAgainstBrute(t *testing.T) {
	for _, src := range []string{
		"board: 4\nplace: [1..4 queen, 0..2 knight]\nrules: [every piece attacked 1..2]\n",
		"board: {size: 4, weights: \"1 -1 2 0\\n0 3 0 -2\\n2 0 1 1\\n-1 2 0 4\"}\nplace: [3 rook]\nrules: [attack weak, every square attacked ..2]\nobjective: maximize attacked-weight\n",
		"board: {size: 4, weights: {a1: 2, d4: 2, b3: -1}}\nfixed: [bishop b2]\nplace: [2 knight]\nrules: [every bishop attacked 1..]\nobjective: minimize weight\n",
		// beyond plain boards (issue 36): lines that wrap and turn over,
		// attack one way, rules between groups
		"board: {size: 4, wrap: torus}\nplace: [max queen]\nrules: [every piece attacked ..1]\n",
		"board: {size: 3x4, wrap: klein, weights: {a1: 2, c2: -1}}\nfixed: [rook b2]\nplace: [1..3 queen]\nrules: [every piece attacked 1..2]\nobjective: maximize weight\n",
		"pieces:\n  pawn: {leap: [[1, 1], [-1, 1]], images: written}\nboard: {size: 4x3, wrap: mobius}\nplace: [max pawn]\nrules: [every piece attacked ..1, every square attacked ..1]\n",
		"board: 3\nplace: [1..2 rook as white, 1..2 rook as black]\nrules: [every piece attacked 1.., independent within groups]\nobjective: maximize pieces\n",
	} {
		m, err := model.Parse([]byte(src), "m.yaml")
		if err != nil {
			t.Fatal(err)
		}
		ref, err := (&brute.Solver{Budget: 1_000_000}).Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 3} {
			res, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			sameValue := m.Objective.Sense == model.Fixed || *res.Value == *ref.Value // without an objective the value is the example's pieces
			if *res.Count != *ref.Count || *res.Classes != *ref.Classes || !sameValue {
				t.Errorf("%s\n%d workers: value %d, %d solutions, %d classes; brute %d, %d, %d",
					src, workers, *res.Value, *res.Count, *res.Classes, *ref.Value, *ref.Count, *ref.Classes)
			}
		}
	}
}
