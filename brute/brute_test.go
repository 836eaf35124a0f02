package brute

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

func parse(t *testing.T, src string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(src), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func solve(t *testing.T, b *Solver, m *model.Model, opts model.Options) (*model.Result, error) {
	t.Helper()
	return b.Solve(context.Background(), m, opts)
}

func TestRefusesLargeModels(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		solver    Solver
		says      string
	}{
		{"8 queens by space", "board: 8\nplace: [8 queen]\nrules: [independent]", Solver{}, "over the budget"},
		{"8 queens by independence", "board: 8\nplace: [8 queen]\nrules: [independent]", Solver{MaxPieces: 8, Budget: 1000}, "over the budget"},
		{"free walls by independence", "board: {size: 3, walls: free}\nplace: [2 queen]\nrules: [independent]", Solver{MaxPieces: 2}, "free walls"},
		{"a tour", "board: 5\ntour: {piece: knight}", Solver{}, "tour models"},
		{"stacked open counts", "board: 2\nstack: true\nplace: [max rook]", Solver{}, "stacking"},
		{"9x9", "board: 9\nplace: [1 king]", Solver{}, "64 squares"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := solve(t, &tc.solver, parse(t, tc.src), model.Options{Task: model.TaskCount})
			if !errors.Is(err, model.ErrUnsupported) || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("err %v, want ErrUnsupported saying %q", err, tc.says)
			}
		})
	}
}

// The size counted before listing is the number of candidates listed, on
// models with and without stacking, free walls and several kinds.
func TestSizeIsWhatIsListed(t *testing.T) {
	for _, src := range []string{
		"board: 3\nplace: [max queen, 1..2 knight]",
		"board: {size: 3, walls: {fixed: [b2], free: 1..3}}\nplace: [2 rook, max bishop]",
		"board: 3\nfixed: [king a1]\nplace: [1 rook, 0..2 knight, max bishop]",
		"board: \"2x3\"\nstack: true\nplace: [0..3 queen, 1..2 rook]",
		"board: {size: \"2x3\", walls: free}\nstack: true\nfixed: [knight a1]\nplace: [2 queen]",
	} {
		m := parse(t, src)
		sp, err := newSpace(m, 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		listed := int64(0)
		sp.each(func(model.Solution) bool { listed++; return true })
		size := sp.size()
		// with stacking walls skip the pieces' squares: the size bounds the list
		if m.Rules.Stack && size.Int64() < listed || !m.Rules.Stack && size.Int64() != listed {
			t.Errorf("%q: size %v, %d listed", src, size, listed)
		}
	}
}

// Five stacked pieces on two open squares (random model 87 of seed 1).
func TestStacksMorePiecesThanSquares(t *testing.T) {
	m := parse(t, "pieces: {alfil: {leap: [2, 2]}, camel: {leap: [1, 3]}}\nboard: {size: 2x2, walls: [b2, a1]}\nplace: [3 alfil, 2 camel]\nrules: [stack]\nobjective: minimize dominated")
	res, err := solve(t, &Solver{}, m, model.Options{Task: model.TaskCount, Symmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	// Every piece on a2, or every piece on b1: one square dominated.
	if res.Status != model.StatusOptimal || *res.Value != 1 || *res.Count != 2 {
		t.Errorf("status %v value %v count %v; want optimal, 1, 2", res.Status, *res.Value, *res.Count)
	}
}

// With distinct walls both the count and the classes are of wall sets:
// with one free wall that every square can hold, 9 sets in 3 classes (the
// orbits of a square of 3x3 under its 8 symmetries: corner, edge, centre),
// however many placements each wall set has.
func TestDistinctWallClasses(t *testing.T) {
	m := parse(t, "board: {size: 3, walls: {free: 1}}\nplace: [2 rook]\nrules: [independent]")
	res, err := solve(t, &Solver{}, m, model.Options{Task: model.TaskCount, Symmetry: true, DistinctWalls: true})
	if err != nil {
		t.Fatal(err)
	}
	if *res.Count != 9 || *res.Classes != 3 {
		t.Errorf("%d wall sets in %d classes, want 9 in 3", *res.Count, *res.Classes)
	}
}

func TestStopsWhenCancelled(t *testing.T) {
	m := parse(t, "board: 3\nplace: [max queen, max knight]")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := (&Solver{}).Solve(ctx, m, model.Options{Task: model.TaskCount})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != model.StatusUnknown {
		t.Errorf("status %v, want unknown", res.Status)
	}
}
