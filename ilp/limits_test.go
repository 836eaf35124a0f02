package ilp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestLimits walks past each limit listed in doc.go: the answer is right,
// or the error wraps model.ErrUnsupported.
func TestLimits(t *testing.T) {
	var manyPieces strings.Builder
	manyPieces.WriteString("board: 1\nstack: true\npieces:\n")
	var place []string
	for i := 0; i < 30; i++ { // more pieces than free letters for symbols
		fmt.Fprintf(&manyPieces, "  x%d: {leap: [1, 2]}\n", i)
		place = append(place, fmt.Sprintf("1 x%d", i))
	}
	fmt.Fprintf(&manyPieces, "  a-b: {leap: [1, 2]}\n  a_b: {leap: [1, 2]}\nplace: [%s, 1 a-b, 1 a_b]\nrules: [independent]\n", strings.Join(place, ", "))
	tests := []struct {
		name  string
		yaml  string
		opts  model.Options
		value int64 // -1: must refuse
		count int64
	}{
		{"17 stacked queens on one square", "board: 1\nplace: [17 queen]\nstack: true\n", model.Options{Task: model.TaskCount}, 17, 1},
		{"32 pieces without a letter of their own", manyPieces.String(), model.Options{Task: model.TaskCount}, 32, 1},
		{"128x128 board: the largest", "board: 128\nplace: [1 king]\n", model.Options{Task: model.TaskSolve}, 1, 0},
		{"129x128 board", "board: 129x128\nplace: [1 king]\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"100000 stacked queens", "board: 8\nplace: [100000 queen]\nstack: true\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"10^9 stacked queens", "board: 8\nplace: [1000000000 queen]\nstack: true\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"10^9 stacked queens, least", "board: 8\nplace: [1000000000.. queen]\nstack: true\nobjective: minimize pieces\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"piece variables past a small bound", "board: 8\nplace: [8 queen]\nrules: [independent]\n", model.Options{Task: model.TaskSolve, MaxMemory: 64 << 10}, -1, 0},
		{"rows past a small bound", "board: {size: 8, walls: free}\nplace: [10 queen]\nrules: [independent]\nobjective: minimize walls\n", model.Options{Task: model.TaskSolve, MaxMemory: 300 << 10}, -1, 0},
		{"the same rows within a larger one", "board: 8\nplace: [8 queen]\nrules: [independent]\n", model.Options{Task: model.TaskSolve, MaxMemory: 4 << 20}, 8, 0},
		{"open-ended stack: one solution", "board: 2\nplace: [1.. queen]\nstack: true\n", model.Options{Task: model.TaskSolve}, 1, 0},
		{"open-ended stack: counted", "board: 2\nplace: [1.. queen]\nstack: true\n", model.Options{Task: model.TaskCount}, -1, 0},
		{"open-ended stack: most pieces", "board: 2\nplace: [max queen]\nstack: true\n", model.Options{Task: model.TaskSolve}, -1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := model.Parse([]byte(tt.yaml), "limit.yaml")
			if err != nil {
				t.Fatal(err)
			}
			res, err := New().Solve(context.Background(), m, tt.opts)
			if tt.value < 0 {
				if !errors.Is(err, model.ErrUnsupported) {
					t.Fatalf("want an error wrapping ErrUnsupported, got %v", err)
				}
				t.Log(err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Value == nil || *res.Value != tt.value {
				t.Errorf("value %v, want %d", res.Value, tt.value)
			}
			if tt.opts.Task == model.TaskCount && (res.Count == nil || *res.Count != tt.count) {
				t.Errorf("count %v, want %d", res.Count, tt.count)
			}
		})
	}
	// The memory bound holds for Compile (export) as it does for Solve.
	m, err := model.Parse([]byte("board: 8\nplace: [1000000000 queen]\nstack: true\n"), "limit.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compile(m); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("Compile: want ErrTooLarge, got %v", err)
	}
}

// TestLongPieceNames: names in the program stay short whatever the pieces
// are called (CPLEX LP and MPS readers take at most 255 characters, and
// lp_solve failed on a 300-character one), and unique when long names start
// alike.
func TestLongPieceNames(t *testing.T) {
	var b strings.Builder
	b.WriteString("board: 3\npieces:\n")
	var place []string
	for i := 0; i < 25; i++ {
		name := strings.Repeat("x", 300) + fmt.Sprint(i)
		fmt.Fprintf(&b, "  %s: {leap: [1, 2]}\n", name)
		place = append(place, "0..1 "+name)
	}
	fmt.Fprintf(&b, "place: [%s]\nrules: [independent]\nobjective: maximize pieces\n", strings.Join(place, ", "))
	m, err := model.Parse([]byte(b.String()), "long.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range p.Variables {
		if len(v.Name) > 40 {
			t.Fatalf("variable name of %d characters: %s", len(v.Name), v.Name)
		}
	}
	for _, r := range p.Rows {
		if len(r.Name) > 40 {
			t.Fatalf("row name of %d characters: %s", len(r.Name), r.Name)
		}
	}
}
