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
		if err := checkShares(m, parts); err != nil { // consistent.go
			return nil, fmt.Errorf("%w: %w", ErrMerge, err)
		}
		var sums []*sweep.Summary
		for _, r := range parts {
			sums = append(sums, r.Sweep)
		}
		if out.Sweep, err = sweep.Merge(sums, minimizes(m)); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrMerge, err)
		}
		return out, nil
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
	if out.Result, err = mergeCount(m, parts); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMerge, err)
	}
	if classes, err := classesByBurnside(parts); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMerge, err)
	} else if classes != nil {
		out.Result.Classes = classes
	}
	if err := wholeClasses(m, out.Result); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMerge, err)
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

// checkPart checks a part before it is added: consistent in itself
// (consistent.go), with an example the checker accepts.
func checkPart(r *Record, m *model.Model) error {
	if err := consistent(r, m); err != nil {
		return err
	}
	if r.Task == TaskSweep {
		if best := r.Sweep.Best; best != nil {
			return checked(m.WithWalls(best.Walls), best.Solution, best.Value)
		}
		return nil
	}
	if r.Solution == nil {
		return nil
	}
	return checked(m, r.Solution, *r.Value) // consistent: a solution has its value
}

// checked checks an example with the checker, and that it has the value
// its record claims.
func checked(m *model.Model, s *model.Solution, value int64) error {
	if s == nil {
		return errors.New("a class without a solution")
	}
	report := model.Check(m, s)
	if !report.Valid {
		return fmt.Errorf("its example is refused by the checker: %s", strings.Join(report.Problems, "; "))
	}
	if report.Value != value {
		return fmt.Errorf("its example has value %d, the record claims %d", report.Value, value)
	}
	return nil
}

// mergeCount adds up the counts of the parts. With an objective each part
// counts the optimal solutions of its own part, so only the parts of the
// best value add up.
func mergeCount(m *model.Model, parts []*Record) (*model.Result, error) {
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
	var err error
	if res.Count, err = sum(parts, optimum, "solutions", func(r *Record) *int64 { return r.Count }); err != nil {
		return nil, err
	}
	if res.Classes, err = sum(parts, optimum, "classes", func(r *Record) *int64 { return r.Classes }); err != nil {
		return nil, err
	}
	if best != nil {
		res.Status, res.Value, res.Solution = best.Status, best.Value, best.Solution
	}
	return res, nil
}

// wholeClasses checks the merged classes against the merged count: from
// count/|G| (an orbit holds at most |G| solutions) to the count.
func wholeClasses(m *model.Model, res *model.Result) error {
	if res.Classes == nil || res.Count == nil {
		return nil
	}
	classes, count, group := *res.Classes, *res.Count, int64(len(m.FullSymmetries()))
	if least := count/group + min(count%group, 1); classes > count || classes < least {
		return fmt.Errorf("the parts add up to %d classes of %d solutions: expected from %d (a class holds at most %d) to %d",
			classes, count, least, group, count)
	}
	return nil
}

// sum adds up a field of the parts whose value is the optimum (of every
// part when optimum is nil); nil when a part lacks it, an error when the
// sum passes 2^63-1.
func sum(parts []*Record, optimum *int64, what string, field func(*Record) *int64) (*int64, error) {
	var total int64
	for _, r := range parts {
		v := field(r)
		if v == nil {
			return nil, nil
		}
		if optimum != nil && (r.Value == nil || *r.Value != *optimum) {
			continue
		}
		var ok bool
		if total, ok = model.AddCounts(total, *v); !ok {
			return nil, fmt.Errorf("the parts' %s add up past 2^63-1 (at %s)", what, r.Name())
		}
	}
	return &total, nil
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
