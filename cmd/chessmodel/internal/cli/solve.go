package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/model"
)

// Backends are the solvers the CLI can run, by name.
type Backends map[string]model.Solver

// names lists the backends for help and errors.
func (b Backends) names() string { return strings.Join(sortedKeys(b), ", ") }

// backend finds a backend by name; an unknown name is bad input.
func (g *globals) backend(name string) (model.Solver, error) {
	s, ok := g.backends[name]
	if !ok {
		return nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("unknown backend %q; expected one of %s", name, g.backends.names())}
	}
	return s, nil
}

// jsonLines creates a file that records are written to as JSON lines; close
// flushes and closes it, and may be called again (as a deferred backstop).
// An empty path means no file: write is nil and close does nothing.
func jsonLines(path string) (write func(any) error, close func() error, err error) {
	if path == "" {
		return nil, func() error { return nil }, nil
	}
	file, err := os.Create(path)
	if err != nil {
		return nil, nil, &ExitError{Code: ExitBadInput, Err: err}
	}
	buf := bufio.NewWriter(file)
	closed := false
	return func(v any) error { return writeJSON(buf, v) }, func() error {
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
	stats    bool
}

func newSolveCommand(g *globals, streams Streams) *cobra.Command {
	return newTaskCommand(g, streams, model.TaskSolve, "solve MODEL.yaml",
		"One optimal (or feasible) solution, verified by the checker")
}

func newCountCommand(g *globals, streams Streams) *cobra.Command {
	return newTaskCommand(g, streams, model.TaskCount, "count MODEL.yaml",
		"The number of (optimal) solutions; --symmetry also counts classes up to symmetry")
}

func newEnumerateCommand(g *globals, streams Streams) *cobra.Command {
	return newTaskCommand(g, streams, model.TaskEnumerate, "enumerate MODEL.yaml",
		"Every (optimal) solution, verified, one JSON object per line")
}

func newTaskCommand(g *globals, streams Streams, task model.Task, use, short string) *cobra.Command {
	f := &taskFlags{}
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTask(cmd.Context(), g, streams, task, f, args[0])
		},
	}
	cmd.Flags().StringVar(&f.backend, "backend", "exact", "solver backend: exact or ilp")
	cmd.Flags().BoolVar(&f.stats, "stats", false, "also print the search's statistics (folding: nodes and leaves by sub-space size)")
	switch task {
	case model.TaskCount:
		cmd.Flags().BoolVar(&f.symmetry, "symmetry", false, "also count classes up to the model's symmetry group")
		cmd.Flags().StringVar(&f.distinct, "distinct", "", `"walls": count distinct wall sets instead of solutions`)
	case model.TaskEnumerate:
		cmd.Flags().Int64Var(&f.limit, "limit", 0, "stop after this many solutions (0: all)")
	}
	return cmd
}

