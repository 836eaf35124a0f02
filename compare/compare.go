package compare

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// Verdict is what a row of the comparison concludes.
type Verdict int

const (
	// Agree: every backend answered completely, every solution was verified,
	// and the answers are the same.
	Agree Verdict = iota
	// Incomplete: some backend could not do the task or ran out of time; the
	// others' answers are shown but nothing is claimed.
	Incomplete
	// Disagree: two complete answers differ.
	Disagree
	// Failed: a backend returned a solution the checker rejects, or failed.
	Failed
)

func (v Verdict) String() string {
	return [...]string{"agree", "incomplete", "DISAGREE", "FAILED"}[v]
}

// MarshalText writes the verdict's name.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// An Answer is one backend's answer to one task on one model.
type Answer struct {
	Backend  string       `json:"backend"`
	Status   model.Status `json:"status"`
	Value    *int64       `json:"value,omitempty"`
	Count    *int64       `json:"count,omitempty"`
	Classes  *int64       `json:"classes,omitempty"`
	Verified bool         `json:"verified"`
	Seconds  float64      `json:"seconds"`
	// Problem says why the backend gave no usable answer, and Error how.
	Problem Problem `json:"problem,omitempty"`
	Error   string  `json:"error,omitempty"`
}

// Problem classifies an answer that cannot be compared.
type Problem string

const (
	Unsupported Problem = "unsupported" // the backend cannot do this task on this model
	TimedOut    Problem = "timeout"     // stopped by the timeout before a complete answer
	Interrupted Problem = "interrupted" // stopped by the caller (a signal, a cancelled context) before a complete answer
	Crashed     Problem = "failed"      // the backend returned an error
	Invalid     Problem = "invalid"     // the checker rejected the backend's solution or value
)

// complete reports whether the answer can be compared.
func (a Answer) complete() bool { return a.Problem == "" }

// A Row is the comparison of every backend on one task of one model.
type Row struct {
	Model   string     `json:"model"`
	File    string     `json:"file,omitempty"`
	Task    model.Task `json:"task"`
	Answers []Answer   `json:"answers"`
	Verdict Verdict    `json:"verdict"`
	Reason  string     `json:"reason,omitempty"`
}

// Options tune a comparison.
type Options struct {
	// Timeout bounds each backend's work on each task (0: no bound).
	Timeout time.Duration
	// Symmetry asks count to compare classes up to symmetry too.
	Symmetry bool
	// DistinctWalls asks count to count distinct wall sets (boards).
	DistinctWalls bool
	// MaxMemory is passed on to every backend (model.Options.MaxMemory).
	MaxMemory int64
}

// Run asks every solver to do task on m, checks every solution with the
// model's checker, and compares the answers.
func Run(ctx context.Context, m *model.Model, solvers []model.Solver, task model.Task, opts Options) Row {
	row := Row{Model: m.Name, File: m.Source, Task: task}
	for _, s := range solvers {
		row.Answers = append(row.Answers, ask(ctx, m, s, task, opts))
	}
	row.Verdict, row.Reason = judge(m, task, opts, row.Answers)
	return row
}

