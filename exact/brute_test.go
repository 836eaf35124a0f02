package exact

import (
	"context"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// A brute-force referee that knows nothing of this package: it asks the
// model's checker about every candidate and keeps the best.

type bruteAnswer struct {
	value, count, classes int64
	feasible              bool
}

// bruteAssignments tries every assignment of the squares of a tiny board:
// empty, a wall (with free walls), or one piece of a kind of the place list.
func bruteAssignments(t *testing.T, m *model.Model) bruteAnswer {
	t.Helper()
	var kinds []string
	seen := map[string]bool{}
	for _, e := range m.Place {
		if !seen[e.Piece.Name] {
			seen[e.Piece.Name] = true
			kinds = append(kinds, e.Piece.Name)
		}
	}
	options := len(kinds) + 1
	if m.FreeWalls != nil {
		options++
	}
	b := m.Board
	var squares []model.Square
	for i := 0; i < b.Size(); i++ {
		if s := b.Square(i); b.IsOpen(s) {
			squares = append(squares, s)
		}
	}
	var valid []model.Solution
	var values []int64
	choice := make([]int, len(squares))
	for {
		var s model.Solution
		for i, c := range choice {
			switch {
			case c == 0:
			case c <= len(kinds):
				s.Pieces = append(s.Pieces, model.Placed{Piece: kinds[c-1], Square: squares[i]})
			default:
				s.Walls = append(s.Walls, squares[i])
			}
		}
		if r := model.Check(m, &s); r.Valid {
			s.Normalize()
			valid = append(valid, s)
			values = append(values, r.Value)
		}
		i := 0
		for i < len(choice) && choice[i] == options-1 {
			choice[i] = 0
			i++
		}
		if i == len(choice) {
			break
		}
		choice[i]++
	}
	return bruteBest(m, valid, values, false)
}

func bruteBest(m *model.Model, valid []model.Solution, values []int64, distinctWalls bool) bruteAnswer {
	var a bruteAnswer
	for _, v := range values {
		better := !a.feasible ||
			(m.Objective.Sense == model.Maximize && v > a.value) ||
			(m.Objective.Sense == model.Minimize && v < a.value)
		if better {
			a.feasible, a.value = true, v
		}
	}
	canon := m.CanonicalFunc()
	classes := map[string]bool{}
	for i, s := range valid {
		if m.Objective.Sense != model.Fixed && values[i] != a.value {
			continue
		}
		a.count++
		classes[canon(s).Key()] = true
	}
	a.classes = int64(len(classes))
	return a
}

// bruteIndependent lists the sets of (piece, square) in which the checker
// finds no pair attacking (and each piece alone valid), up to maxSize, and
// weighs every one with the checker.
func bruteIndependent(t *testing.T, m *model.Model, maxSize int) bruteAnswer {
	t.Helper()
	var vs []model.Placed
	b := m.Board
	seen := map[string]bool{}
	for _, e := range m.Place {
		if seen[e.Piece.Name] {
			continue
		}
		seen[e.Piece.Name] = true
		for i := 0; i < b.Size(); i++ {
			p := model.Placed{Piece: e.Piece.Name, Square: b.Square(i)}
			if model.Check(withFreeCounts(m), &model.Solution{Pieces: []model.Placed{p}}).Valid {
				vs = append(vs, p)
			}
		}
	}
	free := withFreeCounts(m)
	conflict := make([][]bool, len(vs))
	for i := range vs {
		conflict[i] = make([]bool, len(vs))
		for j := range vs {
			if i != j {
				conflict[i][j] = !model.Check(free, &model.Solution{Pieces: []model.Placed{vs[i], vs[j]}}).Valid
			}
		}
	}
	var valid []model.Solution
	var values []int64
	var set []model.Placed
	again := 1 // with stack, a piece may be placed again on its square
	if m.Rules.Stack {
		again = 0
	}
	var grow func(from int)
	grow = func(from int) {
		s := model.Solution{Pieces: append([]model.Placed(nil), set...)}
		if r := model.Check(m, &s); r.Valid {
			s.Normalize()
			valid = append(valid, s)
			values = append(values, r.Value)
		}
		if len(set) == maxSize {
			return
		}
	next:
		for i := from; i < len(vs); i++ {
			for _, p := range set {
				for j := range vs {
					if vs[j] == p && conflict[i][j] {
						continue next
					}
				}
			}
			set = append(set, vs[i])
			grow(i + again)
			set = set[:len(set)-1]
		}
	}
	grow(0)
	return bruteBest(m, valid, values, false)
}

// withFreeCounts is the model with every count open, so that the checker
// judges only attacks.
func withFreeCounts(m *model.Model) *model.Model {
	c := *m
	c.Place = nil
	for _, e := range m.Place {
		e.Count = model.Range{Min: 0, Max: model.Unbounded}
		c.Place = append(c.Place, e)
	}
	c.Rules.Cover = nil
	c.Objective = model.Objective{}
	return &c
}

func compareWithBrute(t *testing.T, m *model.Model, want bruteAnswer) {
	t.Helper()
	r, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Solution != nil {
		mustCheck(t, m, r.Solution)
	}
	if !want.feasible {
		if r.Status != model.StatusInfeasible {
			t.Errorf("status %v, brute force finds nothing", r.Status)
		}
		return
	}
	// without an objective, solutions of a count range differ in value: the
	// value is then that of the example, which the checker confirms
	optimizing := m.Objective.Sense != model.Fixed
	if optimizing && value(r) != want.value || count(r) != want.count || classes(r) != want.classes {
		t.Errorf("value %d count %d classes %d; brute force: %d %d %d", value(r), count(r), classes(r), want.value, want.count, want.classes)
	}
	s, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
	if err != nil {
		t.Fatal(err)
	}
	if optimizing && value(s) != want.value {
		t.Errorf("solve value %d; brute force %d", value(s), want.value)
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
			compareWithBrute(t, m, bruteAssignments(t, m))
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
		// the testdata model itself: 6 amazons (OEIS A051223), 728 ways, 93 classes
		{"amazons 8x8", "pieces:\n  amazon: [queen, knight]\nboard: 8\nplace: [max amazon]\nrules: [independent]", 6},
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
			compareWithBrute(t, m, bruteIndependent(t, m, c.maxSize))
		})
	}
}

func TestAgainstBruteForceCover(t *testing.T) {
	for _, n := range []int{4, 5} {
		t.Run(fmt.Sprintf("queens domination %d", n), func(t *testing.T) {
			m := load(t, "queens-domination", fmt.Sprintf("board=%d", n))
			compareWithBrute(t, m, bruteIndependent(t, m, 3))
		})
	}
}
