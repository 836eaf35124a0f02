package cli

import (
	"fmt"
	"io"
	"sync"

	"github.com/chessmodel/chessmodel/model"
)

// errLimitReached is what enumerate's Emit returns when a solution beyond
// --limit arrives: the backend stops at once, and the solution, though not
// printed, proves that more exist. model.Run takes it for a stop.
var errLimitReached = fmt.Errorf("more solutions than --limit: %w", model.ErrEnough)

// enumeration prints the solutions a backend emits, verified, one JSON line
// each, and enforces --limit. The limit is applied here, where solutions are
// printed, not by cancelling the backend's context: a backend polls its
// context only now and then, and whatever it emits after a cancellation
// would otherwise be printed too. Backends emit in a fixed order (the exact
// backend's enumeration is one deterministic depth-first search on any
// number of workers; the ILP backend's is a deterministic sequence of
// solves), so the first N are the same N on every run.
type enumeration struct {
	m        *model.Model
	backend  string
	out      io.Writer
	limit    int64
	progress *progress

	mu      sync.Mutex
	printed int64
	more    bool // a solution beyond the limit was found
}

func newEnumeration(m *model.Model, solver model.Solver, out io.Writer, limit int64, p *progress) *enumeration {
	return &enumeration{m: m, backend: solver.Name(), out: out, limit: limit, progress: p}
}

// enumerated is one line of enumerate's output.
type enumerated struct {
	Model    string          `json:"model"`
	Index    int64           `json:"index"`
	Solution *model.Solution `json:"solution"`
}

// emit is the backend's Options.Emit.
func (e *enumeration) emit(s model.Solution) error {
	one := model.NewResult(e.m, model.TaskEnumerate, e.backend)
	one.Solution = &s
	if err := model.Verify(e.m, one); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.limit > 0 && e.printed >= e.limit {
		e.more = true
		return errLimitReached
	}
	e.printed++
	e.progress.clear()
	return writeJSON(e.out, enumerated{Model: e.m.Name, Index: e.printed, Solution: &s})
}

// limited reports whether a solution beyond --limit was found.
func (e *enumeration) limited() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.more
}

// summary says how many solutions were printed and whether that is all.
func (e *enumeration) summary(res *model.Result, limited bool) string {
	n := plural(e.printed, "solution", "solutions")
	switch {
	case limited:
		return fmt.Sprintf("%s printed, and more exist (stopped at --limit %d)", n, e.limit)
	case res.Status == model.StatusUnknown:
		return fmt.Sprintf("%s enumerated, stopped before the end: more may exist", n)
	}
	return fmt.Sprintf("%s enumerated, complete: there are no others", n)
}

// plural writes a count with its noun: "1 solution", "2 solutions".
func plural(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// enumerationSummary is enumerate's last word with --json, on standard
// error (standard output holds only the solutions).
type enumerationSummary struct {
	Model    string       `json:"model"`
	Backend  string       `json:"backend"`
	Printed  int64        `json:"printed"`
	Complete bool         `json:"complete"` // every solution was printed
	More     bool         `json:"more"`     // a solution beyond --limit exists
	Status   model.Status `json:"status"`   // of the backend's search
	Stats    model.Stats  `json:"stats"`
}

func (e *enumeration) summaryJSON(res *model.Result, limited bool) enumerationSummary {
	return enumerationSummary{Model: e.m.Name, Backend: e.backend, Printed: e.printed,
		Complete: !limited && res.Status != model.StatusUnknown, More: limited, Status: res.Status, Stats: res.Stats}
}