// ask runs one backend under the per-task timeout through model.Run, and
// says what its answer lacks, if anything.
func ask(ctx context.Context, m *model.Model, s model.Solver, task model.Task, opts Options) Answer {
	a := Answer{Backend: s.Name()}
	parent := ctx
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	counting := task == model.TaskCount
	solveOpts := model.Options{Task: task, Symmetry: opts.Symmetry && counting, DistinctWalls: opts.DistinctWalls && counting, MaxMemory: opts.MaxMemory}
	start := time.Now()
	res, err := model.Run(ctx, s, m, solveOpts)
	a.Seconds = time.Since(start).Seconds()
	if res != nil {
		// A stopped solve with a verified solution keeps the status
		// model.Run settled on (feasible, or satisfied without an
		// objective), as the command line says; it is still no complete
		// answer (TimedOut or Interrupted below).
		a.Status, a.Value, a.Count, a.Classes, a.Verified = res.Status, res.Value, res.Count, res.Classes, res.Verified
	}
	var invalid *model.InvalidSolutionError
	refused := errors.As(err, &invalid) && res != nil // by the checker, in model.Run
	interrupted := parent.Err() != nil
	switch {
	case refused && interrupted && res.Status == model.StatusUnknown:
		a.Problem, a.Error = Interrupted, "interrupted before a complete answer"
	case refused:
		a.Problem, a.Error = Invalid, err.Error()
	case interrupted && (err != nil || res.Stopped):
		a.Problem, a.Error = Interrupted, "interrupted before a complete answer"
		if err != nil {
			a.Error += ": " + err.Error()
		}
	case errors.Is(err, model.ErrUnsupported):
		a.Problem, a.Error = Unsupported, err.Error()
	case err != nil:
		a.Problem, a.Error = Crashed, err.Error()
	case res.Stopped:
		a.Problem, a.Error = TimedOut, fmt.Sprintf("no complete answer within %v", roundDuration(opts.Timeout))
	case res.Status == model.StatusFeasible:
		a.Problem, a.Error = TimedOut, "a solution not proven optimal"
	}
	return a
}

// judge compares complete answers: feasibility always; the optimal value
// when the model has an objective; counts and classes for count.
func judge(m *model.Model, task model.Task, opts Options, answers []Answer) (Verdict, string) {
	for _, a := range answers {
		if a.Problem == Invalid || a.Problem == Crashed {
			return Failed, fmt.Sprintf("%s %s: %s", a.Backend, a.Problem, a.Error)
		}
	}
	var complete []Answer
	var missing []string
	for _, a := range answers {
		if a.complete() {
			complete = append(complete, a)
		} else {
			missing = append(missing, fmt.Sprintf("%s %s: %s", a.Backend, a.Problem, a.Error))
		}
	}
	for i := 1; i < len(complete); i++ {
		if why := differ(m, task, opts, complete[0], complete[i]); why != "" {
			return Disagree, why
		}
	}
	if len(missing) > 0 || len(complete) < 2 {
		reason := "fewer than two complete answers"
		if len(missing) > 0 {
			reason = missing[0]
		}
		return Incomplete, reason
	}
	return Agree, ""
}

// differ says how two complete answers differ, or "". Statuses are compared
// exactly: every backend says satisfied, optimal or infeasible alike (see
// model.SettleStatus).
func differ(m *model.Model, task model.Task, opts Options, a, b Answer) string {
	if a.Status != b.Status {
		return fmt.Sprintf("%s says %s, %s says %s", a.Backend, a.Status, b.Backend, b.Status)
	}
	if a.Status == model.StatusInfeasible {
		return "" // both infeasible: nothing more to compare
	}
	switch task {
	case model.TaskSolve:
		if m.Kind == model.KindPlace && m.Objective.Sense == model.Fixed {
			return "" // any feasible solution will do; values may differ
		}
		if !equal(a.Value, b.Value) {
			return fmt.Sprintf("value: %s %s, %s %s", a.Backend, show(a.Value), b.Backend, show(b.Value))
		}
	case model.TaskCount:
		if !equal(a.Count, b.Count) {
			return fmt.Sprintf("count: %s %s, %s %s", a.Backend, show(a.Count), b.Backend, show(b.Count))
		}
		if opts.Symmetry && !equal(a.Classes, b.Classes) {
			return fmt.Sprintf("classes: %s %s, %s %s", a.Backend, show(a.Classes), b.Backend, show(b.Classes))
		}
	}
	return ""
}

// roundDuration rounds a bound for people: to the millisecond below a
// second, to the tenth of a second above (a share of a bound, 2s/3, reads
// 667ms, not 666.666666ms).
func roundDuration(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(100 * time.Millisecond)
}

func equal(a, b *int64) bool { return (a == nil && b == nil) || (a != nil && b != nil && *a == *b) }

func show(v *int64) string {
	if v == nil {
		return "none"
	}
	return fmt.Sprint(*v)
}