func runTask(ctx context.Context, g *globals, streams Streams, task model.Task, f *taskFlags, path string) error {
	solver, err := g.backend(f.backend)
	if err != nil {
		return err
	}
	if f.distinct != "" && f.distinct != "walls" {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf(`--distinct %q: the only choice is "walls"`, f.distinct)}
	}
	m, err := g.loadModel(path)
	if err != nil {
		return err
	}
	ctx, cancel := g.context(ctx)
	defer cancel()

	progress := newProgress(streams.Err)
	defer progress.done()
	opts := model.Options{Task: task, Symmetry: f.symmetry, DistinctWalls: f.distinct == "walls", Progress: progress.update}
	var emitted int64
	var out sync.Mutex
	if task == model.TaskEnumerate {
		opts.Emit = func(s model.Solution) error {
			one := &model.Result{Model: m.Name, Kind: m.Kind.String(), Task: task, Backend: solver.Name(), Solution: &s}
			if err := model.Verify(m, one); err != nil {
				return err
			}
			out.Lock()
			defer out.Unlock()
			emitted++
			progress.clear()
			if err := writeJSON(streams.Out, enumerated{Model: m.Name, Index: emitted, Solution: &s}); err != nil {
				return err
			}
			if f.limit > 0 && emitted >= f.limit {
				cancel()
			}
			return nil
		}
	}
	start := time.Now()
	res, err := solver.Solve(ctx, m, opts)
	progress.done()
	limited := f.limit > 0 && emitted >= f.limit
	if err != nil && !(limited && errors.Is(err, context.Canceled)) {
		if errors.Is(err, model.ErrUnsupported) {
			return &ExitError{Code: ExitBadInput, Err: err}
		}
		return err
	}
	if res == nil {
		res = &model.Result{Model: m.Name, Kind: m.Kind.String(), Task: task, Backend: solver.Name(), Status: model.StatusUnknown}
	}
	if res.Stats.Seconds == 0 {
		res.Stats.Seconds = time.Since(start).Seconds()
	}
	if err := model.Verify(m, res); err != nil {
		return err
	}
	if task == model.TaskEnumerate {
		fmt.Fprintf(streams.Err, "%s: %d solutions enumerated%s (%s)\n", m.Name, emitted, enumerationEnd(res, limited), statsLine(res))
		if res.Status == model.StatusUnknown && !limited {
			return &ExitError{Code: ExitBadInput, Err: stopReason(ctx, g)}
		}
		return nil
	}
	if g.json {
		if err := writeJSON(streams.Out, res); err != nil {
			return err
		}
	} else {
		printResult(streams.Out, m, res)
	}
	if f.stats {
		printStats(streams.Err, res)
	}
	if res.Status == model.StatusUnknown {
		return &ExitError{Code: ExitBadInput, Err: stopReason(ctx, g)}
	}
	return nil
}

// enumerated is one line of enumerate's output.
type enumerated struct {
	Model    string          `json:"model"`
	Index    int64           `json:"index"`
	Solution *model.Solution `json:"solution"`
}

func enumerationEnd(res *model.Result, limited bool) string {
	switch {
	case limited:
		return ", stopped at --limit"
	case res.Status == model.StatusUnknown:
		return ", stopped before the end"
	}
	return ", complete"
}

// stopReason explains a result cut short.
func stopReason(ctx context.Context, g *globals) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("stopped by --timeout %v before a complete answer; what was found is shown", g.timeout)
	}
	if ctx.Err() != nil {
		return errors.New("interrupted before a complete answer; what was found is shown")
	}
	return errors.New("the backend stopped without a complete answer")
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
	if res.Count != nil {
		noun := "solutions"
		if res.Status == model.StatusUnknown {
			noun = "solutions found so far (incomplete)"
		}
		fmt.Fprintf(w, ", %d %s", *res.Count, noun)
	}
	if res.Classes != nil {
		fmt.Fprintf(w, ", %d classes up to symmetry", *res.Classes)
	}
	fmt.Fprintf(w, "\n  %s\n", statsLine(res))
	if res.Solution != nil {
		if res.Verified {
			fmt.Fprintln(w, "  solution verified by the checker")
		}
		fmt.Fprintln(w)
		fmt.Fprint(w, m.Diagram(res.Solution))
		if len(res.Solution.Pieces) > 0 && len(res.Solution.Pieces) <= 64 {
			var words []string
			for _, p := range res.Solution.Pieces {
				words = append(words, fmt.Sprintf("%s %v", p.Piece, p.Square))
			}
			fmt.Fprintf(w, "pieces: %s\n", strings.Join(words, ", "))
		}
		if len(res.Solution.Walls) > 0 {
			fmt.Fprintf(w, "walls:  %v\n", res.Solution.Walls)
		}
	}
}

func statsLine(res *model.Result) string {
	s := fmt.Sprintf("%s backend, %.3fs", res.Backend, res.Stats.Seconds)
	if res.Stats.Nodes > 0 {
		s += fmt.Sprintf(", %d nodes", res.Stats.Nodes)
	}
	return s
}
