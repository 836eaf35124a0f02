//go:build cgo

package ilp

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// TestArmiesRows: group models through each family of rows (place_armies.go)
// — segment rows (peaceable, weak attack), pair rows with blockers (strong
// attack with a non-transitive rule and mixed riders), leaps, equal groups —
// counted with classes by lp_solve and by the referee.
func TestArmiesRows(t *testing.T) {
	for _, tc := range []struct{ name, yaml string }{
		{"segments", "board: 3x4\nplace: [2 queen as white, 2 queen as black]\nrules: [independent between groups, attack weak]\n"},
		{"segments with a non-rider", "board: 3\nplace: [1 queen as white, 1 knight as white, 1..2 rook as black]\nrules: [independent between groups, equal groups]\n"},
		{"pairs with blockers", "board: 2x4\nplace: [2 rook as a, 1 rook as b, 0..1 bishop as b]\nrules: [independent within groups]\n"},
		{"one group attacks nothing", "board: 3\nplace: [1 queen as court, 0..3 knight as cavalry]\nrules: [independent court]\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.Parse([]byte(tc.yaml), "armies.yaml")
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
			if fmt.Sprint(*got.Count, *got.Classes) != fmt.Sprint(*want.Count, *want.Classes) || *want.Count == 0 {
				t.Errorf("ilp %d/%d, brute %d/%d", *got.Count, *got.Classes, *want.Count, *want.Classes)
			}
		})
	}
}

// TestArmiesLimits walks past the ILP's limits on group models.
func TestArmiesLimits(t *testing.T) {
	for _, yaml := range []string{
		"board: 4\nplace: [2 queen as white, 2 queen as black]\nrules: [independent between groups, cover dominated]\n",
		"board: {size: 4, walls: free}\nplace: [2 queen as white, 2 queen as black]\nrules: [independent between groups]\n",
		"board: 4\nplace: [2 queen as white, 2 queen as black]\nobjective: minimize dominated\n",
	} {
		m, err := model.Parse([]byte(yaml), "limit.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := New().Solve(context.Background(), m, model.Options{}); !errors.Is(err, model.ErrUnsupported) {
			t.Errorf("%q: got %v, want an error wrapping ErrUnsupported", yaml, err)
		}
	}
}
