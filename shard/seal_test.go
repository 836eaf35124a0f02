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

// runKeyed runs every part of a job on workers, sealed with key, and
// reads the records back from their JSON lines.
func runKeyed(t *testing.T, job *shard.Job, workers int, key []byte) []*shard.Record {
	t.Helper()
	var recs []*shard.Record
	for k := range job.Of {
		rec, err := shard.Run(context.Background(), job, k, exact.New(), shard.RunOptions{Workers: workers, Key: key})
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	return reread(t, recs)
}

// An edit that leaves every record consistent (a count raised by one,
// which no check of the numbers can tell) is refused by the seal: the
// plain seal catches a hand edit, the keyed one also an edit sealed again
// by whoever has not the key. A keyed record needs the key to merge, and
// a plain one is refused where the job has a key.
func TestSeal(t *testing.T) {
	job, _, err := shard.NewJob("q.yaml", []byte(queens), []string{"board=8"}, shard.TaskCount, shard.Options{Backend: "exact"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	key, other := []byte("0123456789abcdef0123456789abcdef"), []byte("fedcba9876543210fedcba9876543210")
	plain, keyed := runKeyed(t, job, 1, nil), runKeyed(t, job, 1, key)
	for _, tc := range []struct {
		name string
		recs []*shard.Record
		key  []byte
	}{{"plain", plain, nil}, {"keyed", keyed, key}} {
		merged, err := shard.Merge(tc.recs, shard.MergeOptions{Key: tc.key})
		if err != nil || *merged.Result.Count != 92 {
			t.Fatalf("%s: merge %v, %v; want 92 solutions", tc.name, merged, err)
		}
	}
	raised := func(recs []*shard.Record, seal []byte, reseal bool) []*shard.Record {
		out := copyRecords(t, recs)
		out[2].Count = model.Int64(*out[2].Count + 1)
		if reseal {
			if err := out[2].Seal(seal); err != nil {
				t.Fatal(err)
			}
		}
		return reread(t, out)
	}
	for _, tc := range []struct {
		name string
		recs []*shard.Record
		key  []byte
		want string
	}{
		{"a plain record edited", raised(plain, nil, false), nil, "edited.jsonl:3) does not match its content"},
		{"a keyed record edited", raised(keyed, nil, false), key, "edited.jsonl:3) does not match its content"},
		{"a keyed record edited and sealed plain", raised(keyed, nil, true), key, "edited.jsonl:3) is not sealed with a key"},
		{"a keyed record edited and sealed with another key", raised(keyed, other, true), key, "edited.jsonl:3) does not match its content"},
		{"keyed records without the key", keyed, nil, "is sealed with a key: give the job's key"},
		{"keyed records with another key", keyed, other, "does not match its content"},
		{"plain records where the job has a key", plain, key, "is not sealed with a key"},
	} {
		_, err := shard.Merge(tc.recs, shard.MergeOptions{Key: tc.key})
		if !errors.Is(err, shard.ErrMerge) || !errors.Is(err, shard.ErrSeal) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: merge says %v; want a refusal of the seal saying %q", tc.name, err, tc.want)
		}
	}
	stripped := copyRecords(t, plain)
	stripped[1].Sealed = ""
	if _, err := shard.Merge(stripped, shard.MergeOptions{}); !errors.Is(err, shard.ErrSeal) || !strings.Contains(err.Error(), "has none") {
		t.Errorf("a record without a seal: merge says %v", err)
	}
}

// A seal holds however the record travelled: the statistics of a record
// made in the process (ints, floats, nested values) and read back from
// JSON give the same canonical content.
func TestSealRoundTrip(t *testing.T) {
	job, _, err := shard.NewJob("tour.yaml", []byte("board: 5\ntour: {piece: knight}\n"), nil, shard.TaskCount, shard.Options{Backend: "exact", Symmetry: true}, 2)
	if err != nil {
		t.Fatal(err)
	}
	key := []byte("0123456789abcdef")
	for _, r := range runKeyed(t, job, 2, key) {
		if err := r.CheckSeal(key); err != nil {
			t.Errorf("%s read back: %v (statistics %v)", r.Name(), err, r.Extra)
		}
		again := reread(t, copyRecords(t, []*shard.Record{r}))[0]
		if err := again.CheckSeal(key); err != nil || again.Sealed != r.Sealed {
			t.Errorf("%s read back twice: %v", r.Name(), err)
		}
	}
}

// Each part done twice (on one worker and on two): the replicas agree and
// merge to the one-process count. A liar that holds the key (a broken
// backend, a worker that lies) is outvoted by two honest replicas and
// named; against one honest replica, with no majority, the merge is
// refused naming both; a part done once where twice are asked is
// refused.
func TestReplicas(t *testing.T) {
	job, _, err := shard.NewJob("q.yaml", []byte(queens), []string{"board=9"}, shard.TaskCount, shard.Options{Backend: "exact", Symmetry: true}, 3)
	if err != nil {
		t.Fatal(err)
	}
	key := []byte("0123456789abcdef0123456789abcdef")
	one, two := runKeyed(t, job, 1, key), runKeyed(t, job, 2, key)
	merged, err := shard.Merge(append(append([]*shard.Record{}, one...), two...), shard.MergeOptions{Key: key, Replicas: 2})
	if err != nil || *merged.Result.Count != 352 || *merged.Result.Classes != 46 || len(merged.Outvoted) != 0 {
		t.Fatalf("two replicas: %v, %v; want 352 solutions in 46 classes (A000170, A002562), none outvoted", merged, err)
	}
	lie := copyRecords(t, two[1:2])[0]
	lie.Count = model.Int64(*lie.Count + 8)
	lie.Classes = model.Int64(*lie.Classes + 1)
	lie.From = "liar.jsonl:1"
	if err := lie.Seal(key); err != nil {
		t.Fatal(err)
	}
	third := runKeyed(t, job, 1, key)
	records := append(append(append([]*shard.Record{}, one...), third[0], third[2], lie), two[0], two[2], third[1])
	merged, err = shard.Merge(records, shard.MergeOptions{Key: key, Replicas: 3})
	if err != nil || *merged.Result.Count != 352 || len(merged.Outvoted) != 1 || !strings.Contains(merged.Outvoted[0], "liar.jsonl:1") {
		t.Fatalf("a liar among three replicas: %v, %v; want 352 and the liar outvoted", merged, err)
	}
	_, err = shard.Merge([]*shard.Record{one[0], one[1], one[2], two[0], lie, two[2]}, shard.MergeOptions{Key: key, Replicas: 2})
	if !errors.Is(err, shard.ErrMerge) || !strings.Contains(err.Error(), "no majority") || !strings.Contains(err.Error(), "liar.jsonl:1") {
		t.Errorf("a liar against one honest replica: merge says %v; want a refusal naming both", err)
	}
	_, err = shard.Merge([]*shard.Record{one[0], one[1], one[2], two[0], two[2]}, shard.MergeOptions{Key: key, Replicas: 2})
	if !errors.Is(err, shard.ErrMerge) || !strings.Contains(err.Error(), "part 1/3 not there twice") {
		t.Errorf("a part done once of two: merge says %v", err)
	}
}

// Parts of two builds are refused: another build may split the task into
// other parts. Replicas of every part by each build are compared instead,
// and merge.
func TestMergeTwoBuilds(t *testing.T) {
	job, _, err := shard.NewJob("q.yaml", []byte(queens), []string{"board=8"}, shard.TaskCount, shard.Options{Backend: "exact"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	run := func(build string) []*shard.Record {
		var recs []*shard.Record
		for k := range job.Of {
			rec, err := shard.Run(context.Background(), job, k, exact.New(), shard.RunOptions{Workers: 1, Build: build})
			if err != nil {
				t.Fatal(err)
			}
			recs = append(recs, rec)
		}
		return reread(t, recs)
	}
	a, b := run("aaaa"), run("bbbb")
	_, err = shard.Merge([]*shard.Record{a[0], b[1]}, shard.MergeOptions{})
	if !errors.Is(err, shard.ErrMerge) || !strings.Contains(err.Error(), `build "aaaa"`) || !strings.Contains(err.Error(), `"bbbb"`) {
		t.Errorf("parts of two builds: %v; want a refusal naming both", err)
	}
	merged, err := shard.Merge(append(a, b...), shard.MergeOptions{Replicas: 2})
	if err != nil || *merged.Result.Count != 92 {
		t.Errorf("replicas of two builds: %v, %v; want 92", merged, err)
	}
	if merged, err := shard.Merge([]*shard.Record{a[0], b[1]}, shard.MergeOptions{MixedBuilds: true}); err != nil || *merged.Result.Count != 92 {
		t.Errorf("parts of two builds taken with MixedBuilds: %v, %v; want 92", merged, err)
	}
}
