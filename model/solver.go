package model

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"time"
)

// A Solver is a backend: it answers a Task on a Model.
type Solver interface {
	// Name is the backend's name as shown to users: "exact", "ilp".
	Name() string
	// Solve performs opts.Task. A backend that cannot do the task on this model
	// returns an error wrapping ErrUnsupported, never a wrong answer. When ctx
	// ends first it returns a Result with Status Unknown and what it had found.
	Solve(ctx context.Context, m *Model, opts Options) (*Result, error)
}

// ErrUnsupported is wrapped by errors of backends that cannot do a task.
var ErrUnsupported = errors.New("not supported by this backend")

// Task is what a solver is asked to do.
type Task int

const (
	TaskSolve     Task = iota // one optimal (or feasible) solution
	TaskCount                 // the number of (optimal) solutions
	TaskEnumerate             // every (optimal) solution, streamed
)

func (t Task) String() string { return [...]string{"solve", "count", "enumerate"}[t] }

// MarshalText writes the task's name.
func (t Task) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// Options tune a Solve call.
type Options struct {
	Task Task
	// Symmetry asks Count to also count classes up to the model's symmetry group.
	Symmetry bool
	// DistinctWalls asks Count for the number of distinct wall sets instead of
	// whole solutions.
	DistinctWalls bool
	// Emit receives each solution of TaskEnumerate, in the order found, which
	// is the same on every run and any number of workers (so the first N are
	// well defined); an error from it stops the search and is returned.
	Emit func(Solution) error
	// Progress, when set, is called now and then with a fraction done in [0,1]
	// (negative when unknown) and a short account.
	Progress func(done float64, note string)
	// Workers bounds the goroutines a backend may use; 0 means all cores.
	// Backends take WorkerCount(Workers): a request above MaxWorkers runs
	// on MaxWorkers goroutines (answers are the same on any number).
	Workers int
	// MaxMemory bounds the bytes a backend may plan to allocate for the
	// model: each backend estimates what it will build before it builds it
	// and refuses with an error wrapping ErrTooLarge above the bound. 0 means
	// DefaultMaxMemory, a negative value no bound.
	MaxMemory int64
	// MaxMoves bounds the moves a backend that searches a slide step by
	// step tries (the ILP's horizons); past it the answer is unknown, with
	// "more than MaxMoves moves" as its bound. 0 means the backend's default.
	MaxMoves int
	// SolverOptions are passed through to the command line of an external
	// solver backend (cbc, glpsol, lp_solve); the built-in backends take none.
	SolverOptions []string
	// Shard, when Of > 0, asks Count to do one part of its work: the tasks
	// whose index in the backend's task list is Index modulo Of. The task
	// list is deterministic (the same from the model and options alone, on
	// every machine and any number of workers), so the Of parts of one
	// model and options are disjoint and cover the whole: their counts,
	// classes and nodes add up to the one-process run's. A backend or a
	// search that cannot split its work refuses a shard with ErrUnsupported.
	// A solve whose search splits its proof (the exact backend's fewest
	// pieces that cover) runs one part of it instead: see package shard.
	Shard Shard

	// Intermediate solutions (solve --intermediate). Improved, when set,
	// hears each solution of TaskSolve better than the ones before it as
	// the backend finds it, with the bound proven so far. Backends may call
	// it from any goroutine and with values that are no better: wrap the
	// listener with Improving. A backend that finds only its final
	// solution reports that one.
	Improved func(Incumbent)

	// Checkpoint, when set, is a directory in which a long analysis that
	// can pause saves where it stands, every CheckpointEvery (0: only
	// when stopped) and when its context ends, and from which it resumes
	// when it starts: a run in parts, one run each. Only the exact
	// backend's retrograde analysis of a game (explore) reads it; the
	// command line refuses it elsewhere.
	Checkpoint      string
	CheckpointEvery time.Duration
}

// A Shard names one part of a task split Of ways: Index is 0..Of-1. The
// zero value is the whole task.
type Shard struct {
	Index, Of int
}

// Active reports whether s names a part rather than the whole.
func (s Shard) Active() bool { return s.Of > 0 }

// Owns reports whether task number t of a deterministic task list belongs
// to s (every task belongs to the whole).
func (s Shard) Owns(t int) bool { return s.Of <= 0 || t%s.Of == s.Index }

