package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/extern"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/mzn"
)

// Backends are the solvers the CLI can run, by name.
type Backends map[string]model.Solver

// names lists the backends for help and errors.
func (b Backends) names() string { return strings.Join(sortedKeys(b), ", ") }

// backend finds a backend by name, a built-in one or an external solver
// (extern.ExternalTools: the command-line programs, run on the exported
// program); an unknown name is bad input.
func (g *globals) backend(name string) (model.Solver, error) {
	if s, ok := g.backends[name]; ok {
		return s, nil
	}
	if slices.Contains(extern.ExternalTools, name) {
		return &extern.External{Tool: name}, nil
	}
	if name == mzn.Tool {
		return mzn.New(), nil
	}
	return nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("unknown backend %q; expected one of %s", name, g.backendNames())}
}

// backendNames lists the built-in backends and the external solvers.
func (g *globals) backendNames() string {
	return g.backends.names() + " or an external solver: " + strings.Join(externalBackends(), ", ")
}

// externalBackends are the --backend names of the command-line solvers:
// the MIP solvers of extern.External and minizinc.
func externalBackends() []string {
	return append(slices.Clone(extern.ExternalTools), mzn.Tool)
}

// jsonLines creates a file that records are written to as JSON lines; close
// flushes and closes it, and may be called again (as a deferred backstop).
// An empty path means no file: write is nil and close does nothing. write
// may be called from several goroutines at once.
func jsonLines(path string) (write func(any) error, close func() error, err error) {
	if path == "" {
		return nil, func() error { return nil }, nil
	}
	file, err := os.Create(path)
	if err != nil {
		return nil, nil, &ExitError{Code: ExitBadInput, Err: err}
	}
	buf := bufio.NewWriter(file)
	var mu sync.Mutex // writes may come from several goroutines (sweep's workers)
	closed := false
	// lines are encoded before the lock, so the workers encode in parallel,
	// each into a buffer kept for reuse (a sweep writes a line per class)
	lines := sync.Pool{New: func() any { return new(bytes.Buffer) }}
	write = func(v any) error {
		line := lines.Get().(*bytes.Buffer)
		defer lines.Put(line)
		line.Reset()
		if err := writeJSON(line, v); err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		_, err := buf.Write(line.Bytes())
		return err
	}
	return write, func() error {
		mu.Lock()
		defer mu.Unlock()
		if closed {
			return nil
		}
		closed = true
		if err := buf.Flush(); err != nil {
			file.Close()
			return err
		}
		return file.Close()
	}, nil
}

// taskFlags are the flags of solve, count and enumerate.
type taskFlags struct {
	backend  string
	symmetry bool
	distinct string
	limit    int64
	workers  int
	stats    bool
	maxMoves int
	// solverOptions go to an external solver's command line.
	solverOptions []string
	shard         shardFlags // count and solve: --shards, --shard
	// intermediate: solve prints each better solution as found (intermediate.go)
	intermediate bool
	sizes        string        // count and solve: --sizes A..B, a table by board size (sizes.go)
	vary         string        // count and solve: --vary KEY=..{A..B}.., a table by an override's value (sizes.go)
	oeis         bool          // --oeis: the table's terms on one line
	rowTimeout   time.Duration // --row-timeout: the bound of each row of a table
	certificate  string        // solve: the directory of a certificate (certificate.go)
	cases        string        // solve: the kind of piece the sat backend's cases are by
}

func newSolveCommand(g *globals, streams Streams) *cobra.Command {
	return newTaskCommand(g, streams, model.TaskSolve, "solve MODEL.yaml...",
		"One optimal (or feasible) solution, verified by the checker", `  chessmodel solve testdata/models/blocked-3w-value11.yaml
  chessmodel solve --backend ilp --timeout 30s testdata/models/least-walls-12.yaml
  chessmodel solve testdata/models/n-queens.yaml --set board=1000 --json
  cat my-puzzle.yaml | chessmodel solve -`)
}

func newCountCommand(g *globals, streams Streams) *cobra.Command {
	return newTaskCommand(g, streams, model.TaskCount, "count MODEL.yaml...",
		"The number of (optimal) solutions; --symmetry also counts classes up to symmetry", `  chessmodel count --symmetry testdata/models/n-queens.yaml --set board=12
  chessmodel count --distinct walls testdata/models/least-walls-9.yaml
  chessmodel count --backend ilp testdata/models/eight-queens.yaml testdata/models/amazons.yaml`)
}

