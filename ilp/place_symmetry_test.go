//go:build cgo

package ilp

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// tighteningModels are small coverage models, each solved with and without
// the clique rows (place_coverage_cliques.go) and the symmetry rows
// (place_symmetry.go): the optimum must not move.
var tighteningModels = map[string]string{
	"fewest K Q N":        "board: 4\nplace: [1 king, 1 queen, 1 knight]\nobjective: minimize attacked\n",
	"fewest dominated":    "board: 4\nplace: [1 king, 2 rook, 1 bishop]\nobjective: minimize dominated\n",
	"fewest weak stacked": "board: 4\nplace: [1 queen, 1 knight, 1 bishop]\nrules: [attack weak, stack]\nobjective: minimize attacked\n",
	"fewest walls":        "board: {size: 4, walls: {free: 1..2}}\nplace: [1 queen, 1 king]\nobjective: minimize attacked\n",
	"most K R R":          "board: 5\nplace: [1 king, 2 rook]\nobjective: maximize attacked\n",
	"colours":             "board: 5\nplace: [1 king, 1 bishop on light, 1 bishop on dark]\nobjective: minimize attacked\n",
}

func TestTighteningKeepsOptimum(t *testing.T) {
	for name, text := range tighteningModels {
		m, err := model.Parse([]byte(text), name)
		if err != nil {
			t.Fatal(err)
		}
		var values []int64
		for _, form := range []formulation{
			{noAttackCliques: true, keepSymmetry: true},
			{keepSymmetry: true},
			{noAttackCliques: true},
			{},
		} {
			res, err := (&Solver{form: form}).Solve(context.Background(), m, model.Options{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if res.Status != model.StatusOptimal || res.Value == nil {
				t.Fatalf("%s %+v: status %v", name, form, res.Status)
			}
			values = append(values, *res.Value)
			t.Logf("%s %+v: %d in %.2fs, %d nodes", name, form, *res.Value, res.Stats.Seconds, res.Stats.Nodes)
		}
		for _, v := range values[1:] {
			if v != values[0] {
				t.Errorf("%s: optima %v with the four formulations, want one value", name, values)
			}
		}
	}
}

// TestBreakSymmetryAnchor: the lone king of a 5x5 model stands on one
// square per orbit of D4, 6 squares (Burnside: (25+1+1+1+4*5)/8), and
// Compile's program, which counting uses, keeps every square.
func TestBreakSymmetryAnchor(t *testing.T) {
	m, err := model.Parse([]byte("board: 5\nplace: [1 king, 1 queen, 1 knight]\nobjective: minimize attacked\n"), "anchor")
	if err != nil {
		t.Fatal(err)
	}
	free := func(form formulation) int {
		p, err := compile(m, form)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, v := range p.Variables {
			if v.Role == RolePiece && v.Piece == "king" && v.Upper > 0 {
				n++
			}
		}
		return n
	}
	if got := free(formulation{breakSymmetry: true}); got != 6 {
		t.Errorf("king on %d squares with symmetry broken, want 6", got)
	}
	if got := free(defaultFormulation); got != 25 {
		t.Errorf("king on %d squares in Compile's program, want 25", got)
	}
}
