package exact

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact/internal/domination"
	"github.com/chessmodel/chessmodel/exact/internal/fold"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// The fewest-pieces search agrees with folding, which judges every point
// by the model's own attack rule, on small covers of every shape it takes:
// pieces that leap and ride, domination and total domination (attacked
// only), colour rules, walls, a board that is not a square or a rectangle,
// a fixed piece under weak attack; and it declines the models it does not
// fit (a fixed piece under strong attack, a partial cover).
func TestDominationAgreesWithFolding(t *testing.T) {
	cases := []struct {
		yaml  string
		board []int
		fits  bool
	}{
		{"place: [min queen]\nrules: [cover dominated]", []int{1, 2, 3, 4, 5, 6}, true},
		{"place: [min knight]\nrules: [cover dominated]", []int{1, 2, 3, 4, 5, 6}, true},
		{"place: [min king]\nrules: [cover dominated]", []int{2, 5, 6}, true},
		{"place: [min rook]\nrules: [cover attacked]", []int{2, 3, 5}, true},
		{"place: [min queen]\nrules: [cover attacked]", []int{2, 3, 4, 5, 6}, true},
		{"place: [min knight]\nrules: [cover attacked]", []int{3, 4, 5}, true},
		{"place: [min bishop on dark]\nrules: [cover dominated]", []int{3, 4}, true},
		{"place: [min bishop]\nrules: [cover attacked]", []int{4, 5}, true},
		{"pieces: {nightrider: {ride: [1, 2]}}\nplace: [min nightrider]\nrules: [cover dominated]", []int{4, 5}, true},
		{"board: {size: 5, walls: [c3, b4]}\nplace: [min queen]\nrules: [cover dominated]", nil, true},
		{"board: \"4x6\"\nplace: [min queen]\nrules: [cover dominated]", nil, true},
		{"board: |\n  -...-\n  .....\n  .....\n  -...-\nplace: [min knight]\nrules: [cover dominated]", nil, true},
		{"board: |\n  .....\n  ..N..\n  .....\n  .....\nplace: [min queen]\nrules: [attack weak, cover dominated]", nil, true},
		{"board: |\n  .....\n  ..N..\n  .....\n  .....\nplace: [min queen]\nrules: [cover dominated]", nil, false},
		{"place: [min queen]\nrules: [cover 20 dominated]", []int{5}, false},
	}
	for _, c := range cases {
		boards := c.board
		if boards == nil {
			boards = []int{0}
		}
		for _, n := range boards {
			yaml := c.yaml
			if n > 0 {
				yaml = fmt.Sprintf("board: %d\n%s", n, yaml)
			}
			m := parse(t, "name: domination\n"+yaml+"\n")
			p, err := problem.Compile(m)
			if err != nil {
				t.Fatal(err)
			}
			groups, ok := fold.Fits(p)
			if !ok {
				t.Fatalf("%q n=%d: folding does not fit", c.yaml, n)
			}
			mine := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
			st := tasks.NewStopper(context.Background())
			done, err := false, error(nil)
			if domination.Fits(p, groups) {
				done, err = domination.Solve(st, p, groups[0], model.Options{Task: model.TaskSolve}, mine)
			}
			if err != nil {
				t.Fatal(err)
			}
			if done != c.fits {
				t.Errorf("%q n=%d: solved %v, want %v", c.yaml, n, done, c.fits)
				continue
			}
			folded := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
			if err := fold.Solve(st, p, groups, model.Options{Task: model.TaskSolve}, folded); err != nil {
				t.Fatal(err)
			}
			st.Close()
			if !done {
				continue
			}
			if mine.Status != folded.Status || value(mine) != value(folded) {
				t.Errorf("%q n=%d: %v %d, folding %v %d", c.yaml, n, mine.Status, value(mine), folded.Status, value(folded))
			}
			if mine.Status == model.StatusOptimal {
				if err := model.Verify(m, mine); err != nil {
					t.Errorf("%q n=%d: %v", c.yaml, n, err)
				}
			}
		}
	}
}

// A search stopped by its context ends soon with status unknown, on any
// number of workers, whatever pass it was in.
func TestDominationStops(t *testing.T) {
	m := load(t, "queens-domination", "board=15")
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		start := time.Now()
		r, err := New().Solve(ctx, m, model.Options{Task: model.TaskSolve, Workers: workers})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != model.StatusUnknown || r.Stats.Engine == "" {
			t.Errorf("workers %d: %v, engine %v", workers, r.Status, r.Stats.Engine)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("workers %d: stopped after %v", workers, d)
		}
	}
}

// The cover reported is the first in the search's order, whatever the
// number of workers the subtrees were shared among.
func TestDominationSameOnAnyWorkers(t *testing.T) {
	models := []*model.Model{
		load(t, "queens-domination", "board=9"),
		load(t, "queens-domination", "board=12"),
		parse(t, knightsDominationModel, "board=10"),
	}
	for _, m := range models {
		var first string
		for _, w := range []int{1, 2, 3} {
			r := run(t, m, model.Options{Task: model.TaskSolve, Workers: w})
			got := fmt.Sprint(r.Solution.Pieces)
			if w == 1 {
				first = got
			} else if got != first {
				t.Errorf("%s board %s: %d workers give %s, one %s", m.Name, m.Board.Dims(), w, got, first)
			}
		}
	}
}