func newEnumerateCommand(g *globals, streams Streams) *cobra.Command {
	return newTaskCommand(g, streams, model.TaskEnumerate, "enumerate MODEL.yaml...",
		"Every (optimal) solution, verified, one JSON object per line", `  chessmodel enumerate testdata/models/eight-queens.yaml > solutions.jsonl
  chessmodel enumerate --limit 5 testdata/models/amazons.yaml
  chessmodel enumerate testdata/models/eight-queens.yaml | chessmodel render testdata/models/eight-queens.yaml --frames - -o all.gif`)
}

func newTaskCommand(g *globals, streams Streams, task model.Task, use, short, example string) *cobra.Command {
	f := &taskFlags{}
	cmd := &cobra.Command{
		Use:     use,
		Short:   short,
		Example: example,
		Long: short + `.

Each MODEL is a YAML model file, or - for standard input. With several models,
each is solved in turn (--timeout bounds each one) and each is reported, also
after one that fails, times out or is unsupported; with --json each gives one
JSON line. ` + severityHelp,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTasks(cmd.Context(), g, streams, task, f, args)
		},
	}
	switch task {
	case model.TaskSolve:
		cmd.Long += `

A run stopped by --timeout or an interrupt with a solution in hand reports it
with status "feasible" (verified, not proven optimal) and exits with status 3
(timeout) or 130 (interrupt); without one, status "unknown".`
	case model.TaskEnumerate:
		cmd.Long += `

--limit N prints the first N solutions in the backend's order, which is the
same on every run and any number of --workers, and says on standard error
whether more exist.`
	}
	completeModels(cmd)
	cmd.Flags().StringVar(&f.backend, "backend", "exact", "solver backend: "+g.backendNames())
	completeValues(cmd, "backend", append(sortedKeys(g.backends), externalBackends()...)...)
	cmd.Flags().StringArrayVar(&f.solverOptions, "solver-option", nil, "an argument for an external solver's command line, e.g. --solver-option=sec --solver-option=60 for cbc (repeatable)")
	addWorkersFlag(cmd, &f.workers, "goroutines the backend may use")
	cmd.Flags().BoolVar(&f.stats, "stats", false, "also print the search's statistics (folding: nodes and leaves by sub-space size)")
	if task != model.TaskEnumerate {
		cmd.Flags().StringVar(&f.sizes, "sizes", "", "a table over square boards of each size, A..B or A..B:STEP (e.g. 4..12): one row per size, as explore --sizes gives for slides")
		cmd.Flags().StringVar(&f.vary, "vary", "", "a table over the values of one --set override written with a range in braces, {A..B} or {A..B:STEP}: one row per number, e.g. --vary 'place=[{9..16} queen]'")
		cmd.Flags().DurationVar(&f.rowTimeout, "row-timeout", 0, "with --sizes or --vary: bound each row alone, e.g. 2m; a row it stops shows what was found and the table goes on (exit 3 at its end); --timeout bounds the whole table")
		cmd.Flags().BoolVar(&f.oeis, "oeis", false, "with --sizes or --vary: print the terms only, comma-separated on one line (count: the counts, and with --symmetry a second line of classes; solve: the values)")
	}
	switch task {
	case model.TaskCount:
		cmd.Flags().BoolVar(&f.symmetry, "symmetry", false, "also count classes up to the model's symmetry group")
		cmd.Flags().StringVar(&f.distinct, "distinct", "", `"walls": count distinct wall sets instead of solutions`)
		completeValues(cmd, "distinct", "walls")
		addShardFlags(cmd, &f.shard)
	case model.TaskSolve:
		cmd.Flags().BoolVarP(&f.intermediate, "intermediate", "i", false, intermediateHelp)
		cmd.Flags().StringVar(&f.certificate, "certificate", "", certificateHelp)
		cmd.Flags().StringVar(&f.cases, "cases", "", casesHelp)
		addShardFlags(cmd, &f.shard) // the proofs that split (shard.TaskSolve)
		cmd.Flags().IntVar(&f.maxMoves, "max-moves", 0, "slides: the most moves the ilp backend's horizon loop tries before it answers unknown (0: the number of open squares)")
	case model.TaskEnumerate:
		cmd.Flags().Int64Var(&f.limit, "limit", 0, "print at most this many solutions, the first in the backend's order (0: all)")
	}
	return cmd
}

// workersHelp ends the help of every --workers flag.
var workersHelp = fmt.Sprintf(" (0: every core; at most %d, more is lowered to %d with a note); answers are the same on any number", model.MaxWorkers, model.MaxWorkers)

// addWorkersFlag defines a command's --workers flag.
func addWorkersFlag(cmd *cobra.Command, workers *int, help string) {
	cmd.Flags().IntVar(workers, "workers", 0, help+workersHelp)
}

