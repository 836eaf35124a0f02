package brute

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// testModel parses a test model.
func testModel(t *testing.T, src string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(src), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
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
			_, err := tc.solver.Solve(context.Background(), testModel(t, tc.src), model.Options{Task: model.TaskCount})
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
		m := testModel(t, src)
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

func TestStopsWhenCancelled(t *testing.T) {
	m := testModel(t, "board: 3\nplace: [max queen, max knight]")
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
