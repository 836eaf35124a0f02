package shard_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
)

// proofJob is the solve of a domination model split of ways.
func proofJob(t *testing.T, file, board string, of int) (*shard.Job, *model.Model) {
	t.Helper()
	src, err := os.ReadFile("../testdata/models/" + file)
	if err != nil {
		t.Fatal(err)
	}
	job, m, err := shard.NewJob(file, src, []string{"board=" + board}, shard.TaskSolve, shard.Options{Backend: "exact"}, of)
	if err != nil {
		t.Fatal(err)
	}
	return job, m
}

// runParts runs every part of a job on workers and reads the records back
// from their JSON lines.
func runParts(t *testing.T, workers int, job *shard.Job) []*shard.Record {
	t.Helper()
	var lines bytes.Buffer
	for k := range job.Of {
		rec, err := shard.Run(context.Background(), job, k, exact.New(), shard.RunOptions{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if err := json.NewEncoder(&lines).Encode(rec); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := shard.Read("parts.jsonl", &lines)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// The domination numbers of queens 8x8..11x11 (OEIS A075458: 5, 5, 5, 5)
// and knights 8x8 (A006075: 12), solved in 1, 2, 3 and 7 parts: the
// merged value and example are the one-process solve's, and the merged
// passes try the same counts.
func TestProofParts(t *testing.T) {
	cases := []struct {
		file, board string
		want        int64
	}{
		{"queens-domination.yaml", "8", 5},
		{"queens-domination.yaml", "9", 5},
		{"queens-domination.yaml", "10", 5},
		{"queens-domination.yaml", "11", 5},
		{"cover-5x5-knights-domination.yaml", "8", 12},
	}
	parts := []int{1, 2, 3, 7}
	if testing.Short() {
		cases, parts = cases[:2], []int{1, 3}
	}
	for _, c := range cases {
		_, m := proofJob(t, c.file, c.board, 1)
		whole, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if whole.Value == nil || *whole.Value != c.want {
			t.Fatalf("%s %s: the one-process solve gives %v, want %d", c.file, c.board, whole.Value, c.want)
		}
		for _, of := range parts {
			job, _ := proofJob(t, c.file, c.board, of)
			merged, err := shard.Merge(runParts(t, 1, job), shard.MergeOptions{})
			if err != nil {
				t.Fatalf("%s %s in %d parts: %v", c.file, c.board, of, err)
			}
			res := merged.Result
			if res.Status != model.StatusOptimal || *res.Value != c.want || !res.Verified {
				t.Errorf("%s %s in %d parts: %v %v (verified %v), want optimal %d", c.file, c.board, of, res.Status, *res.Value, res.Verified, c.want)
			}
			if !reflect.DeepEqual(res.Solution, whole.Solution) {
				t.Errorf("%s %s in %d parts: example %v, the one-process solve's %v", c.file, c.board, of, res.Solution, whole.Solution)
			}
			t.Logf("%s %s in %d parts: %d nodes (one process: %d), passes %v, U %v", c.file, c.board, of, res.Stats.Nodes, whole.Stats.Nodes, res.Stats.Passes, res.Stats.Fields()["shard_upper"])
		}
	}
}

// Knights 12x12 (24, A006075) in 2 parts: the bound stops at 25, so the
// parts find the optimum below it themselves, and the example is the
// cover of the earliest task at 24, the one-process solve's.
func TestProofPartsBelowBound(t *testing.T) {
	if testing.Short() {
		t.Skip("about 10 s of CPU")
	}
	job, m := proofJob(t, "cover-5x5-knights-domination.yaml", "12", 2)
	recs := runParts(t, 2, job)
	if recs[0].Proof.Upper != 25 {
		t.Fatalf("U = %d, want 25 (the test is of the parts finding the optimum below U)", recs[0].Proof.Upper)
	}
	merged, err := shard.Merge(recs, shard.MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	whole, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if *merged.Result.Value != 24 || *whole.Value != 24 || !reflect.DeepEqual(merged.Result.Solution, whole.Solution) {
		t.Errorf("merged %d %v, the one-process solve %d %v; want 24 and the same example", *merged.Result.Value, merged.Result.Solution, *whole.Value, whole.Solution)
	}
}

// merge refuses a proof with a part missing, twice, of another model, or
// whose parts disagree on the bound or claim an example they lack.
func TestProofMergeRefuses(t *testing.T) {
	job, _ := proofJob(t, "queens-domination.yaml", "10", 3)
	recs := runParts(t, 1, job)
	other, _ := proofJob(t, "queens-domination.yaml", "9", 3)
	foreign := runParts(t, 1, other)
	clone := func(r *shard.Record) *shard.Record {
		c := *r
		p := *r.Proof
		c.Proof = &p
		return &c
	}
	lowU := clone(recs[1])
	lowU.Proof.Upper = 4
	noProof := clone(recs[1])
	noProof.Proof, noProof.Status, noProof.Solution, noProof.Value = nil, model.StatusInfeasible, nil, nil
	noExample := clone(recs[2])
	noExample.Proof.Least, noExample.Proof.Task, noExample.Proof.Found, noExample.Solution, noExample.Value = 4, 2, true, nil, nil
	cases := []struct {
		what  string
		parts []*shard.Record
		want  string
	}{
		{"missing", []*shard.Record{recs[0], recs[2]}, "part 1/3 missing"},
		{"twice", []*shard.Record{recs[0], recs[1], recs[1], recs[2]}, "part 1/3 is there twice"},
		{"foreign", []*shard.Record{recs[0], recs[1], foreign[2], recs[2]}, "is foreign"},
		{"bound", []*shard.Record{recs[0], lowU, recs[2]}, "part 1/3 (parts.jsonl:2): its example does not have the 4 pieces of its proof"},
		{"example", []*shard.Record{recs[0], recs[1], noExample}, "does not have the 4 pieces of its proof"},
		{"mixed", []*shard.Record{recs[0], noProof, recs[2]}, "1 of 3 parts say the model has no cover, the others have a proof"},
	}
	for _, c := range cases {
		_, err := shard.Merge(resealed(t, c.parts), shard.MergeOptions{})
		if !errors.Is(err, shard.ErrMerge) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: want an ErrMerge saying %q, got %v", c.what, c.want, err)
		}
	}
	if _, err := shard.Merge(recs, shard.MergeOptions{}); err != nil {
		t.Errorf("the three parts: %v", err)
	}
}

// A solve whose search does not split its proof refuses a part with
// model.ErrUnsupported: the fewest squares, total domination (not a cover
// by one rule's domination), the n-queens fast path.
func TestProofRefused(t *testing.T) {
	for _, file := range []string{"cover-5x5-fewest.yaml", "queens-total-domination.yaml", "eight-queens.yaml"} {
		src, err := os.ReadFile("../testdata/models/" + file)
		if err != nil {
			t.Fatal(err)
		}
		job, _, err := shard.NewJob(file, src, nil, shard.TaskSolve, shard.Options{Backend: "exact"}, 2)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := shard.Run(context.Background(), job, 1, exact.New(), shard.RunOptions{Workers: 1}); !errors.Is(err, model.ErrUnsupported) {
			t.Errorf("%s: want ErrUnsupported, got %v", file, err)
		}
	}
}

// Folding's proofs in 1, 3 and 7 parts, merged to the one-process
// solve's answer and example. Without an objective: the eight pieces
// cannot cover the board (Robison, Hafner and Skiena, 1989), the parts'
// nodes adding up to the one-process run's exactly (each box is searched
// once, by its part; the split once, by part 0); five pieces cover 5x5 and
// a superqueen with friends covers 8x8. A maximised cover: the eight
// pieces attack at most 63 squares (the paper's), and three small ones.
func TestFoldProofParts(t *testing.T) {
	cases := []struct {
		file   string
		status model.Status
		want   int64 // the published optimum (0: the one-process run's)
	}{
		{"cover-5x5-five-pieces.yaml", model.StatusSatisfied, 0},
		{"eight-pieces-superqueen.yaml", model.StatusSatisfied, 0},
		{"cover-5x5-queen-rook-knight.yaml", model.StatusOptimal, 0},
		{"cover-6x6-queen-rook-bishop.yaml", model.StatusOptimal, 0},
		{"cover-5x5-stack.yaml", model.StatusOptimal, 0},
		{"eight-pieces-cover.yaml", model.StatusInfeasible, 0},
		{"eight-pieces.yaml", model.StatusOptimal, 63},
	}
	if testing.Short() {
		cases = cases[:5]
	}
	for _, c := range cases {
		src, err := os.ReadFile("../testdata/models/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := model.Parse(src, c.file)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve, Workers: 1})
		if err != nil || whole.Status != c.status || c.want != 0 && *whole.Value != c.want {
			t.Fatalf("%s: the one-process solve: %v, %v; want %v %d", c.file, whole, err, c.status, c.want)
		}
		for _, of := range []int{1, 3, 7} {
			job, _, err := shard.NewJob(c.file, src, nil, shard.TaskSolve, shard.Options{Backend: "exact"}, of)
			if err != nil {
				t.Fatal(err)
			}
			merged, err := shard.Merge(runParts(t, 2, job), shard.MergeOptions{})
			if err != nil {
				t.Fatalf("%s in %d parts: %v", c.file, of, err)
			}
			res := merged.Result
			if res.Status != c.status || !reflect.DeepEqual(res.Value, whole.Value) || !reflect.DeepEqual(res.Solution, whole.Solution) {
				t.Errorf("%s in %d parts: %v %v, the one-process solve: %v %v", c.file, of, res.Status, res.Solution, whole.Status, whole.Solution)
			}
			if c.status == model.StatusInfeasible && res.Stats.Nodes != whole.Stats.Nodes {
				t.Errorf("%s in %d parts: %d nodes, the one-process run %d", c.file, of, res.Stats.Nodes, whole.Stats.Nodes)
			}
		}
	}
}

// merge refuses the parts of a maximised cover that did not try a target
// the one-process run tries, or disagree on the greedy point.
func TestMostMergeRefuses(t *testing.T) {
	src, err := os.ReadFile("../testdata/models/cover-5x5-queen-rook-knight.yaml")
	if err != nil {
		t.Fatal(err)
	}
	job, _, err := shard.NewJob("qrn.yaml", src, nil, shard.TaskSolve, shard.Options{Backend: "exact"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	recs := runParts(t, 1, job)
	if len(recs[1].Proof.Targets) == 0 {
		t.Fatal("part 1/3 tried no target: the test proves nothing")
	}
	short, greedy := *recs[1], *recs[2]
	p, q := *recs[1].Proof, *recs[2].Proof
	p.Targets, q.Greedy = nil, &shard.Point{Value: 1}
	short.Proof, greedy.Proof = &p, &q
	for _, c := range []struct {
		parts []*shard.Record
		want  string
	}{
		{[]*shard.Record{recs[0], &short, recs[2]}, "did not try the target"},
		{[]*shard.Record{recs[0], recs[1], &greedy}, "disagrees with part 0/3 (parts.jsonl:1) on the targets or the greedy point"},
	} {
		if _, err := shard.Merge(resealed(t, c.parts), shard.MergeOptions{}); !errors.Is(err, shard.ErrMerge) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an ErrMerge saying %q, got %v", c.want, err)
		}
	}
}

// A folding part's proof is the same on 1 and 2 workers: the box of its
// earliest point, and each target's point or best judged (value, box,
// placement).
func TestFoldProofWorkers(t *testing.T) {
	for _, file := range []string{"cover-5x5-five-pieces.yaml", "cover-6x6-queen-rook-bishop.yaml", "cover-5x5-stack.yaml"} {
		src, err := os.ReadFile("../testdata/models/" + file)
		if err != nil {
			t.Fatal(err)
		}
		job, _, err := shard.NewJob(file, src, nil, shard.TaskSolve, shard.Options{Backend: "exact"}, 3)
		if err != nil {
			t.Fatal(err)
		}
		one, two := runParts(t, 1, job), runParts(t, 2, job)
		for k := range one {
			p, q := *one[k].Proof, *two[k].Proof
			p.Passes, q.Passes = nil, nil // nodes: a pass that finds abandons later boxes
			if !reflect.DeepEqual(p, q) {
				t.Errorf("%s part %d/3: proof %+v on 1 worker, %+v on 2", file, k, p, q)
			}
		}
	}
}

// merge refuses the parts of a solve without an objective of which one
// says the model has no cover (no proof) and the others have a proof,
// naming the count, and does not fail on the missing proof.
func TestFirstMergeRefusesMixed(t *testing.T) {
	job, _ := proofJob(t, "cover-5x5-five-pieces.yaml", "5", 3)
	recs := runParts(t, 1, job)
	if recs[0].Proof == nil || recs[0].Proof.Kind != "first" {
		t.Fatalf("part 0: proof %+v, want one of a solve without an objective", recs[0].Proof)
	}
	noProof := *recs[1]
	noProof.Proof, noProof.Status, noProof.Solution, noProof.Value = nil, model.StatusInfeasible, nil, nil
	_, err := shard.Merge(resealed(t, []*shard.Record{recs[0], &noProof, recs[2]}), shard.MergeOptions{})
	if want := "1 of 3 parts say the model has no cover, the others have a proof"; !errors.Is(err, shard.ErrMerge) || !strings.Contains(err.Error(), want) {
		t.Errorf("want an ErrMerge saying %q, got %v", want, err)
	}
}
