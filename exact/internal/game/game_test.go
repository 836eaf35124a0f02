package game

import (
	"context"
	"slices"
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
		sp, err := newSpace(load(t, file))
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
	sp, err := newSpace(m)
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
	sp, err := newSpace(load(t, "game-queens-walls.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := retrograde(ctx, sp, false, [2]int64{}, 2, nil); err == nil {
		t.Error("no error from a cancelled analysis")
	}
}
