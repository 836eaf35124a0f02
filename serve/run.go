package serve

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/extern"
	"github.com/chessmodel/chessmodel/model"
)

// runRequest asks for a solve, a count or a comparison of the backends.
type runRequest struct {
	modelRequest
	Puzzle   string  `json:"puzzle,omitempty"`
	Task     string  `json:"task"`              // solve, count, enumerate or compare
	Backend  string  `json:"backend,omitempty"` // for solve, count and enumerate; exact by default
	Symmetry bool    `json:"symmetry,omitempty"`
	Timeout  float64 `json:"timeout,omitempty"` // seconds (runTimeout)
	// Backends are those compare runs; none: the default ones (see
	// compareDefaults).
	Backends []string `json:"backends,omitempty"`
	// Skip and Limit choose the page of an enumeration: the solutions
	// numbered Skip+1 to Skip+Limit in the backend's order (with Symmetry,
	// the first solution of each class).
	Skip  int `json:"skip,omitempty"`
	Limit int `json:"limit,omitempty"`
}

// MaxPage bounds the solutions of one page of an enumeration.
const MaxPage = 100

// The events of a run's stream, in order: queued, started, any number of
// progress, then one of result, compare or failure, and done last.
type (
	queuedEvent struct {
		Running int `json:"running"`
		Waiting int `json:"waiting"`
	}
	startedEvent struct {
		Task    string  `json:"task"`
		Timeout float64 `json:"timeout"`
		// ID names the run for POST /api/stop, which stops it and still
		// answers with what the backend found so far.
		ID string `json:"id"`
	}
	progressEvent struct {
		Backend string  `json:"backend"`
		Done    float64 `json:"done"` // in [0,1], negative when unknown
		Note    string  `json:"note"`
		Seconds float64 `json:"seconds"`
	}
	// improvedEvent is a better solution a solve found on the way
	// (model.Options.Improved), checked here.
	improvedEvent struct {
		Backend  string  `json:"backend"`
		Value    int64   `json:"value"`
		Bound    *int64  `json:"bound,omitempty"`
		Seconds  float64 `json:"seconds"`
		Verified bool    `json:"verified"`
	}
	resultEvent struct {
		Result *model.Result `json:"result"`
		// Stopped says why a result is incomplete: the time bound or Stop.
		Stopped string    `json:"stopped,omitempty"`
		SVG     string    `json:"svg,omitempty"`
		Board   *geometry `json:"board,omitempty"`
	}
	compareEvent struct {
		Row compare.Row `json:"row"`
		// Verdict is the page's reading of the row: "agree" when every
		// backend that answered agrees, at least two answered and none
		// failed; otherwise the row's verdict. Note names the backends that
		// did not answer.
		Verdict string `json:"verdict"`
		Note    string `json:"note,omitempty"`
		// Stats are the measurements of each answer of the row, in its
		// order (the proven bound and gap among them); null for a backend
		// that returned no result.
		Stats []*model.Stats `json:"stats"`
		// Timeout is the time bound of each backend: every one has the
		// whole bound the run asked for.
		Timeout  float64         `json:"timeout"`
		Shown    string          `json:"shown,omitempty"` // the backend whose solution is drawn
		Solution *model.Solution `json:"solution,omitempty"`
		SVG      string          `json:"svg,omitempty"`
		Board    *geometry       `json:"board,omitempty"`
	}
	// solutionsEvent is a page of an enumeration.
	solutionsEvent struct {
		Skip      int              `json:"skip"`
		Solutions []model.Solution `json:"solutions"`
		// More: the enumeration has solutions past this page.
		More    bool   `json:"more"`
		Classes bool   `json:"classes,omitempty"` // one solution per class
		Stopped string `json:"stopped,omitempty"`
	}
	failureEvent struct {
		Message     string `json:"message"`
		Unsupported bool   `json:"unsupported,omitempty"`
	}
)

// eventStream writes server-sent events; it is safe for concurrent use, as
// backends report progress from their workers.
type eventStream struct {
	mu       sync.Mutex
	w        http.ResponseWriter
	rc       *http.ResponseController
	lastNote time.Time
}

