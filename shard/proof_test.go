package shard_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"reflect"
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
func runParts(t *testing.T, job *shard.Job, workers int) []*shard.Record {
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
			merged, err := shard.Merge(runParts(t, job, 1))
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
			t.Logf("%s %s in %d parts: %d nodes (one process: %d), passes %v, U %v", c.file, c.board, of, res.Stats.Nodes, whole.Stats.Nodes, res.Stats.Extra["passes"], res.Stats.Extra["shard_upper"])
		}
	}
}
