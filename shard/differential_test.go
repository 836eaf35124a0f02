package shard_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
	"github.com/chessmodel/chessmodel/sweep"
)

// A split of known counts merges to the one-process answer in every way
// it is cut, and an edit of one field of one part that makes the records
// inconsistent — in themselves or with their siblings — is refused, the
// part named by file and line. The edits are those of issue 36: counts
// negative, missing or overflowing; statuses that contradict the fields;
// classes above the count or missing; terms of Burnside's lemma below the
// count or off the group's order; an example or a value that is not the
// record's. An edit that keeps every record consistent (a count raised by
// one where nothing else tells) is no part of this test: records signed by
// who ran them are what catches those.
func TestMergeDifferential(t *testing.T) {
	cases := []struct {
		name, file string
		overrides  []string
		opts       shard.Options
		count      int64 // the published count (0: the one-process run's)
		classes    int64
	}{
		// OEIS A000170 and A002562
		{"8 queens", "n-queens.yaml", []string{"board=8"}, shard.Options{Backend: "exact"}, 92, 0},
		{"10 queens", "n-queens.yaml", []string{"board=10"}, shard.Options{Backend: "exact", Symmetry: true}, 724, 92},
		// 6x6 closed knight's tours (A001230) in 1,245 classes (docs/tour.md)
		{"closed tours 6x6", "knights-tour-closed.yaml", nil, shard.Options{Backend: "exact", Symmetry: true}, 9862, 1245},
		// an objective: only the parts of the best value add up
		{"least walls 10", "least-walls-10.yaml", nil, shard.Options{Backend: "exact", Symmetry: true}, 0, 0},
	}
	rng := rand.New(rand.NewPCG(36, 2026))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src, err := os.ReadFile("../testdata/models/" + c.file)
			if err != nil {
				t.Fatal(err)
			}
			whole := oneProcess(t, src, c.overrides, c.opts)
			if c.count != 0 && (*whole.Count != c.count || c.classes != 0 && *whole.Classes != c.classes) {
				t.Fatalf("one process: %d solutions, classes %v; want %d and %d", *whole.Count, whole.Classes, c.count, c.classes)
			}
			for _, of := range []int{2 + rng.IntN(3), 5 + rng.IntN(4)} {
				job, _, err := shard.NewJob(c.file, src, c.overrides, shard.TaskCount, c.opts, of)
				if err != nil {
					t.Fatal(err)
				}
				recs := runParts(t, 1, job)
				merged, err := shard.Merge(recs, shard.MergeOptions{})
				if err != nil {
					t.Fatalf("%d parts, unedited: %v", of, err)
				}
				if got := merged.Result; *got.Count != *whole.Count || !reflect.DeepEqual(got.Classes, whole.Classes) ||
					got.Status != whole.Status || !reflect.DeepEqual(got.Value, whole.Value) {
					t.Fatalf("%d parts: %v, %d solutions, classes %v, value %v; one process: %v, %d, %v, %v", of,
						got.Status, *got.Count, got.Classes, got.Value, whole.Status, *whole.Count, whole.Classes, whole.Value)
				}
				for _, e := range countEdits {
					refusesEdit(t, recs, e, rng)
				}
			}
		})
	}
}

