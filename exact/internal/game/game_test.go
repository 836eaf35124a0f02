package game

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

func load(t *testing.T, file string) *model.Model {
	t.Helper()
	m, err := model.Load("../../../testdata/models/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestIndexRoundTrip: every index decodes to a position of distinct
// squares, each side's ascending, that encodes back to the same index.
func TestIndexRoundTrip(t *testing.T) {
	for _, file := range []string{"game-queens-walls.yaml", "game-one-rook-4x4.yaml"} {
		sp, err := newSpace(load(t, file), false)
		if err != nil {
			t.Fatal(err)
		}
		p := sp.newPos()
		for i := range sp.total {
			sp.decode(i, p)
			all := append(slices.Clone(p.sq[0]), p.sq[1]...)
			slices.Sort(all)
			if len(slices.Compact(all)) != sp.k[0]+sp.k[1] || !slices.IsSorted(p.sq[0]) || !slices.IsSorted(p.sq[1]) {
				t.Fatalf("%s: index %d decodes to %v", file, i, p.sq)
			}
			if j := sp.encode(p.sq[0], p.sq[1], p.toMove); j != i {
				t.Fatalf("%s: index %d decodes to %v, which encodes to %d", file, i, p.sq, j)
			}
		}
	}
}

// TestWorkersAgree: one worker and three build the same table.
func TestWorkersAgree(t *testing.T) {
	m := load(t, "game-queens-walls.yaml")
	sp, err := newSpace(m, false)
	if err != nil {
		t.Fatal(err)
	}
	a, err := retrograde(context.Background(), sp, true, [2]int64{}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := retrograde(context.Background(), sp, true, [2]int64{}, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.values, b.values) || !slices.Equal(a.plies, b.plies) || !slices.Equal(a.byPlies, b.byPlies) {
		t.Errorf("1 worker: levels %v; 3 workers: levels %v", a.byPlies, b.byPlies)
	}
}

// TestCancel: a cancelled analysis returns the context's error.
func TestCancel(t *testing.T) {
	sp, err := newSpace(load(t, "game-queens-walls.yaml"), false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := retrograde(ctx, sp, false, [2]int64{}, 2, nil); err == nil {
		t.Error("no error from a cancelled analysis")
	}
}

// TestPliesLimit walks past the byte of plies a solve keeps. No small
// game reaches 254 plies, so the test lowers the limit to one below the
// deepest level of a game's analysis: the solve is refused with
// model.ErrTooLarge naming the limit, at the deepest level itself it
// answers, and explore, which keeps no plies, answers under either.
func TestPliesLimit(t *testing.T) {
	m := load(t, "game-queens-walls.yaml")
	sp, err := newSpace(m, false)
	if err != nil {
		t.Fatal(err)
	}
	full, err := retrograde(context.Background(), sp, true, [2]int64{}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	deepest := len(full.byPlies) - 1 // the plies of the longest win or loss
	if deepest < 2 {
		t.Fatalf("levels %v: too shallow to lower the limit below", full.byPlies)
	}
	t.Logf("levels %v: the deepest at %d plies", full.byPlies, deepest)
	defer func(old int) { maxPlies = old }(maxPlies)
	opts := model.Options{Task: model.TaskSolve, Workers: 2}

	maxPlies = deepest
	if _, err := Solve(context.Background(), m, opts); err != nil {
		t.Fatalf("limit %d, the deepest level: %v", maxPlies, err)
	}

	maxPlies = deepest - 1
	_, err = Solve(context.Background(), m, opts)
	if !errors.Is(err, model.ErrTooLarge) {
		t.Fatalf("limit %d below the deepest level %d: got %v, want model.ErrTooLarge", maxPlies, deepest, err)
	}
	for _, want := range []string{fmt.Sprintf("in %d plies", deepest), fmt.Sprintf("limit of %d plies", maxPlies)} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if _, err := Explore(context.Background(), m, opts); err != nil {
		t.Errorf("explore under limit %d: %v", maxPlies, err)
	}
}
