package shard

import (
	"errors"
	"fmt"

	"strings"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// Merged is the answer of every part of a job added up: Result for a
// count, Sweep for a sweep, as the one-process run gives them (seconds are
// the parts' sum). Outvoted names the records of parts done more than
// once that disagreed with the majority of their part's (replicas.go).
type Merged struct {
	Job      *Job
	Model    *model.Model
	Result   *model.Result
	Sweep    *sweep.Summary
	Outvoted []string
}

// ErrMerge is wrapped by every refusal of Merge: a missing, duplicated or
// foreign part, a record whose seal does not match, one inconsistent in
// itself or with its siblings, or a part whose example the checker
// refuses.
var ErrMerge = errors.New("shard: cannot merge")

// MergeOptions say what Merge expects of the records.
type MergeOptions struct {
	// Key is the job's key: every record must be sealed with it. Nil: every
	// record has the plain seal.
	Key []byte
	// Replicas is how many records of each part there are, by different
	// runs (0 is 1): their answers must agree, or a majority decide.
	Replicas int
	// MixedBuilds takes parts of several builds (Record.Build), which are
	// refused otherwise: for a long job run over builds whose task lists
	// are known to be the same (a part done by two of them and compared,
	// with Replicas, is the way to know).
	MixedBuilds bool
}

// Merge checks that the records are the parts of one job, each exactly
// opts.Replicas times, sealed as opts.Key says, and adds them up. The job
// is the one most records belong to; a record of another is foreign.
func Merge(records []*Record, opts MergeOptions) (*Merged, error) {
	for _, r := range records {
		if err := r.CheckSeal(opts.Key); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrMerge, err)
		}
	}
	copies, err := collect(records, max(opts.Replicas, 1))
	if err != nil {
		return nil, err
	}
	if opts.Replicas <= 1 && !opts.MixedBuilds {
		if err := oneBuild(records); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrMerge, err)
		}
	}
	first := copies[0][0]
	m, err := first.ParseModel()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrMerge, first.Name(), err)
	}
	parsed := map[string]bool{first.Source + strings.Join(first.Overrides, "\n"): true}
	for _, part := range copies {
		for _, r := range part {
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
	}
	parts, outvoted, err := agree(copies) // replicas.go
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMerge, err)
	}
	out, err := mergeParts(m, parts)
	if err != nil {
		return nil, err
	}
	out.Outvoted = outvoted
	return out, nil
}

// mergeParts adds up the parts, one record each, of the job's model m.
func mergeParts(m *model.Model, parts []*Record) (*Merged, error) {
	var err error
	job := &parts[0].Job
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
// index order, each with its replicas records, refusing a foreign one, a
// part with more or fewer.
func collect(records []*Record, replicas int) ([][]*Record, error) {
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
	parts := make([][]*Record, ref.Of)
	for _, r := range records {
		switch {
		case !r.Job.same(&ref.Job):
			return nil, fmt.Errorf("%w: %s is foreign: it is a part of %s, the others of %s", ErrMerge, r.Name(), &r.Job, &ref.Job)
		case r.Shard < 0 || r.Shard >= r.Of:
			return nil, fmt.Errorf("%w: %s: no such part of %d", ErrMerge, r.Name(), r.Of)
		case len(parts[r.Shard]) == replicas:
			return nil, fmt.Errorf("%w: part %d/%d is there %s: %s and %s", ErrMerge, r.Shard, r.Of, times(replicas+1), froms(parts[r.Shard]), r.From)
		}
		parts[r.Shard] = append(parts[r.Shard], r)
	}
	var missing []string
	for k, rs := range parts {
		if len(rs) < replicas {
			missing = append(missing, fmt.Sprintf("%d/%d", k, ref.Of))
		}
	}
	if len(missing) > 0 {
		what := "part"
		if len(missing) > 1 {
			what = "parts"
		}
		if replicas > 1 {
			return nil, fmt.Errorf("%w: %s %s not there %s (of %s)", ErrMerge, what, strings.Join(missing, ", "), times(replicas), &ref.Job)
		}
		return nil, fmt.Errorf("%w: %s %s missing (of %s)", ErrMerge, what, strings.Join(missing, ", "), &ref.Job)
	}
	return parts, nil
}

func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

func froms(rs []*Record) string {
	var out []string
	for _, r := range rs {
		out = append(out, r.From)
	}
	return strings.Join(out, ", ")
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
	res := model.NewResult(m, model.TaskCount, first.Options.Backend)
	res.Status = model.StatusInfeasible
	if err := first.statsInto(&res.Stats); err != nil {
		return nil, err
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
// kept: sealed with the job's key (nil: the plain seal), a part of this
// job (model digest, task, options, number of parts), consistent in
// itself, with an example the checker accepts (m is the job's model).
func Check(job *Job, m *model.Model, r *Record, key []byte) error {
	if err := r.CheckSeal(key); err != nil {
		return err
	}
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

// oneBuild refuses the parts of two builds: another build may split the
// task into other parts, so that parts of two need not add up. (Replicas
// of a part by two builds are compared instead: where the builds split
// otherwise, their answers differ.)
func oneBuild(records []*Record) error {
	for _, r := range records {
		if r.Build != records[0].Build {
			return fmt.Errorf("%s was run by build %q and %s by %q: parts of two builds may split the task otherwise; run every part with one build, compare two builds part by part with merge --replicas, or take both with --mixed-builds",
				records[0].Name(), records[0].Build, r.Name(), r.Build)
		}
	}
	return nil
}
