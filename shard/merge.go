package shard

import (
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// Merged is the answer of every part of a job added up: Result for a
// count, Sweep for a sweep, as the one-process run gives them (seconds are
// the parts' sum).
type Merged struct {
	Job    *Job
	Model  *model.Model
	Result *model.Result
	Sweep  *sweep.Summary
}

// ErrMerge is wrapped by every refusal of Merge: a missing, duplicated or
// foreign part, or a part whose example the checker refuses.
var ErrMerge = errors.New("shard: cannot merge")

// Merge checks that the records are the parts of one job, each exactly
// once, and adds them up. The job is the one most records belong to; a
// record of another is foreign.
func Merge(records []*Record) (*Merged, error) {
	parts, err := collect(records)
	if err != nil {
		return nil, err
	}
	job := &parts[0].Job
	m, err := job.ParseModel()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrMerge, parts[0].Name(), err)
	}
	parsed := map[string]bool{parts[0].Source + strings.Join(parts[0].Overrides, "\n"): true}
	for _, r := range parts {
		// a record carries its model: each text is checked against the digest
		if text := r.Source + strings.Join(r.Overrides, "\n"); !parsed[text] {
			if _, err := r.ParseModel(); err != nil {
				return nil, fmt.Errorf("%w: %s: %w", ErrMerge, r.Name(), err)
			}
			parsed[text] = true
		}
		if err := checkPart(r, m); err != nil {
			return nil, fmt.Errorf("%w: %s: %w", ErrMerge, r.Name(), err)
		}
	}
	out := &Merged{Job: job, Model: m}
	if job.Task == TaskSweep {
		var sums []*sweep.Summary
		for _, r := range parts {
			sums = append(sums, r.Sweep)
		}
		out.Sweep, err = sweep.Merge(sums, minimizes(m))
		return out, err
	}
	if job.Task == TaskSolve {
		if out.Result, err = mergeSolve(m, parts); err != nil { // proof.go
			return nil, fmt.Errorf("%w: %w", ErrMerge, err)
		}
		return out, model.Verify(m, out.Result)
	}
	if err := sameEngine(parts); err != nil { // burnside.go
		return nil, fmt.Errorf("%w: %w", ErrMerge, err)
	}
	out.Result = mergeCount(m, parts)
	if classes, err := classesByBurnside(parts); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMerge, err)
	} else if classes != nil {
		out.Result.Classes = classes
	}
	if err := model.Verify(m, out.Result); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMerge, err)
	}
	return out, nil
}

// collect picks the job most records belong to and returns its parts in
// index order, refusing a foreign, duplicated or missing one.
func collect(records []*Record) ([]*Record, error) {
	if len(records) == 0 {
		return nil, fmt.Errorf("%w: no records", ErrMerge)
	}
	type key struct {
		digest, task string
		options      Options
		of           int
	}
	keyOf := func(r *Record) key { return key{r.Digest, r.Task, r.Options, r.Of} }
	votes := map[key]int{}
	for _, r := range records {
		votes[keyOf(r)]++
	}
	ref := records[0]
	for _, r := range records {
		if votes[keyOf(r)] > votes[keyOf(ref)] {
			ref = r
		}
	}
	parts := make([]*Record, ref.Of)
	for _, r := range records {
		switch {
		case !r.Job.same(&ref.Job):
			return nil, fmt.Errorf("%w: %s is foreign: it is a part of %s, the others of %s", ErrMerge, r.Name(), &r.Job, &ref.Job)
		case r.Shard < 0 || r.Shard >= r.Of:
			return nil, fmt.Errorf("%w: %s: no such part of %d", ErrMerge, r.Name(), r.Of)
		case parts[r.Shard] != nil:
			return nil, fmt.Errorf("%w: part %d/%d is there twice: %s and %s", ErrMerge, r.Shard, r.Of, parts[r.Shard].From, r.From)
		}
		parts[r.Shard] = r
	}
	var missing []string
	for k, r := range parts {
		if r == nil {
			missing = append(missing, fmt.Sprintf("%d/%d", k, ref.Of))
		}
	}
	if len(missing) > 0 {
		what := "part"
		if len(missing) > 1 {
			what = "parts"
		}
		return nil, fmt.Errorf("%w: %s %s missing (of %s)", ErrMerge, what, strings.Join(missing, ", "), &ref.Job)
	}
	return parts, nil
}