// Validate says what is wrong with a shard that names no part.
func (s Shard) Validate() error {
	if s.Of < 0 || (s.Of > 0 && (s.Index < 0 || s.Index >= s.Of)) {
		return fmt.Errorf("shard %d of %d: want 0 <= index < count", s.Index, s.Of)
	}
	return nil
}

// MaxWorkers is the most goroutines one task runs on, whatever is asked.
// Searches are CPU-bound and answer the same on any number of workers, so
// more goroutines than cores only cost memory (each has its own search
// state, and counting splits the work into tasks in proportion to the
// workers); 1024 is above the cores of any machine this runs on.
const MaxWorkers = 1024

// WorkerCount is the number of goroutines a task asked for requested
// workers runs on: every core for 0 or less, and at most MaxWorkers.
func WorkerCount(requested int) int {
	if requested <= 0 {
		requested = runtime.NumCPU()
	}
	return min(requested, MaxWorkers)
}

// DefaultMaxMemory is the memory bound of Options.MaxMemory when it is 0.
const DefaultMaxMemory = 512 << 20

// ErrTooLarge is wrapped by the errors of backends that refuse a model whose
// estimated size is above Options.MaxMemory. It wraps ErrUnsupported (the
// backend does not answer) without saying so: the CLI reports it as bad
// input, which --max-memory lifts, not as a task the backend cannot do.
var ErrTooLarge error = tooLarge{}

type tooLarge struct{}

func (tooLarge) Error() string { return "too large for the memory bound (raise it with --max-memory)" }
func (tooLarge) Unwrap() error { return ErrUnsupported }

// MemoryLimit is the bound MaxMemory sets, in bytes: DefaultMaxMemory for 0
// and the largest int64 when negative.
func (o Options) MemoryLimit() int64 { return MemoryLimit(o.MaxMemory) }

// MemoryLimit turns a MaxMemory value into a bound in bytes.
func MemoryLimit(maxMemory int64) int64 {
	switch {
	case maxMemory == 0:
		return DefaultMaxMemory
	case maxMemory < 0:
		return math.MaxInt64
	}
	return maxMemory
}

// Status is the outcome of a solve.
type Status int

// The statuses. On a model with an objective (a placement that maximises
// or minimises, or a slide: fewest moves) a complete answer is optimal and
// one not proven optimal is feasible; on a model without one (a placement
// of fixed counts, a tour) a complete answer with solutions is satisfied,
// as MiniZinc says, from every backend (SettleStatus). Infeasible: no
// solution at all; unknown: stopped before an answer.
const (
	StatusUnknown Status = iota // stopped before an answer (timeout, cancel)
	StatusOptimal
	StatusFeasible
	StatusInfeasible
	StatusSatisfied
)

func (s Status) String() string {
	return [...]string{"unknown", "optimal", "feasible", "infeasible", "satisfied"}[s]
}

// MarshalText writes the status's name.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a status name.
func (s *Status) UnmarshalText(b []byte) error {
	for v := StatusUnknown; v <= StatusSatisfied; v++ {
		if v.String() == string(b) {
			*s = v
			return nil
		}
	}
	return fmt.Errorf("unknown status %q", b)
}

// Result is a backend's answer. The JSON field names are part of the CLI
// contract.
type Result struct {
	Model    string    `json:"model"`
	Kind     string    `json:"kind"`
	Task     Task      `json:"task"`
	Backend  string    `json:"backend"`
	Status   Status    `json:"status"`
	Value    *int64    `json:"value,omitempty"`
	Count    *int64    `json:"count,omitempty"`
	Classes  *int64    `json:"classes,omitempty"`
	Solution *Solution `json:"solution,omitempty"`
	// Game is the answer about a game model (game_result.go); nil otherwise.
	Game *GameResult `json:"game,omitempty"`
	// Verified is set when the checker has accepted Solution (see Verify).
	Verified bool  `json:"verified"`
	Stats    Stats `json:"stats"`
	// Stopped is set by Run when the backend stopped before a complete
	// answer (it said unknown), whatever status Run then settled on: a
	// stopped solve with a verified solution is feasible and stopped.
	Stopped bool `json:"-"`
}

// Int64 returns a pointer to v, for the optional fields of Result.
func Int64(v int64) *int64 { return &v }

// AddCounts adds two counts, and reports false when the sum passes the
// int64 range (a count of a part is never negative: merge refuses one).
func AddCounts(a, b int64) (int64, bool) {
	s := a + b
	return s, (s >= a) == (b >= 0)
}
