package sweep_test

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// The 3-wall sweep of the blocked-queens seed split 2, 3, 7 and 32 ways:
// each part solves the share Shares lists for it, and the merged parts are
// the one-process sweep — the seed's 5278 classes and its table of values
// by class (294/4291/692/1 of value 8..11), the whole's boards, and the
// same example.
func TestShardedSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("the 3-wall sweep, five times, takes a few seconds")
	}
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	whole, err := sweep.Run(context.Background(), m, exact.New(), sweep.Options{Walls: 3})
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]int64{}
	for _, b := range whole.Values {
		got[b.Value] = b.Classes
	}
	want := map[int64]int64{8: 294, 9: 4291, 10: 692, 11: 1}
	if !whole.Complete || whole.Classes != 5278 || whole.Boards != 41664 || !reflect.DeepEqual(got, want) {
		t.Fatalf("one process: complete=%v, %d classes, %d boards, classes by value %v; want 5278, 41664, %v", whole.Complete, whole.Classes, whole.Boards, got, want)
	}
	for _, of := range []int{2, 3, 7, 32} {
		parts := runParts(t, m, 3, of)
		sum, err := sweep.Merge(parts, false)
		if err != nil {
			t.Fatal(err)
		}
		if diff := sameSweep(sum, whole); diff != "" {
			t.Errorf("%d parts merged: %s", of, diff)
		}
	}
	parts := runParts(t, m, 3, 3)
	parts[1] = &sweep.Summary{Model: "another", Walls: 3, Boards: 41664, Group: 8}
	if _, err := sweep.Merge(parts, false); err == nil {
		t.Error("a part of another sweep was merged")
	}
}

// runParts runs every part of a sweep split of ways and checks that each
// solves the classes, and the boards, of its share.
func runParts(t *testing.T, m *model.Model, walls, of int) []*sweep.Summary {
	t.Helper()
	shares, err := sweep.Shares(m, walls, of)
	if err != nil {
		t.Fatal(err)
	}
	var parts []*sweep.Summary
	for k := range of {
		part, err := sweep.Run(context.Background(), m, exact.New(), sweep.Options{Walls: walls, Shard: model.Shard{Index: k, Of: of}})
		if err != nil {
			t.Fatal(err)
		}
		boards := part.InfeasibleBoards
		for _, b := range part.Values {
			boards += b.Boards
		}
		if got := (sweep.Share{Classes: part.Classes, Boards: boards}); !part.Complete || got != shares[k] {
			t.Errorf("part %d/%d: complete=%v, solved %+v, where Shares lists %+v", k, of, part.Complete, got, shares[k])
		}
		parts = append(parts, part)
	}
	return parts
}

// sameSweep says how two sweeps differ in what a run finds (not its
// time), or "" when they do not.
func sameSweep(a, b *sweep.Summary) string {
	switch {
	case a.Complete != b.Complete || a.Classes != b.Classes || a.Boards != b.Boards || a.Group != b.Group:
		return fmt.Sprintf("complete=%v, %d classes, %d boards, group %d; want %v, %d, %d, %d",
			a.Complete, a.Classes, a.Boards, a.Group, b.Complete, b.Classes, b.Boards, b.Group)
	case !reflect.DeepEqual(a.Values, b.Values) || a.Infeasible != b.Infeasible || a.InfeasibleBoards != b.InfeasibleBoards:
		return fmt.Sprintf("table %+v (infeasible %d, %d boards); want %+v (%d, %d)",
			a.Values, a.Infeasible, a.InfeasibleBoards, b.Values, b.Infeasible, b.InfeasibleBoards)
	case !reflect.DeepEqual(a.Best, b.Best):
		return fmt.Sprintf("example %+v, want %+v", a.Best, b.Best)
	}
	return ""
}

// The example of a sweep is the first class of the best value in the order
// of enumeration, on any number of workers and merged from any number of
// parts: the 2-wall sweep's of value 10, whose classes Record lists.
func TestBestIsEarliest(t *testing.T) {
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var first *sweep.Class
	record := func(c sweep.Class) error {
		mu.Lock()
		defer mu.Unlock()
		if c.Value == 10 && (first == nil || before(c.Walls, first.Walls)) {
			first = &c
		}
		return nil
	}
	whole, err := sweep.Run(context.Background(), m, exact.New(), sweep.Options{Walls: 2, Workers: 1, Record: record})
	if err != nil {
		t.Fatal(err)
	}
	if whole.Best == nil || first == nil || !reflect.DeepEqual(whole.Best.Walls, first.Walls) {
		t.Fatalf("example %+v, want the first class of value 10, %+v", whole.Best, first)
	}
	for _, workers := range []int{2, 8} {
		sum, err := sweep.Run(context.Background(), m, exact.New(), sweep.Options{Walls: 2, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if diff := sameSweep(sum, whole); diff != "" {
			t.Errorf("%d workers: %s", workers, diff)
		}
	}
	for _, of := range []int{2, 5, 16} {
		sum, err := sweep.Merge(runParts(t, m, 2, of), false)
		if err != nil {
			t.Fatal(err)
		}
		if diff := sameSweep(sum, whole); diff != "" {
			t.Errorf("%d parts merged: %s", of, diff)
		}
	}
}

// before reports whether walls a come before walls b: square by square, by
// rank, then by file.
func before(a, b []model.Square) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i].Rank < b[i].Rank || a[i].Rank == b[i].Rank && a[i].File < b[i].File
		}
	}
	return false
}

// The listed parts of a split add up to the classes, Burnside's count of
// the 2-wall boards of 8x8: the identity fixes C(64,2) = 2016 wall pairs,
// the half turn 32, the quarter turns none, the two mirrors in a middle
// line 32 each and the two diagonal mirrors C(8,2) + 28 = 56 each, so
// (2016 + 32 + 64 + 112) / 8 = 278 classes, dealt out in turn; their
// boards add up to the 2016.
func TestShares(t *testing.T) {
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	shares, err := sweep.Shares(m, 2, 4)
	if err != nil {
		t.Fatal(err)
	}
	var classes, boards int64
	for _, s := range shares {
		classes += s.Classes
		boards += s.Boards
	}
	if classes != 278 || boards != 2016 || shares[0].Classes != 70 || shares[3].Classes != 69 {
		t.Errorf("2 walls in 4 parts: %v, %d classes and %d boards in all; want 70, 70, 69, 69 classes, 278 and 2016", shares, classes, boards)
	}
}