// checkPart checks a part before it is added: an answer, and an example
// the checker accepts.
func checkPart(r *Record, m *model.Model) error {
	if r.Status == model.StatusUnknown {
		return errors.New("the part stopped before its end (status unknown)")
	}
	if r.Task == TaskSweep {
		if r.Sweep == nil || !r.Sweep.Complete {
			return errors.New("no complete sweep in the record")
		}
		if best := r.Sweep.Best; best != nil {
			return checked(m.WithWalls(best.Walls), best.Solution)
		}
		return nil
	}
	if r.Solution == nil {
		return nil
	}
	return checked(m, r.Solution)
}

func checked(m *model.Model, s *model.Solution) error {
	if s == nil {
		return errors.New("a class without a solution")
	}
	if report := model.Check(m, s); !report.Valid {
		return fmt.Errorf("its example is refused by the checker: %s", strings.Join(report.Problems, "; "))
	}
	return nil
}

// mergeCount adds up the counts of the parts. With an objective each part
// counts the optimal solutions of its own part, so only the parts of the
// best value add up.
func mergeCount(m *model.Model, parts []*Record) *model.Result {
	first := parts[0]
	res := &model.Result{Model: m.Name, Kind: m.Kind.String(), Task: model.TaskCount, Backend: first.Options.Backend,
		Status: model.StatusInfeasible, Stats: model.Stats{Extra: maps.Clone(first.Extra)}}
	if res.Stats.Extra == nil {
		res.Stats.Extra = map[string]any{}
	}
	var best *Record
	for _, r := range parts {
		res.Stats.Nodes += r.Nodes
		res.Stats.Seconds += r.Seconds
		if r.Status == model.StatusInfeasible || r.Count != nil && *r.Count == 0 {
			continue
		}
		if best == nil || r.Value != nil && best.Value != nil && better(m, *r.Value, *best.Value) {
			best = r
		}
	}
	var optimum *int64 // the value whose parts add up; nil: every part
	if best != nil && m.Optimizes() {
		optimum = best.Value
	}
	res.Count = sum(parts, optimum, func(r *Record) *int64 { return r.Count })
	res.Classes = sum(parts, optimum, func(r *Record) *int64 { return r.Classes })
	if best != nil {
		res.Status, res.Value, res.Solution = best.Status, best.Value, best.Solution
	}
	return res
}

// sum adds up a field of the parts whose value is the optimum (of every
// part when optimum is nil); nil when a part lacks it.
func sum(parts []*Record, optimum *int64, field func(*Record) *int64) *int64 {
	var total int64
	for _, r := range parts {
		v := field(r)
		if v == nil {
			return nil
		}
		if optimum != nil && (r.Value == nil || *r.Value != *optimum) {
			continue
		}
		total += *v
	}
	return &total
}

func minimizes(m *model.Model) bool {
	return m.Kind == model.KindSlide || m.Objective.Sense == model.Minimize
}

func better(m *model.Model, a, b int64) bool {
	if minimizes(m) {
		return a < b
	}
	return a > b
}

// Check checks one record of a job as an engine receives it, before it is
// kept: a part of this job (model digest, task, options, number of parts)
// with an answer and an example the checker accepts (m is the job's model).
func Check(job *Job, m *model.Model, r *Record) error {
	switch {
	case !r.Job.same(job):
		return fmt.Errorf("%w: %s is foreign: it is a part of %s, not of %s", ErrMerge, r.Name(), &r.Job, job)
	case r.Shard < 0 || r.Shard >= job.Of:
		return fmt.Errorf("%w: %s: no such part of %d", ErrMerge, r.Name(), job.Of)
	}
	if err := checkPart(r, m); err != nil {
		return fmt.Errorf("%w: %s: %w", ErrMerge, r.Name(), err)
	}
	return nil
}