func (e *eventStream) send(event string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(failureEvent{Message: err.Error()})
		event = "failure"
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", event, data)
	e.rc.Flush()
}

// progress sends a progress event at most every 100ms.
func (e *eventStream) progress(p progressEvent) {
	e.mu.Lock()
	now := time.Now()
	due := now.Sub(e.lastNote) >= 100*time.Millisecond
	if due {
		e.lastNote = now
	}
	e.mu.Unlock()
	if due {
		e.send("progress", p)
	}
}

// runTimeout is the time bound of a run asked for seconds: the server's
// bound, max, for 0 (none asked) and for anything more than max; a
// negative number (or NaN) is refused. Seconds are compared before they
// become a Duration, which 1e308 seconds would overflow.
func runTimeout(seconds float64, max time.Duration) (time.Duration, error) {
	switch {
	case seconds < 0 || math.IsNaN(seconds):
		return 0, fmt.Errorf("timeout %v: expected seconds from 0 (0: the server's bound of %v)", seconds, max)
	case seconds == 0 || seconds >= max.Seconds():
		return max, nil
	}
	return time.Duration(seconds * float64(time.Second)), nil
}

func (s *Server) handleRun(w http.ResponseWriter, r *http.Request) {
	var req runRequest
	if !readJSON(w, r, &req) {
		return
	}
	p, ok := s.runModel(w, &req)
	if !ok {
		return
	}
	solvers, task, ok := s.runSolvers(w, &req, p)
	if !ok {
		return
	}
	if req.Skip < 0 || req.Limit < 0 || req.Limit > MaxPage {
		writeError(w, http.StatusBadRequest, "skip must be 0 or more and limit from 0 to %d", MaxPage)
		return
	}
	timeout, err := runTimeout(req.Timeout, s.cfg.MaxTimeout)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}

	leave, err := s.slots.enter()
	if err != nil {
		w.Header().Set("Retry-After", "2")
		writeJSON(w, http.StatusServiceUnavailable, apiError{Error: err.Error(), Busy: true})
		return
	}
	defer leave()
	events := newEventStream(w)
	running, waiting := s.slots.load()
	events.send("queued", queuedEvent{Running: running, Waiting: waiting})

	// Waiting for a slot counts against the same bound as the work.
	waitCtx, cancelWait := context.WithTimeout(r.Context(), s.cfg.MaxTimeout)
	done, err := s.slots.start(waitCtx)
	cancelWait()
	if err != nil {
		events.send("failure", failureEvent{Message: "gave up waiting for a free solve slot: " + stopWords(err)})
		events.send("done", struct{}{})
		return
	}
	defer done()

	bounded, cancelBound := context.WithCancelCause(r.Context())
	defer cancelBound(nil)
	whole := timeout
	if req.Task == "compare" {
		whole = compareBound(timeout, len(solvers))
	}
	ctx, cancel := context.WithTimeout(bounded, whole)
	defer cancel()
	defer guardMemory(ctx, cancelBound, s.cfg.MaxMemory)()
	id, forget := s.runs.add(cancelBound)
	defer forget()
	events.send("started", startedEvent{Task: req.Task, Timeout: timeout.Seconds(), ID: id})
	switch {
	case req.Task == "compare":
		s.runCompare(ctx, events, p, solvers, req.Symmetry, timeout)
	case task == model.TaskEnumerate:
		s.runEnumerate(ctx, events, p, solvers[0], req, timeout)
	default:
		s.runTask(ctx, events, p, solvers[0], task, req.Symmetry, timeout)
	}
	events.send("done", struct{}{})
}

// runModel parses the model of a run, or the puzzle it names; it answers
// the request itself, and reports false, when there is none.
func (s *Server) runModel(w http.ResponseWriter, req *runRequest) (parsed, bool) {
	var p parsed
	if req.Puzzle != "" {
		pz, yaml, ok := s.cfg.Puzzles.find(req.Puzzle)
		if !ok {
			writeError(w, http.StatusNotFound, "no puzzle %q", req.Puzzle)
			return p, false
		}
		p = s.parseModel(&modelRequest{YAML: yaml, File: "puzzle.yaml", Walls: pz.Walls})
	} else {
		p = s.parseModel(&req.modelRequest)
	}
	if p.err != nil {
		writeModelError(w, http.StatusUnprocessableEntity, p.err)
		return p, false
	}
	return p, true
}

