package exact

import (
	"context"
	"errors"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// TestArmiesStrongLines: with groups, strong attack is not weak attack
// when the allowed attacks are not transitive — a rook of group a, one of
// b and another of a in a row: under strong attack b shields the two a
// rooks from each other. The exact backend's looked-back lines count what
// the referee counts, in both modes, and the modes differ.
func TestArmiesStrongLines(t *testing.T) {
	counts := map[string]int64{}
	for _, attack := range []string{"strong", "weak"} {
		text := "board: 2x5\nplace: [2 rook as a, 1..2 rook as b, 1 bishop as b]\nrules: [independent within groups, attack " + attack + "]\n"
		m, err := model.Parse([]byte(text), "lines.yaml")
		if err != nil {
			t.Fatal(err)
		}
		opts := model.Options{Task: model.TaskCount, Symmetry: true}
		got, err := New().Solve(context.Background(), m, opts)
		if err != nil {
			t.Fatal(err)
		}
		want, err := (&brute.Solver{}).Solve(context.Background(), m, opts)
		if err != nil {
			t.Fatal(err)
		}
		if *got.Count != *want.Count || *got.Classes != *want.Classes {
			t.Errorf("attack %s: exact %d/%d, brute %d/%d", attack, *got.Count, *got.Classes, *want.Count, *want.Classes)
		}
		counts[attack] = *want.Count
	}
	if counts["strong"] <= counts["weak"] {
		t.Errorf("strong %d, weak %d: the model does not tell the modes apart", counts["strong"], counts["weak"])
	}
}

// TestArmiesLimits walks past the armies search's limits: each is refused
// with model.ErrUnsupported, never answered.
func TestArmiesLimits(t *testing.T) {
	for _, tc := range []struct{ name, yaml string }{
		{"cover rule", "board: 4\nplace: [2 queen as white, 2 queen as black]\nrules: [independent between groups, cover dominated]\n"},
		{"free walls", "board: {size: 4, walls: free}\nplace: [2 queen as white, 2 queen as black]\nrules: [independent between groups]\n"},
		{"objective attacked", "board: 4\nplace: [2 queen as white, 2 queen as black]\nobjective: maximize attacked\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.Parse([]byte(tc.yaml), "limit.yaml")
			if err != nil {
				t.Fatal(err)
			}
			_, err = New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
			if !errors.Is(err, model.ErrUnsupported) {
				t.Errorf("got %v, want an error wrapping ErrUnsupported", err)
			}
		})
	}
}

// TestArmiesShards: the armies search splits its count into a task list
// like every driver technique, so shards of it add up to the whole count
// and classes.
func TestArmiesShards(t *testing.T) {
	m, err := model.Parse([]byte("board: 5\nplace: [max queen as white, max queen as black]\nrules: [independent between groups, equal groups]\n"), "peaceable.yaml")
	if err != nil {
		t.Fatal(err)
	}
	whole, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var count, classes int64
	for i := range 3 {
		part, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: 2, Shard: model.Shard{Index: i, Of: 3}})
		if err != nil {
			t.Fatal(err)
		}
		count += *part.Count
		classes += *part.Classes
	}
	if count != *whole.Count || classes != *whole.Classes || count == 0 {
		t.Errorf("shards add up to %d/%d, the whole is %d/%d", count, classes, *whole.Count, *whole.Classes)
	}
}
