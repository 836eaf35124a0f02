package shard_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
)

// 16 queens, counted by the half-board join, in three parts with classes:
// each part carries terms of Burnside's lemma and no classes, and merge
// gives 14,772,512 solutions in 1,846,955 classes (A000170, A002562). A
// part whose terms were changed, one that gives classes instead, one of
// another method, and terms of two group orders are refused.
func TestMergeJoinClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("16 queens: about 0.7 s of CPU")
	}
	job, _, err := shard.NewJob("q.yaml", []byte(queens), []string{"board=16"}, shard.TaskCount, shard.Options{Backend: "exact", Symmetry: true}, 3)
	if err != nil {
		t.Fatal(err)
	}
	recs := runParts(t, 1, job)
	for _, r := range recs {
		if r.Classes != nil || r.Burnside == nil || r.Burnside.Order != 8 || r.Burnside.Fixed < *r.Count {
			t.Fatalf("%s: classes %v, terms %+v, for %d solutions", r.Name(), r.Classes, r.Burnside, *r.Count)
		}
		if _, ok := r.Extra["burnside_fixed"]; ok {
			t.Errorf("%s: the terms are left in the statistics too", r.Name())
		}
	}
	merged, err := shard.Merge(recs, shard.MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res := merged.Result; *res.Count != 14_772_512 || res.Classes == nil || *res.Classes != 1_846_955 {
		t.Fatalf("merged: %d solutions, classes %v; want 14,772,512 and 1,846,955", *res.Count, res.Classes)
	}
	clone := func(r *shard.Record) *shard.Record { c := *r; return &c }
	off := clone(recs[1])
	off.Burnside = &shard.ClassTerms{Fixed: off.Burnside.Fixed + 1, Order: 8}
	whole := clone(recs[2])
	whole.Classes, whole.Burnside = model.Int64(5), nil
	order := clone(recs[0])
	order.Burnside = &shard.ClassTerms{Fixed: order.Burnside.Fixed, Order: 4}
	engine := clone(recs[2])
	engine.Extra = map[string]any{"engine": "n-queens start constellations, one per D4 orbit"}
	for _, tc := range []struct {
		name    string
		records []*shard.Record
		want    string
	}{
		{"terms", []*shard.Record{recs[0], off, recs[2]}, "no multiple of the group's order 8"},
		{"classes", []*shard.Record{recs[0], recs[1], whole}, "different task lists"},
		{"order", []*shard.Record{order, recs[1], recs[2]}, "terms of Burnside's lemma for a group of order 4, where the model's has 8"},
		{"engine", []*shard.Record{recs[0], recs[1], engine}, "parts of two methods"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := shard.Merge(resealed(t, tc.records), shard.MergeOptions{})
			if !errors.Is(err, shard.ErrMerge) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("merge: %v; want an ErrMerge saying %q", err, tc.want)
			}
		})
	}
}