// runSolvers picks the backends of a run and its task: one backend for
// solve, count and enumerate; for compare the ones asked for (or the
// defaults) and, on placement models, the command-line tools installed.
// It answers the request itself, and reports false, on an unknown task
// or backend.
func (s *Server) runSolvers(w http.ResponseWriter, req *runRequest, p parsed) ([]model.Solver, model.Task, bool) {
	unknown := func(name string) {
		writeError(w, http.StatusBadRequest, "unknown backend %q; expected one of %v", name, s.backendNames())
	}
	switch req.Task {
	case "solve", "count", "enumerate":
		task := map[string]model.Task{"solve": model.TaskSolve, "count": model.TaskCount, "enumerate": model.TaskEnumerate}[req.Task]
		name := cmp.Or(req.Backend, "exact")
		solver, ok := s.cfg.Backends[name]
		if !ok {
			unknown(name)
			return nil, task, false
		}
		return []model.Solver{solver}, task, true
	case "compare":
		names := req.Backends
		if len(names) == 0 {
			names = s.compareDefaults()
		}
		var solvers []model.Solver
		for _, name := range names {
			solver, ok := s.cfg.Backends[name]
			if !ok {
				unknown(name)
				return nil, 0, false
			}
			if !slices.Contains(solvers, solver) {
				solvers = append(solvers, solver)
			}
		}
		if s.cfg.External && p.m.Kind == model.KindPlace {
			for _, tool := range extern.ExternalTools {
				if _, err := exec.LookPath(tool); err == nil {
					solvers = append(solvers, &extern.External{Tool: tool})
				}
			}
		}
		return solvers, 0, true
	}
	writeError(w, http.StatusBadRequest, "unknown task %q; expected solve, count, enumerate or compare", req.Task)
	return nil, 0, false
}

// newEventStream starts the answer of a run: a stream of server-sent
// events, not cached nor buffered by a proxy.
func newEventStream(w http.ResponseWriter) *eventStream {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	return &eventStream{w: w, rc: http.NewResponseController(w)}
}

// stopWords says why a context ended, for people.
func stopWords(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return "the time bound ran out"
	}
	return "stopped"
}

func (s *Server) runTask(ctx context.Context, events *eventStream, p parsed, solver model.Solver, task model.Task, symmetry bool, timeout time.Duration) {
	m := p.m
	start := time.Now()
	// The cores are shared among the solves that may run at once.
	workers := max(1, runtime.NumCPU()/s.cfg.Running)
	opts := model.Options{Task: task, Symmetry: symmetry && task == model.TaskCount, Workers: workers, Progress: func(done float64, note string) {
		events.progress(progressEvent{Backend: solver.Name(), Done: done, Note: trimmed(note, 200), Seconds: time.Since(start).Seconds()})
	}}
	if task == model.TaskSolve {
		opts.Improved = model.Improving(m.Objective.Sense, func(in model.Incumbent) {
			ev := improvedEvent{Backend: solver.Name(), Value: in.Value, Bound: in.Bound, Seconds: time.Since(start).Seconds()}
			if in.Solution != nil {
				report := model.Check(m, in.Solution)
				ev.Verified = report.Valid && report.Value == in.Value
			}
			events.send("improved", ev)
		})
	}
	res, err := model.Run(ctx, safely{solver}, m, opts)
	switch {
	case errors.Is(err, model.ErrUnsupported):
		events.send("failure", failureEvent{Message: err.Error(), Unsupported: true})
		return
	case err != nil && ctx.Err() != nil && res == nil:
		events.send("failure", failureEvent{Message: fmt.Sprintf("%s: %v", stopReason(ctx, timeout), err)})
		return
	case err != nil:
		events.send("failure", failureEvent{Message: err.Error()})
		return
	}
	ev := resultEvent{Result: res}
	if res.Stopped {
		// The status is model.Run's, as the command line says it: a stopped
		// solve with a verified solution is feasible (satisfied without an
		// objective), with its bound and gap; Stopped says why it stopped.
		ev.Stopped = stopReason(ctx, timeout)
	}
	if task == model.TaskSolve && res.Status == model.StatusOptimal && res.Value != nil {
		s.optima.put(p.key, *res.Value)
	}
	if res.Solution != nil && res.Verified {
		ev.SVG, ev.Board, _ = picture(m, res.Solution, false)
	}
	events.send("result", ev)
}

