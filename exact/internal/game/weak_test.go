package game

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// TestWeakAgrees: on each small game (the testdata models, a torus and
// random games of internal/gen) the search from the start proves the
// strong solution's value and plies, draws included, with a line the
// checker accepts as ending as the value says; and it does so with a
// transposition table of the fewest entries too (where entries are
// overwritten).
func TestWeakAgrees(t *testing.T) {
	values := map[string]int{}
	for _, m := range foldModels(t, 80) {
		sp, err := newSpace(m, true)
		if err != nil {
			t.Fatal(err)
		}
		start := m.GameStart()
		idx := sp.indexOf(start)
		strong, err := retrograde(context.Background(), sp, true, [2]int64{idx, idx}, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, plies := strong.value(idx), max(strong.levelOf(idx), 0)
		for _, entries := range []int64{ttSize(sp, -1), minTT} {
			w := weakSolve(context.Background(), sp, start, entries, nil)
			if w.value != want || (want != draw && w.plies != plies) {
				t.Fatalf("%s, %d entries: search %d in %d plies, strong solution %d in %d\n", m.Name, entries, w.value, w.plies, want, plies)
			}
			r := model.Check(m, w.line)
			end := map[int]string{win: m.Game.Sides[start.ToMove].Label + " wins", loss: m.Game.Sides[1-start.ToMove].Label + " wins", draw: "draw"}[want]
			if !r.Valid || w.line.End != end || (want != draw && len(w.line.Moves) != plies) {
				t.Fatalf("%s: line of %d moves ending %q (want %q): %v", m.Name, len(w.line.Moves), w.line.End, end, r.Problems)
			}
		}
		values[map[int]string{win: "win", loss: "loss", draw: "draw"}[want]]++
	}
	for _, v := range []string{"win", "loss", "draw"} {
		if values[v] == 0 {
			t.Errorf("no game is a %s: %v", v, values)
		}
	}
	t.Logf("values of the starts: %v", values)
}

// TestWeakChosen: a solve whose tables do not fit the memory bound is
// answered by the search, the same as the tables answer; under a bound
// too small for the search's table as well it is refused; and a search
// stopped by its context answers unknown, never a value, with the plies
// within which it found no forced win.
func TestWeakChosen(t *testing.T) {
	m := load(t, "game-rook-race-4x4.yaml")
	strong, err := Solve(context.Background(), m, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sp, _ := newSpace(m, true)
	limit := sp.need(true) - 1
	if ttSize(sp, limit) == 0 {
		t.Fatalf("the tables' %d bytes leave no room for a search table", limit+1)
	}
	res, err := Solve(context.Background(), m, model.Options{MaxMemory: limit})
	if err != nil {
		t.Fatal(err)
	}
	if res.Game == nil || res.Game.Value != strong.Game.Value || res.Game.Plies != strong.Game.Plies || res.Stats.Extra["transposition_entries"] == nil {
		t.Fatalf("search under %d bytes: %+v (%v); tables: %+v", limit, res.Game, res.Stats.Extra, strong.Game)
	}
	if _, err := Solve(context.Background(), m, model.Options{MaxMemory: minTT*ttEntryBytes - 1}); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("under %d bytes: %v, want model.ErrTooLarge", minTT*ttEntryBytes-1, err)
	}
	race := load(t, "game-rook-race.yaml")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	res, err = Solve(ctx, race, model.Options{MaxMemory: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != model.StatusUnknown || res.Game != nil || res.Solution != nil {
		t.Errorf("the 8x8 race stopped after 300 ms: status %v, game %+v", res.Status, res.Game)
	}
	t.Logf("the 8x8 race in 300 ms: %v", fmt.Sprint(res.Stats.Extra))
}