// checkWorkers refuses a negative --workers and lowers one above
// model.MaxWorkers to it, saying so on stderr: more goroutines than cores
// only cost memory, and the answer is the same on any number.
func checkWorkers(stderr io.Writer, workers int) (int, error) {
	if workers < 0 {
		return 0, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--workers %d: expected a number of goroutines from 0 (0: every core)", workers)}
	}
	if workers > model.MaxWorkers {
		fmt.Fprintf(stderr, "chessmodel: --workers %d: at most %d goroutines run; using %d\n", workers, model.MaxWorkers, model.MaxWorkers)
		return model.MaxWorkers, nil
	}
	return workers, nil
}

// runTasks does the task on every model, each in turn (answerEach).
func runTasks(ctx context.Context, g *globals, streams Streams, task model.Task, f *taskFlags, paths []string) error {
	solver, err := g.backend(f.backend)
	if err == nil && (f.certificate != "" || f.cases != "") {
		solver, err = withCertificate(g, f, paths)
	}
	if err != nil {
		return err
	}
	_, external := solver.(*extern.External)
	if _, ok := solver.(*mzn.Backend); ok {
		external = true
	}
	if len(f.solverOptions) > 0 && !external {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--solver-option is for the external solvers (%s), not --backend %s", strings.Join(externalBackends(), ", "), f.backend)}
	}
	if f.distinct != "" && f.distinct != "walls" {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf(`--distinct %q: the only choice is "walls"`, f.distinct)}
	}
	if f.maxMoves < 0 {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--max-moves %d: expected a number of moves from 0 (0: the backend's default)", f.maxMoves)}
	}
	if f.limit < 0 {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--limit %d: expected a number of solutions from 0 (0: all)", f.limit)}
	}
	if f.workers, err = checkWorkers(streams.Err, f.workers); err != nil {
		return err
	}
	if err := checkSizesFlags(f, paths); err != nil {
		return err
	}
	if err := checkRowTimeout(f); err != nil {
		return err
	}
	if f.sizes != "" || f.vary != "" {
		return runSizes(ctx, g, streams, task, f, solver, paths[0])
	}
	if f.shard.active() {
		return runTaskShards(ctx, g, streams, task, f, paths)
	}
	between := func() {
		if !g.json && task != model.TaskEnumerate {
			fmt.Fprintln(streams.Out)
		}
	}
	return answerEach(g, streams, g.loadModels(ctx, paths), between, func(m *model.Model) error {
		return runTask(ctx, g, streams, task, f, solver, m)
	})
}

// options are the solve options of task that the flags give, its
// progress reported to progress.
func (f *taskFlags) options(g *globals, task model.Task, progress func(done float64, note string)) model.Options {
	return model.Options{Task: task, Symmetry: f.symmetry, DistinctWalls: f.distinct == "walls", Progress: progress,
		MaxMemory: int64(g.maxMemory), Workers: f.workers, MaxMoves: f.maxMoves, SolverOptions: f.solverOptions}
}

func runTask(ctx context.Context, g *globals, streams Streams, task model.Task, f *taskFlags, solver model.Solver, m *model.Model) error {
	ctx, cancel := g.context(ctx)
	defer cancel()

	progress := newProgress(streams.Err)
	defer progress.done()
	opts := f.options(g, task, progress.update)
	var list *enumeration
	if task == model.TaskEnumerate {
		list = newEnumeration(m, solver, streams.Out, f.limit, progress)
		opts.Emit = list.emit
	}
	if f.intermediate {
		solver = &printingImproved{Solver: solver, w: streams.Out, asJSON: g.json} // intermediate.go
	}
	res, err := model.Run(ctx, solver, m, opts)
	progress.done()
	if err != nil {
		return err // classified by Run: unsupported, timeout, interrupt or failure
	}
	limited := list != nil && list.limited()
	cut := res.Stopped
	if task == model.TaskEnumerate {
		if g.json {
			if err := writeJSON(streams.Err, list.summaryJSON(res, limited)); err != nil {
				return err
			}
		} else {
			fmt.Fprintf(streams.Err, "%s: %s (%s)\n", m.Name, list.summary(res, limited), statsLine(res))
		}
		if res.Status == model.StatusUnknown && !limited {
			return stopped(ctx, g, "")
		}
		return nil
	}
	if g.json {
		if err := writeResultJSON(streams.Out, res); err != nil {
			return err
		}
	} else {
		printResult(streams.Out, m, res)
	}
	if f.stats {
		printStats(streams.Err, res)
	}
	if limit := res.Stats.Limit; limit != "" && cut && ctx.Err() == nil {
		return &ExitError{Code: ExitUnsupported, Err: fmt.Errorf("%s: %s: %s; whether there is one is unknown: another backend may answer", m.Name, solver.Name(), limit)}
	}
	if cut {
		return stopped(ctx, g, "")
	}
	return nil
}