// compareBound is the time bound of a whole comparison of n backends,
// each bounded to timeout: one bound each, as they run one after another,
// and a second more for the checker and the comparison between them.
func compareBound(timeout time.Duration, n int) time.Duration {
	return time.Duration(max(1, n))*timeout + time.Second
}

// compareDefaults are the backends compare runs unless the page names
// others: exact and ilp, the two independent backends. Others (brute, the
// naive referee that answers only tiny models) run when chosen.
func (s *Server) compareDefaults() []string {
	var names []string
	for _, n := range []string{"exact", "ilp"} {
		if _, ok := s.cfg.Backends[n]; ok {
			names = append(names, n)
		}
	}
	if len(names) < 2 {
		return s.backendNames()
	}
	return names
}

// readVerdict reads a comparison as the page shows it: the backends that
// answered agree, at least two of them, and none failed or disagrees, is
// "agree"; those that could not answer (unsupported, out of time) are
// named in the note. Anything else keeps the row's verdict and reason.
func readVerdict(row compare.Row) (verdict, note string) {
	var answered int
	var silent []string
	for _, a := range row.Answers {
		switch a.Problem {
		case "":
			answered++
		case compare.Unsupported, compare.TimedOut, compare.Interrupted:
			silent = append(silent, fmt.Sprintf("%s: %s", a.Backend, a.Error))
		}
	}
	if row.Verdict == compare.Incomplete && answered >= 2 && answered+len(silent) == len(row.Answers) {
		return compare.Agree.String(), "did not answer: " + strings.Join(silent, "; ")
	}
	return row.Verdict.String(), row.Reason
}

// runEnumerate answers a page of an enumeration: it skips req.Skip
// solutions (classes, with req.Symmetry) and sends the next req.Limit.
func (s *Server) runEnumerate(ctx context.Context, events *eventStream, p parsed, solver model.Solver, req runRequest, timeout time.Duration) {
	m := p.m
	limit := req.Limit
	if limit == 0 {
		limit = 20
	}
	ev := solutionsEvent{Skip: req.Skip, Solutions: []model.Solution{}, Classes: req.Symmetry}
	var canon func(model.Solution) model.Solution
	seen := map[string]bool{}
	if req.Symmetry {
		canon = m.CanonicalFunc()
	}
	n := 0
	errFull := fmt.Errorf("page full: %w", model.ErrEnough) // a stop, for model.Run
	start := time.Now()
	opts := model.Options{Task: model.TaskEnumerate, Workers: max(1, runtime.NumCPU()/s.cfg.Running),
		Progress: func(done float64, note string) {
			events.progress(progressEvent{Backend: solver.Name(), Done: done, Note: trimmed(note, 200), Seconds: time.Since(start).Seconds()})
		},
		Emit: func(sol model.Solution) error {
			if canon != nil {
				key := canon(sol).Key()
				if seen[key] {
					return nil
				}
				seen[key] = true
			}
			n++
			switch {
			case n <= req.Skip:
				return nil
			case len(ev.Solutions) == limit:
				ev.More = true
				return errFull
			}
			if r := model.Check(m, &sol); !r.Valid {
				return fmt.Errorf("the %s backend's solution %d is not valid: %s", solver.Name(), n, r.Problems[0])
			}
			ev.Solutions = append(ev.Solutions, sol)
			return nil
		}}
	res, err := model.Run(ctx, safely{solver}, m, opts)
	switch {
	case ev.More: // the page is full: the enumeration stopped for that
	case errors.Is(err, model.ErrUnsupported):
		events.send("failure", failureEvent{Message: err.Error(), Unsupported: true})
		return
	case err != nil && ctx.Err() != nil:
		ev.Stopped = stopReason(ctx, timeout)
	case err != nil:
		events.send("failure", failureEvent{Message: err.Error()})
		return
	case res != nil && res.Status == model.StatusUnknown:
		ev.Stopped = stopReason(ctx, timeout)
	}
	events.send("solutions", ev)
}

