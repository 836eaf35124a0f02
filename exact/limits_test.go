package exact

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// manyKinds is a place list of n kinds of piece, one of each, every one a
// leaper that stacks on a 1x1 board.
func manyKinds(n int) string {
	var defs, place strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&defs, "  p%d: {leap: [1, 0]}\n", i)
		if i > 0 {
			place.WriteString(", ")
		}
		fmt.Fprintf(&place, "1 p%d", i)
	}
	return "board: 1\nstack: true\npieces:\n" + defs.String() + "place: [" + place.String() + "]\nrules: [independent]\n"
}

// manyDirections is a rider with four directions (one of each opposite pair) per base vector, and free
// walls.
func manyDirections(bases int) string {
	var rides []string
	for i := 0; i < bases; i++ {
		rides = append(rides, fmt.Sprintf("[%d, %d]", 1, i+2))
	}
	return "board: {size: 6, walls: free}\npieces:\n  r: {ride: [" + strings.Join(rides, ", ") + "]}\nplace: [2 r]\nrules: [independent]\nobjective: minimize walls\n"
}

// TestLimits walks past each internal limit of the backend (see doc.go):
// beyond it the answer is still right, or the backend refuses with an error
// wrapping model.ErrUnsupported — never a wrong answer.
func TestLimits(t *testing.T) {
	tests := []struct {
		name  string
		yaml  string
		opts  model.Options
		count int64 // the right count when the backend answers; -1 when it must refuse
		value int64 // the right value of a solve, when count is -1 unused
	}{
		{"16 stacked queens on one square", "board: 1\nplace: [16 queen]\nstack: true\n", model.Options{Task: model.TaskCount}, 1, 16},
		{"17 stacked queens on one square (the old cap of 16)", "board: 1\nplace: [17 queen]\nstack: true\n", model.Options{Task: model.TaskCount}, 1, 17},
		{"64 stacked queens: the cap", "board: 1\nplace: [64 queen]\nstack: true\n", model.Options{Task: model.TaskSolve}, 0, 64},
		{"65 stacked queens: past the cap", "board: 1\nplace: [65 queen]\nstack: true\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"100000 stacked queens", "board: 8\nplace: [100000 queen]\nstack: true\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"10^9 stacked queens", "board: 8\nplace: [1000000000 queen]\nstack: true\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"least stacked queens past the cap", "board: 1\nplace: [65.. queen]\nstack: true\nobjective: minimize pieces\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"stacked queens without an upper count", "board: 2\nplace: [max queen]\nstack: true\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"130 kinds of piece (past an int8)", manyKinds(130), model.Options{Task: model.TaskCount}, 1, 130},
		{"31 kinds of piece with free walls", "board: {size: 1, walls: free}\n" + strings.TrimPrefix(manyKinds(31), "board: 1\n") + "objective: minimize walls\n", model.Options{Task: model.TaskSolve}, 0, 0},
		{"32 kinds of piece with free walls", "board: {size: 1, walls: free}\n" + strings.TrimPrefix(manyKinds(32), "board: 1\n") + "objective: minimize walls\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"32 ride directions with free walls", manyDirections(8), model.Options{Task: model.TaskSolve}, -1, 0},
		{"64x64 board: the general search's largest", "board: 64\nplace: [1 king]\n", model.Options{Task: model.TaskCount}, 4096, 1},
		{"65x64 board: past the general search", "board: 65x64\nplace: [1 king]\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"more (piece, square) pairs than the graph holds", "board: 64\nplace: [1 king, 1 rook, 1 bishop]\nrules: [independent]\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"n-queens counter past 28 ranks", "board: 29\nplace: [29 queen]\nrules: [independent]\n", model.Options{Task: model.TaskCount}, -1, 0},
		{"n-queens enumeration past 63 ranks", "board: 64\nplace: [64 queen]\nrules: [independent]\n", model.Options{Task: model.TaskEnumerate, Emit: func(model.Solution) error { return nil }}, -1, 0},
		{"20 rooks: 20! fits a 64-bit count", "board: 20\nplace: [20 rook]\nrules: [independent]\n", model.Options{Task: model.TaskCount}, 2432902008176640000, 20},
		{"21 rooks: 21! does not", "board: 21\nplace: [21 rook]\nrules: [independent]\n", model.Options{Task: model.TaskCount}, -1, 0},
		{"2^64 wall sets do not fit a 64-bit count", "board: {size: 8, walls: free}\nplace: [0 queen]\n", model.Options{Task: model.TaskCount}, -1, 0},
		{"2^62 wall sets do", "board: {size: \"8x8\", walls: free}\nplace: [0 queen]\nfixed: [king a1, king h8]\n", model.Options{Task: model.TaskCount}, 1 << 62, 0},
		{"10^7 queens: a solution past the memory bound", "board: 10000000\nplace: [n queen]\nrules: [independent]\n", model.Options{Task: model.TaskSolve}, -1, 0},
		{"1000 queens under a bound of 100 KiB", "board: 1000\nplace: [n queen]\nrules: [independent]\n", model.Options{Task: model.TaskSolve, MaxMemory: 100 << 10}, -1, 0},
		{"1000 queens under the default bound", "board: 1000\nplace: [n queen]\nrules: [independent]\n", model.Options{Task: model.TaskSolve}, 0, 1000},
		{"a memory bound below the model's estimate", "board: 64\nplace: [1 queen]\n", model.Options{Task: model.TaskSolve, MaxMemory: 1 << 20}, -1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := parse(t, tt.yaml)
			res, err := New().Solve(context.Background(), m, tt.opts)
			if tt.count < 0 {
				if !errors.Is(err, model.ErrUnsupported) {
					t.Fatalf("want an error wrapping ErrUnsupported, got %v (result %+v)", err, res)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Solution != nil {
				mustCheck(t, m, res.Solution)
			}
			switch tt.opts.Task {
			case model.TaskCount:
				if res.Count == nil || *res.Count != tt.count {
					t.Fatalf("count %v, want %d", res.Count, tt.count)
				}
			case model.TaskSolve:
				if res.Status != settled(m) || res.Value == nil || *res.Value != tt.value {
					t.Fatalf("status %v value %v, want %v %d", res.Status, res.Value, settled(m), tt.value)
				}
			}
		})
	}
}

// TestTallyOverflow walks a tally past the largest int64: the count is
// refused, not wrapped.
func TestTallyOverflow(t *testing.T) {
	pieces := func(vertices, _ []int32) int64 { return int64(len(vertices)) }
	m := parse(t, "board: 2\nplace: [1 king]\n")
	p, err := problem.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	a, b := problem.NewTally(p, true), problem.NewTally(p, true)
	a.Add(0, []int32{0}, nil)
	b.Count, b.Classes = math.MaxInt64, math.MaxInt64
	var res model.Result
	if err := p.CountResult(&res, b, model.Options{Symmetry: true}, pieces); err != nil {
		t.Fatalf("MaxInt64 itself fits: %v", err)
	}
	b.Merge(a)
	if err := p.CountResult(&res, b, model.Options{Symmetry: true}, pieces); !errors.Is(err, model.ErrUnsupported) {
		t.Fatalf("MaxInt64+1 solutions: want ErrUnsupported, got %v", err)
	}
	b = problem.NewTally(p, false)
	b.Count = math.MaxInt64
	b.Add(1, []int32{1}, nil)
	if err := p.CountResult(&res, b, model.Options{}, pieces); !errors.Is(err, model.ErrUnsupported) {
		t.Fatalf("add past MaxInt64: want ErrUnsupported, got %v", err)
	}
}
