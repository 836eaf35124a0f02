package shard_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
)

const queens = "name: n queens\nboard: 8\nplace: [n queen]\nrules: [independent]\n"

// 10 queens in four parts: 724 solutions in 92 classes (OEIS A000170,
// A002562), the status and value of the one-process run, and an example
// the checker accepts.
func TestMergeQueens(t *testing.T) {
	job, m, err := shard.NewJob("q.yaml", []byte(queens), []string{"board=10"}, shard.TaskCount, shard.Options{Backend: "exact", Symmetry: true}, 4)
	if err != nil {
		t.Fatal(err)
	}
	merged, err := shard.Merge(runParts(t, 1, job), shard.MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res := merged.Result
	if res.Count == nil || *res.Count != 724 || res.Classes == nil || *res.Classes != 92 {
		t.Fatalf("merged count %v, classes %v; want 724 and 92", res.Count, res.Classes)
	}
	whole, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != whole.Status || *res.Value != *whole.Value || !res.Verified || res.Solution == nil {
		t.Errorf("merged status %v value %d verified %v; the whole run: %v, %d", res.Status, *res.Value, res.Verified, whole.Status, *whole.Value)
	}
}

// Merge names a missing, a duplicated and a foreign part, a part whose
// example the checker refuses, and a record whose model does not give its
// digest.
func TestMergeRefuses(t *testing.T) {
	job, _, err := shard.NewJob("q.yaml", []byte(queens), []string{"board=8"}, shard.TaskCount, shard.Options{Backend: "exact"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	recs := runParts(t, 1, job)
	other, _, err := shard.NewJob("q.yaml", []byte(queens), []string{"board=7"}, shard.TaskCount, shard.Options{Backend: "exact"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	foreign := runParts(t, 1, other)[1]
	foreign.From = "other.jsonl:2"
	clone := func(r *shard.Record) *shard.Record { c := *r; return &c }
	bad := clone(recs[0])
	bad.Solution = &model.Solution{Pieces: bad.Solution.Pieces[:7]}
	edited := clone(recs[2])
	edited.Source = strings.Replace(edited.Source, "n queen", "n rook", 1)
	for _, tc := range []struct {
		name    string
		records []*shard.Record
		want    string
	}{
		{"missing", recs[:2], "2/3"},
		{"duplicated", []*shard.Record{recs[0], recs[1], recs[2], recs[1]}, "part 1/3 is there twice: parts.jsonl:2 and parts.jsonl:2"},
		{"foreign", []*shard.Record{recs[0], recs[1], recs[2], foreign}, "other.jsonl:2) is foreign"},
		{"checker", []*shard.Record{bad, recs[1], recs[2]}, "refused by the checker"},
		{"digest", []*shard.Record{edited, recs[1], recs[0]}, "digest"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := shard.Merge(resealed(t, tc.records), shard.MergeOptions{})
			if !errors.Is(err, shard.ErrMerge) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("merge: %v; want an ErrMerge saying %q", err, tc.want)
			}
		})
	}
}

// The digest is the parsed model's: a diagram and a list of the same walls
// agree, a wall elsewhere differs.
func TestDigest(t *testing.T) {
	digest := func(path string, overrides ...string) string {
		m, err := model.Load(path, overrides...)
		if err != nil {
			t.Fatal(err)
		}
		return shard.Digest(m)
	}
	list := digest("../testdata/models/blocked-3w-value11.yaml", "name=x")
	if diagram := digest("../testdata/models/blocked-3w-diagram.yaml", "name=x"); diagram != list {
		t.Errorf("the same board as a diagram: digest %s, as a list %s", diagram, list)
	}
	if moved := digest("../testdata/models/blocked-2w-value10.yaml", "name=x"); moved == list {
		t.Error("another board has the same digest")
	}
	// The same squares glued, and a game under another rule, are other
	// models (the name, which carries --set overrides, the same): their
	// parts must not merge with the plain board's.
	load := func(path string) *model.Model {
		m, err := model.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	m := load("../testdata/models/n-queens.yaml")
	plain := shard.Digest(m)
	for _, w := range []model.Wrap{model.WrapCylinder, model.WrapTorus} {
		m.Board.Wrap = w
		if shard.Digest(m) == plain {
			t.Errorf("the board glued as a %s: the plain board's digest", w)
		}
	}
	race := load("../testdata/models/game-rook-race-4x4.yaml")
	loses := shard.Digest(race)
	race.Game.Stuck = model.StuckPasses
	if shard.Digest(race) == loses {
		t.Error("a game under another rule for a side without a move: the same digest")
	}
	// A plain board's digest does not name its wrap: records written
	// before the wrap was hashed still merge.
	if d := digest("../testdata/models/blocked-3w-value11.yaml", "name=x"); d != list {
		t.Errorf("digest %s, then %s", list, d)
	}
}
