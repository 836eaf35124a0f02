package exact

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// referee answers a count with symmetry by brute force (package brute),
// which knows nothing of this package.
func referee(t *testing.T, m *model.Model, b *brute.Solver) *model.Result {
	t.Helper()
	if b.Budget == 0 {
		b.Budget = 1_000_000
	}
	want, err := b.Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// compareWithBrute solves and counts m and compares with the referee's count.
func compareWithBrute(t *testing.T, m *model.Model, want *model.Result) {
	t.Helper()
	r, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Solution != nil {
		mustCheck(t, m, r.Solution)
	}
	if want.Status == model.StatusInfeasible {
		if r.Status != model.StatusInfeasible {
			t.Errorf("status %v, brute force finds nothing", r.Status)
		}
		return
	}
	// without an objective, solutions of a count range differ in value: the
	// value is then that of the example, which the checker confirms
	optimizing := m.Objective.Sense != model.Fixed
	if optimizing && value(r) != value(want) || count(r) != count(want) || classes(r) != classes(want) {
		t.Errorf("value %d count %d classes %d; brute force: %d %d %d", value(r), count(r), classes(r), value(want), count(want), classes(want))
	}
	s, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
	if err != nil {
		t.Fatal(err)
	}
	if optimizing && value(s) != value(want) {
		t.Errorf("solve value %d; brute force %d", value(s), value(want))
	}
	mustCheck(t, m, s.Solution)
	if r := model.Check(m, s.Solution); r.Value != value(s) {
		t.Errorf("solve value %d, the checker measures %d", value(s), r.Value)
	}
}

func TestAgainstBruteForceTiny(t *testing.T) {
	cases := []struct{ name, yaml string }{
		{"least walls 4 queens 3x3", "board: {size: 3, walls: free}\nplace: [4 queen]\nrules: [independent]\nobjective: minimize walls"},
		{"least walls 3 queens 3x3", "board: {size: 3, walls: free}\nplace: [3 queen]\nrules: [independent]\nobjective: minimize walls"},
		{"max queens 2..3 free walls 3x3", "board: {size: 3, walls: {free: 2..3}}\nplace: [max queen]\nrules: [independent]"},
		{"least walls rooks 3x3 fixed wall", "board: {size: 3, walls: {fixed: [b2], free: any}}\nplace: [5 rook]\nrules: [independent]\nobjective: minimize walls"},
		{"queens and knights 3x3", "board: 3\nplace: [1 queen, max knight]\nrules: [independent]"},
		{"domination 3x3 kings", "board: 3\nplace: [min king]\nrules: [cover dominated]"},
		{"rook bishop most attacked 3x3", "board: 3\nplace: [1 rook, 1 bishop]\nobjective: maximize attacked"},
		{"rook bishop fewest dominated weak 3x3", "board: 3\nplace: [1 rook, 1 bishop]\nrules: [attack weak]\nobjective: minimize dominated"},
		{"two rooks cover 7 attacked 3x3", "board: 3\nplace: [2 rook]\nrules: [cover 7 attacked]"},
		{"two rooks, no rules 3x3", "board: 3\nplace: [2 rook]"},
		{"most rooks, fewest dominated 3x3", "board: 3\nplace: [2..3 rook]\nrules: [independent]\nobjective: minimize dominated"},
		{"fewest rooks dominating with up to 2 free walls 3x3", "board: {size: 3, walls: {free: 0..2}}\nplace: [min rook]\nrules: [cover dominated]"},
		{"least walls for 2 rooks to attack everything 3x3", "board: {size: 3, walls: free}\nplace: [2 rook]\nrules: [cover attacked]\nobjective: minimize walls"},
		{"most attacked by a queen with one free wall 2x4", "board: {size: \"2x4\", walls: {free: 1}}\nplace: [1 queen, 1 knight]\nobjective: maximize attacked"},
		{"cover 3 attacked, fewest dominated 3x3", "board: 3\nplace: [1 rook, 1 knight]\nrules: [cover 3 attacked]\nobjective: minimize dominated"},
		{"bishops on colours 3x3", "board: 3\nplace: [1 bishop on light, max bishop on dark]\nrules: [independent]"},
		{"nightriders fixed knight 3x4", "pieces:\n  nightrider: {ride: [1, 2]}\nboard: \"3x4\"\nfixed: [knight a1]\nplace: [max nightrider]\nrules: [independent]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, c.yaml)
			compareWithBrute(t, m, referee(t, m, &brute.Solver{}))
		})
	}
}

func TestAgainstBruteForceIndependent(t *testing.T) {
	cases := []struct {
		name    string
		yaml    string
		maxSize int
	}{
		{"amazons 6x6", "pieces:\n  amazon: [queen, knight]\nboard: 6\nplace: [max amazon]\nrules: [independent]", 6},
		{"camels 5x5", "pieces:\n  camel: {leap: [1, 3]}\nboard: 5\nplace: [max camel]\nrules: [independent]", 25},
		{"nightriders 5x5", "pieces:\n  nightrider: {ride: [1, 2]}\nboard: 5\nplace: [max nightrider]\nrules: [independent]", 25},
		{"queens 4x6", "board: \"4x6\"\nplace: [max queen]\nrules: [independent]", 6},
		{"kings on a cross with a knight", "board: |\n  -...-\n  .....\n  .N...\n  .....\n  -...-\nplace: [max king]\nrules: [independent]", 25},
		{"blocked 5x5", "board: {size: 5, walls: [b2, d3]}\nplace: [max queen]\nrules: [independent]", 25},
		{"queens and knights 4x4", "board: 4\nplace: [max queen, 2 knight]\nrules: [independent]", 16},
		{"stacked queens and rooks 4x4", "board: 4\nstack: true\nplace: [0..3 queen, 1..2 rook]\nrules: [independent]\nobjective: maximize pieces", 5},
		{"stacked queen and rook, no rules 2x3", "board: \"2x3\"\nstack: true\nplace: [1 queen, 1 rook]", 2},
		{"queens stacking on a fixed rook 4x4", "board: 4\nstack: true\nfixed: [rook b2]\nplace: [0..3 queen]\nrules: [independent]\nobjective: maximize pieces", 3},
		{"weak attack queens and a fixed knight 5x5", "board: 5\nfixed: [knight c3]\nplace: [max queen]\nrules: [independent, attack weak]", 25},
		{"stacked rooks and knights covering 3x3", "board: 3\nstack: true\nplace: [2 rook, 2 knight]\nrules: [cover 8 attacked]", 4},
		{"stacked rooks and a bishop, most attacked 3x4", "board: \"3x4\"\nstack: true\nplace: [2 rook, 1 bishop]\nobjective: maximize attacked", 3},
		{"rooks on dark 5x5", "board: 5\nplace: [max rook on dark, 1 bishop]\nrules: [independent]", 25},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, c.yaml)
			compareWithBrute(t, m, referee(t, m, &brute.Solver{MaxPieces: c.maxSize}))
		})
	}
}