func printResult(w io.Writer, m *model.Model, res *model.Result) {
	fmt.Fprintf(w, "%s: %s", m.Name, res.Status)
	if res.Value != nil {
		what := "value"
		if o := m.Objective.Measure; o != model.MeasureNone {
			what = o.String()
		} else if m.Kind == model.KindPlace {
			what = "pieces"
		}
		fmt.Fprintf(w, ", %s %d", what, *res.Value)
	}
	if b := res.Stats.Bound; b != nil && res.Status == model.StatusFeasible {
		fmt.Fprintf(w, ", proven bound %d", *b)
		if gap := res.Stats.Gap; gap != nil {
			fmt.Fprintf(w, ", gap %.1f%%", 100**gap)
		}
	}
	if res.Count != nil {
		fmt.Fprintf(w, ", %s", plural(*res.Count, "solution", "solutions"))
		if res.Status == model.StatusUnknown {
			fmt.Fprint(w, " found so far (incomplete)")
		}
	}
	if res.Classes != nil {
		fmt.Fprintf(w, ", %s up to symmetry", plural(*res.Classes, "class", "classes"))
	}
	fmt.Fprintf(w, "\n  %s\n", statsLine(res))
	if reason := res.Stats.Reason; reason != "" && res.Status == model.StatusInfeasible {
		fmt.Fprintf(w, "  reason: %s\n", reason)
	}
	if res.Status == model.StatusUnknown {
		printPartial(w, m, res)
	}
	if m.Kind == model.KindTour {
		printTour(w, m, res) // tour.go
		return
	}
	if m.Kind == model.KindGame {
		printGame(w, m, res) // game.go
		return
	}
	if res.Solution != nil {
		if res.Verified {
			fmt.Fprintln(w, "  solution verified by the checker")
		}
		fmt.Fprintln(w)
		fmt.Fprint(w, m.Diagram(res.Solution))
		if len(res.Solution.Pieces) > 0 && len(res.Solution.Pieces) <= 64 {
			var words []string
			for _, p := range res.Solution.Pieces {
				if p.Group != "" {
					words = append(words, fmt.Sprintf("%s %s %v", p.Group, p.Piece, p.Square))
					continue
				}
				words = append(words, fmt.Sprintf("%s %v", p.Piece, p.Square))
			}
			fmt.Fprintf(w, "pieces: %s\n", strings.Join(words, ", "))
		}
		if len(res.Solution.Walls) > 0 {
			fmt.Fprintf(w, "walls:  %v\n", res.Solution.Walls)
		}
		if len(res.Solution.Moves) > 0 {
			var words []string
			for _, mv := range res.Solution.Moves {
				words = append(words, fmt.Sprintf("%v-%v", mv.From, mv.To))
			}
			fmt.Fprintf(w, "moves:  %s\n", strings.Join(words, " "))
		}
	}
}

// printPartial says what a result cut short had found, as its JSON does:
// the solutions counted so far and the proven bound.
func printPartial(w io.Writer, m *model.Model, res *model.Result) {
	st := res.Stats
	if n := st.CountedSoFar; res.Count == nil && n != nil {
		fmt.Fprintf(w, "  counted so far: %s (incomplete)", plural(*n, "solution", "solutions"))
		if c := st.ClassesSoFar; c != nil {
			fmt.Fprintf(w, ", %s up to symmetry", plural(*c, "class", "classes"))
		}
		fmt.Fprintln(w)
	}
	if st.Bound != nil {
		b := *st.Bound
		switch {
		case m.Kind == model.KindSlide:
			fmt.Fprintf(w, "  proven bound: at least %d moves\n", b)
		case m.Objective.Sense == model.Maximize:
			fmt.Fprintf(w, "  proven bound: at most %d\n", b)
		case m.Objective.Sense == model.Minimize:
			fmt.Fprintf(w, "  proven bound: at least %d\n", b)
		}
	}
}

func statsLine(res *model.Result) string {
	s := fmt.Sprintf("%s backend, %.3fs", res.Backend, res.Stats.Seconds)
	if res.Stats.Nodes > 0 {
		s += ", " + plural(res.Stats.Nodes, "node", "nodes")
	}
	return s
}