// oneProcess is the one-process count of a model.
func oneProcess(t *testing.T, src []byte, overrides []string, opts shard.Options) *model.Result {
	t.Helper()
	m, err := model.Parse(src, "model.yaml", overrides...)
	if err != nil {
		t.Fatal(err)
	}
	res, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: opts.Symmetry, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// An edit changes one field of part k of records (and of a sibling for a
// sum that overflows); it says false when it does not apply to that part.
// named: the refusal names the edited part.
type edit struct {
	name  string
	named bool
	apply func(recs []*shard.Record, k int, rng *rand.Rand) bool
}

var countEdits = []edit{
	{"a negative count", true, func(recs []*shard.Record, k int, rng *rand.Rand) bool {
		recs[k].Count = model.Int64(-1 - rng.Int64N(100))
		return true
	}},
	{"no count", true, func(recs []*shard.Record, k int, _ *rand.Rand) bool {
		recs[k].Count = nil
		return true
	}},
	{"counts past 2^63-1", false, func(recs []*shard.Record, k int, _ *rand.Rand) bool {
		for j, r := range recs { // a sibling that adds up with part k: the same value
			if j != k && *r.Count > 0 && *recs[k].Count > 0 && reflect.DeepEqual(r.Value, recs[k].Value) {
				recs[k].Count, r.Count = model.Int64(math.MaxInt64), model.Int64(math.MaxInt64)
				return true
			}
		}
		return false
	}},
	{"infeasible with solutions", true, func(recs []*shard.Record, k int, _ *rand.Rand) bool {
		recs[k].Status = model.StatusInfeasible
		return *recs[k].Count > 0
	}},
	{"an answer without solutions", true, func(recs []*shard.Record, k int, _ *rand.Rand) bool {
		if *recs[k].Count != 0 {
			return false
		}
		recs[k].Status = model.StatusSatisfied
		return true
	}},
	{"a count that stopped short", true, func(recs []*shard.Record, k int, _ *rand.Rand) bool {
		recs[k].Status = model.StatusFeasible
		return true
	}},
	{"classes above the count", true, func(recs []*shard.Record, k int, rng *rand.Rand) bool {
		recs[k].Classes = model.Int64(*recs[k].Count + 1 + rng.Int64N(100_000))
		return recs[k].Burnside == nil
	}},
	{"no classes", true, func(recs []*shard.Record, k int, _ *rand.Rand) bool {
		ok := recs[k].Classes != nil
		recs[k].Classes = nil
		return ok
	}},
	{"fixed points below the count", true, func(recs []*shard.Record, k int, _ *rand.Rand) bool {
		b := recs[k].Burnside
		if b == nil || *recs[k].Count == 0 {
			return false
		}
		recs[k].Burnside = &shard.ClassTerms{Fixed: *recs[k].Count - 1, Order: b.Order}
		return true
	}},
	{"fixed points off the order", false, func(recs []*shard.Record, k int, rng *rand.Rand) bool {
		b := recs[k].Burnside
		if b == nil {
			return false
		}
		recs[k].Burnside = &shard.ClassTerms{Fixed: b.Fixed + 1 + rng.Int64N(b.Order-1), Order: b.Order}
		return true
	}},
	{"no example", true, func(recs []*shard.Record, k int, _ *rand.Rand) bool {
		ok := recs[k].Solution != nil
		recs[k].Solution = nil
		return ok
	}},
	{"a value its example does not have", true, func(recs []*shard.Record, k int, rng *rand.Rand) bool {
		if recs[k].Value == nil {
			return false
		}
		recs[k].Value = model.Int64(*recs[k].Value + 1 + rng.Int64N(3))
		return true
	}},
}

// refusesEdit applies an edit to a copy of the records, at a random part
// it applies to, and checks that merge refuses the copy.
func refusesEdit(t *testing.T, recs []*shard.Record, e edit, rng *rand.Rand) {
	t.Helper()
	for _, k := range rng.Perm(len(recs)) {
		edited := copyRecords(t, recs)
		if !e.apply(edited, k, rng) {
			continue
		}
		edited = reread(t, resealed(t, edited))
		_, err := shard.Merge(edited, shard.MergeOptions{})
		name := edited[k].From
		if !errors.Is(err, shard.ErrMerge) || e.named && !strings.Contains(err.Error(), name) {
			t.Errorf("%s in part %d/%d: merge says %v; want it refused, naming %s", e.name, k, len(recs), err, name)
		}
		return
	}
}

// resealed seals records again with the plain seal, as whoever edits a
// record can: the tests of what lies under the seal (TestSeal: the seal
// itself, keyed or not).
func resealed(t *testing.T, recs []*shard.Record) []*shard.Record {
	t.Helper()
	for _, r := range recs {
		if err := r.Seal(nil); err != nil {
			t.Fatal(err)
		}
	}
	return recs
}

// copyRecords copies records through their JSON.
func copyRecords(t *testing.T, recs []*shard.Record) []*shard.Record {
	t.Helper()
	out := make([]*shard.Record, len(recs))
	for i, r := range recs {
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = &shard.Record{}
		if err := json.Unmarshal(data, out[i]); err != nil {
			t.Fatal(err)
		}
		out[i].From = r.From
	}
	return out
}

// reread writes records as a file of JSON lines and reads it back.
func reread(t *testing.T, recs []*shard.Record) []*shard.Record {
	t.Helper()
	var lines bytes.Buffer
	for _, r := range recs {
		if err := json.NewEncoder(&lines).Encode(r); err != nil {
			t.Fatal(err)
		}
	}
	out, err := shard.Read("edited.jsonl", &lines)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The same for the half-board join, whose parts carry terms of Burnside's
// lemma: 16 queens, 14,772,512 solutions in 1,846,955 classes.
func TestMergeDifferentialJoin(t *testing.T) {
	if testing.Short() {
		t.Skip("16 queens: about 0.7 s of CPU")
	}
	job, _, err := shard.NewJob("q.yaml", []byte(queens), []string{"board=16"}, shard.TaskCount, shard.Options{Backend: "exact", Symmetry: true}, 3)
	if err != nil {
		t.Fatal(err)
	}
	recs := runParts(t, 1, job)
	if recs[0].Burnside == nil {
		t.Fatal("16 queens in parts: no terms of Burnside's lemma (the test is of the join's)")
	}
	rng := rand.New(rand.NewPCG(16, 36))
	for _, e := range countEdits {
		refusesEdit(t, recs, e, rng)
	}
}

// A sweep split of ways merges to the one-process table (the 2-wall
// blocked queens: 2016 boards in 278 classes), and an edit of its table
// that does not add up — a class added to a value, or to a value and the
// part's classes, a board added, an infeasible class added, a best class
// of another value — is refused, naming the part.
func TestMergeDifferentialSweep(t *testing.T) {
	src, err := os.ReadFile("../testdata/models/blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(src, "blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	whole, err := sweep.Run(context.Background(), m, exact.New(), sweep.Options{Walls: 2, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if whole.Boards != 2016 || whole.Classes != 278 {
		t.Fatalf("one process: %d boards in %d classes, want 2016 and 278", whole.Boards, whole.Classes)
	}
	rng := rand.New(rand.NewPCG(2, 278))
	for _, of := range []int{2 + rng.IntN(3), 5 + rng.IntN(5)} {
		job, _, err := shard.NewJob("blocked-0w.yaml", src, nil, shard.TaskSweep, shard.Options{Backend: "exact", Walls: 2}, of)
		if err != nil {
			t.Fatal(err)
		}
		recs := runParts(t, 1, job)
		merged, err := shard.Merge(recs, shard.MergeOptions{})
		if err != nil {
			t.Fatalf("%d parts, unedited: %v", of, err)
		}
		if got := merged.Sweep; got.Classes != whole.Classes || got.Boards != whole.Boards || !reflect.DeepEqual(got.Values, whole.Values) {
			t.Fatalf("%d parts: %d classes, %d boards, %v; one process %d, %d, %v", of, got.Classes, got.Boards, got.Values, whole.Classes, whole.Boards, whole.Values)
		}
		for _, e := range sweepEdits {
			refusesEdit(t, recs, e, rng)
		}
	}
}

var sweepEdits = []edit{
	{"a class added to a value", true, func(recs []*shard.Record, k int, rng *rand.Rand) bool {
		vs := recs[k].Sweep.Values
		vs[rng.IntN(len(vs))].Classes++
		return true
	}},
	{"a class added to a value and the part", true, func(recs []*shard.Record, k int, rng *rand.Rand) bool {
		s := recs[k].Sweep
		b := &s.Values[rng.IntN(len(s.Values))]
		b.Classes++
		b.Boards++
		s.Classes++
		recs[k].Classes = model.Int64(s.Classes)
		return true
	}},
	{"a board added", true, func(recs []*shard.Record, k int, rng *rand.Rand) bool {
		vs := recs[k].Sweep.Values
		vs[rng.IntN(len(vs))].Boards++
		return true
	}},
	{"an infeasible class added", true, func(recs []*shard.Record, k int, _ *rand.Rand) bool {
		s := recs[k].Sweep
		s.Infeasible++
		s.InfeasibleBoards++
		s.Classes++
		recs[k].Classes = model.Int64(s.Classes)
		return true
	}},
	{"a best class of another value", true, func(recs []*shard.Record, k int, _ *rand.Rand) bool {
		s := recs[k].Sweep
		s.Best.Value--
		recs[k].Value = model.Int64(s.Best.Value)
		return true
	}},
	{"a class of a new value added", true, func(recs []*shard.Record, k int, _ *rand.Rand) bool {
		s := recs[k].Sweep
		s.Values = append(s.Values, sweep.Bucket{Value: 12, Classes: 1, Boards: 8})
		s.Classes++
		recs[k].Classes = model.Int64(s.Classes)
		return true
	}},
}
