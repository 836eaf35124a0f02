package sweep_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// The 3-wall sweep of the blocked-queens seed split three ways: the merged
// parts give the seed's 5278 classes and its table of values by class
// (294/4291/692/1 of value 8..11), and the whole's boards.
func TestShardedSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("the 3-wall sweep takes a second or two")
	}
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var parts []*sweep.Summary
	for k := 0; k < 3; k++ {
		part, err := sweep.Run(context.Background(), m, exact.New(), sweep.Options{Walls: 3, Shard: model.Shard{Index: k, Of: 3}})
		if err != nil {
			t.Fatal(err)
		}
		if !part.Complete || part.Classes < 5278/3 || part.Classes > 5278/3+1 {
			t.Errorf("part %d: complete=%v with %d classes, want about a third of 5278", k, part.Complete, part.Classes)
		}
		parts = append(parts, part)
	}
	sum, err := sweep.Merge(parts, false)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]int64{}
	for _, b := range sum.Values {
		got[b.Value] = b.Classes
	}
	want := map[int64]int64{8: 294, 9: 4291, 10: 692, 11: 1}
	if !sum.Complete || sum.Classes != 5278 || sum.Boards != 41664 || !reflect.DeepEqual(got, want) {
		t.Errorf("merged: complete=%v, %d classes, %d boards, classes by value %v; want 5278, 41664, %v", sum.Complete, sum.Classes, sum.Boards, got, want)
	}
	if sum.Best == nil || sum.Best.Value != 11 {
		t.Errorf("merged best %+v, want a class of value 11", sum.Best)
	}
	parts[1] = &sweep.Summary{Model: "another", Walls: 3, Boards: 41664, Group: 8}
	if _, err := sweep.Merge(parts, false); err == nil {
		t.Error("a part of another sweep was merged")
	}
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