// safely runs a backend, turning a panic into an error so that one bad
// model cannot bring the playground down.
type safely struct{ model.Solver }

func (s safely) Solve(ctx context.Context, m *model.Model, opts model.Options) (res *model.Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			res, err = nil, fmt.Errorf("the %s backend failed: %v", s.Name(), v)
		}
	}()
	return s.Solver.Solve(ctx, m, opts)
}

// watched wraps a backend of a comparison: it reports progress and keeps
// the result, so that the page can draw a verified solution.
type watched struct {
	model.Solver
	events *eventStream
	mu     sync.Mutex
	result *model.Result
}

func (w *watched) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	start := time.Now()
	w.events.send("progress", progressEvent{Backend: w.Name(), Done: 0, Note: "started"})
	opts.Progress = func(done float64, note string) {
		w.events.progress(progressEvent{Backend: w.Name(), Done: done, Note: trimmed(note, 200), Seconds: time.Since(start).Seconds()})
	}
	res, err := safely{w.Solver}.Solve(ctx, m, opts)
	w.mu.Lock()
	w.result = res
	w.mu.Unlock()
	return res, err
}

func (s *Server) runCompare(ctx context.Context, events *eventStream, p parsed, solvers []model.Solver, symmetry bool, timeout time.Duration) {
	task := model.TaskSolve
	var wrapped []model.Solver
	var watchers []*watched
	for _, sv := range solvers {
		wt := &watched{Solver: sv, events: events}
		wrapped = append(wrapped, wt)
		watchers = append(watchers, wt)
	}
	// Each backend has the whole bound; the run's context allows one bound
	// per backend (compareBound).
	row := compare.Run(ctx, p.m, wrapped, task, compare.Options{Timeout: timeout, Symmetry: symmetry})
	ev := compareEvent{Row: row, Timeout: timeout.Seconds(), Stats: make([]*model.Stats, len(row.Answers))}
	ev.Verdict, ev.Note = readVerdict(row)
	for i, a := range row.Answers {
		wt := watchers[i]
		wt.mu.Lock()
		res := wt.result
		wt.mu.Unlock()
		if res != nil {
			ev.Stats[i] = &res.Stats
		}
		if a.Verified && res != nil && res.Solution != nil {
			if a.Status == model.StatusOptimal && res.Value != nil {
				s.optima.put(p.key, *res.Value)
			}
			if ev.SVG == "" {
				ev.Shown, ev.Solution = a.Backend, res.Solution
				ev.SVG, ev.Board, _ = picture(p.m, res.Solution, false)
			}
		}
	}
	events.send("compare", ev)
}

// errStopRequested is why a run stopped by POST /api/stop ended.
var errStopRequested = errors.New("stopped on request")

// runRegistry keeps the cancel functions of the running solves by id, so
// that Stop can end a solve while its stream stays open for the best
// answer found so far.
type runRegistry struct {
	mu   sync.Mutex
	runs map[string]context.CancelCauseFunc
}

func newRunRegistry() *runRegistry {
	return &runRegistry{runs: map[string]context.CancelCauseFunc{}}
}

// add registers a run and returns its id and a function that forgets it.
func (r *runRegistry) add(cancel context.CancelCauseFunc) (string, func()) {
	var b [12]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	r.mu.Lock()
	r.runs[id] = cancel
	r.mu.Unlock()
	return id, func() {
		r.mu.Lock()
		delete(r.runs, id)
		r.mu.Unlock()
	}
}

// stop stops the run id; false when there is no such run (any more).
func (r *runRegistry) stop(id string) bool {
	r.mu.Lock()
	cancel, ok := r.runs[id]
	r.mu.Unlock()
	if ok {
		cancel(errStopRequested)
	}
	return ok
}

// handleStop stops a run by the id its started event gave; the run's
// stream then ends with what the backend had found.
func (s *Server) handleStop(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID string `json:"id"`
	}
	if !readJSON(w, r, &req) {
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Stopped bool `json:"stopped"`
	}{s.runs.stop(req.ID)})
}
