package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
	"github.com/chessmodel/chessmodel/sweep"
)

type sweepFlags struct {
	walls   int
	backend string
	out     string
	workers int
	shard   shardFlags
}

func newSweepCommand(g *globals, streams Streams) *cobra.Command {
	f := &sweepFlags{}
	cmd := &cobra.Command{
		Use:   "sweep MODEL.yaml --walls K",
		Short: "Solve the model with every placement of K walls, up to symmetry: the distribution of values",
		Long: `sweep adds K walls to the model's board in every possible way, keeps one
board per class of the model's symmetry group, solves each with the backend
(every solution verified), and prints how many boards and classes there are
and the distribution of their values, like the tables of the blocked-queens
seed. -o writes every solved class to a file as a JSON line: walls, orbit size
(the boards in the class), value and an optimal solution.`,
		Example: `  chessmodel sweep testdata/models/blocked-0w.yaml --walls 3
  chessmodel sweep testdata/models/blocked-0w.yaml --walls 5 -o w5.jsonl
  chessmodel sweep testdata/models/n-queens.yaml --set board=6 --walls 2 --backend ilp`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSweep(cmd.Context(), g, streams, f, args[0])
		},
	}
	cmd.Flags().IntVar(&f.walls, "walls", 1, "number of walls to add")
	cmd.Flags().StringVar(&f.backend, "backend", "exact", "solver backend: "+g.backends.names())
	completeValues(cmd, "backend", sortedKeys(g.backends)...)
	cmd.Flags().StringVarP(&f.out, "output", "o", "", "write every solved class to this file as JSON lines")
	deprecatedAlias(cmd, "out", "output")
	addWorkersFlag(cmd, &f.workers, "boards solved at once")
	addShardFlags(cmd, &f.shard)
	completeModels(cmd)
	return cmd
}

// sparseGC lets the heap grow to five times its live size between
// collections (GOGC=400) for the run of a sweep, unless GOGC is set: a
// sweep solves boards by the hundred thousand, each allocating a little and
// keeping nothing, so the live heap stays a few MB and collections at the
// default pace cost about a tenth of the CPU time (5-wall sweep: 111 s of
// CPU and 63 s of wall time, 98 s and 55 s at GOGC=400, 20 MB -> 32 MB).
// It returns the restore.
func sparseGC() func() {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(400)
	return func() { debug.SetGCPercent(old) }
}

// A sweepRun is what sweep and puzzles set up alike: the backend, the
// model, the context of --timeout and signals, and the progress line.
type sweepRun struct {
	solver   model.Solver
	m        *model.Model
	ctx      context.Context
	progress *progress
	finish   func()
}

// startSweep sets up a run after its flags were checked; finish undoes it.
func startSweep(ctx context.Context, g *globals, streams Streams, backend, path string) (*sweepRun, error) {
	solver, err := g.backend(backend)
	if err != nil {
		return nil, err
	}
	m, err := g.loadModel(ctx, path)
	if err != nil {
		return nil, err
	}
	restoreGC := sparseGC()
	ctx, cancel := g.context(ctx)
	r := &sweepRun{solver: solver, m: m, ctx: ctx, progress: newProgress(streams.Err)}
	r.finish = func() {
		r.progress.done()
		cancel()
		restoreGC()
	}
	return r, nil
}

func runSweep(ctx context.Context, g *globals, streams Streams, f *sweepFlags, path string) error {
	if f.walls < 0 {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--walls %d: expected a number of walls from 0", f.walls)}
	}
	var err error
	if f.workers, err = checkWorkers(streams.Err, f.workers); err != nil {
		return err
	}
	if f.shard.active() {
		if f.out != "" {
			return &ExitError{Code: ExitBadInput, Err: errors.New("-o with --shard: a part writes its record to standard output, not the classes")}
		}
		defer sparseGC()()
		return runShards(ctx, g, streams, &f.shard, path, shard.TaskSweep, shard.Options{Backend: f.backend, Walls: f.walls}, f.workers)
	}
	run, err := startSweep(ctx, g, streams, f.backend, path)
	if err != nil {
		return err
	}
	defer run.finish()
	ctx, m, solver, progress := run.ctx, run.m, run.solver, run.progress
	opts := sweep.Options{Walls: f.walls, Workers: f.workers, Progress: progress.update, MaxMemory: int64(g.maxMemory)}
	write, closeOut, err := jsonLines(f.out)
	if err != nil {
		return err
	}
	defer closeOut()
	if write != nil {
		opts.Record = func(c sweep.Class) error { return write(c) }
	}
	sum, err := sweep.Run(ctx, m, solver, opts)
	progress.done()
	if err != nil {
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	if err := closeOut(); err != nil {
		return err
	}
	if g.json {
		if err := writeJSON(streams.Out, sum); err != nil {
			return err
		}
	} else {
		printSweep(streams.Out, m.Board.Dims(), sum)
	}
	if !sum.Complete {
		return stopped(ctx, g, "(the tables cover the classes solved so far)")
	}
	return nil
}

func printSweep(w io.Writer, dims string, s *sweep.Summary) {
	state := ""
	if !s.Complete {
		state = " (INCOMPLETE)"
	}
	fmt.Fprintf(w, "%s: %s boards with %s%s\n", s.Model, dims, plural(int64(s.Walls), "wall", "walls"), state)
	fmt.Fprintf(w, "  %s, %s up to symmetry (group of order %d), %.1fs\n",
		plural(s.Boards, "board", "boards"), plural(s.Classes, "class", "classes"), s.Group, s.Seconds)
	var classes, boards int64
	for _, b := range s.Values {
		classes += b.Classes
		boards += b.Boards
	}
	t := tabwriter.NewWriter(w, 8, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(t, "value\tclasses\tshare\tboards\tshare\t")
	for _, b := range s.Values {
		fmt.Fprintf(t, "%d\t%d\t%.2f%%\t%d\t%.2f%%\t\n", b.Value, b.Classes, percent(b.Classes, classes), b.Boards, percent(b.Boards, boards))
	}
	t.Flush()
	if s.Infeasible > 0 {
		fmt.Fprintf(w, "  %s no solution\n", plural(s.Infeasible, "class has", "classes have"))
	}
	if s.Best != nil {
		fmt.Fprintf(w, "  best value %d, e.g. walls %v\n", s.Best.Value, s.Best.Walls)
	}
}

func percent(part, whole int64) float64 {
	if whole == 0 {
		return 0
	}
	return 100 * float64(part) / float64(whole)
}

type puzzleFlags struct {
	maxWalls int
	limit    int
	backend  string
	out      string
	workers  int
}

func newPuzzlesCommand(g *globals, streams Streams) *cobra.Command {
	f := &puzzleFlags{}
	cmd := &cobra.Command{
		Use:   "puzzles MODEL.yaml [-o PUZZLES.jsonl]",
		Short: "Find boards with a unique optimal solution and no superfluous wall (the blocked-queens seed's puzzles)",
		Long: `puzzles adds 0, 1, ... --max-walls walls to the model's board, one board per
symmetry class, and keeps those whose optimal solution is unique and that
contain no smaller such board of the same value. Each puzzle (walls, value,
its unique solution, verified) is written as a JSON line: to -o, or to
standard output without it (the summary then goes to standard error). The
puzzles come in the same order on every run and any number of --workers, and
--limit N keeps the first N in that order.`,
		Example: `  chessmodel puzzles testdata/models/blocked-0w.yaml --max-walls 4 -o puzzles.jsonl
  chessmodel puzzles testdata/models/blocked-0w.yaml --max-walls 2 --limit 3`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPuzzles(cmd.Context(), g, streams, f, args[0])
		},
	}
	cmd.Flags().IntVar(&f.maxWalls, "max-walls", 3, "try boards with up to this many walls")
	cmd.Flags().IntVar(&f.limit, "limit", 0, "stop after this many puzzles (0: no limit)")
	cmd.Flags().StringVar(&f.backend, "backend", "exact", "solver backend: "+g.backends.names())
	completeValues(cmd, "backend", sortedKeys(g.backends)...)
	cmd.Flags().StringVarP(&f.out, "output", "o", "", "write the puzzles to this file as JSON lines (default: standard output)")
	deprecatedAlias(cmd, "out", "output")
	addWorkersFlag(cmd, &f.workers, "boards solved at once")
	completeModels(cmd)
	return cmd
}

func runPuzzles(ctx context.Context, g *globals, streams Streams, f *puzzleFlags, path string) error {
	if f.maxWalls < 0 || f.limit < 0 {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--max-walls %d, --limit %d: expected numbers from 0", f.maxWalls, f.limit)}
	}
	var err error
	if f.workers, err = checkWorkers(streams.Err, f.workers); err != nil {
		return err
	}
	run, err := startSweep(ctx, g, streams, f.backend, path)
	if err != nil {
		return err
	}
	defer run.finish()
	ctx, m, solver, progress := run.ctx, run.m, run.solver, run.progress
	opts := sweep.PuzzleOptions{MaxWalls: f.maxWalls, Limit: f.limit, Workers: f.workers, Progress: progress.update, MaxMemory: int64(g.maxMemory)}
	// Without -o the puzzles are the output, and the summary moves to
	// standard error.
	write, closeOut, err := jsonLines(f.out)
	if err != nil {
		return err
	}
	defer closeOut()
	summary := streams.Out
	if write == nil {
		summary = streams.Err
		write = func(v any) error {
			progress.clear()
			return writeJSON(streams.Out, v)
		}
	}
	opts.Record = func(p sweep.Puzzle) error { return write(p) }
	sum, err := sweep.Puzzles(ctx, m, solver, opts)
	progress.done()
	if err != nil {
		return err
	}
	if err := closeOut(); err != nil {
		return err
	}
	if g.json {
		if err := writeJSON(summary, sum); err != nil {
			return err
		}
	} else {
		printPuzzles(summary, sum)
	}
	if !sum.Complete && ctx.Err() != nil {
		return stopped(ctx, g, "(the puzzles found so far are written)")
	}
	return nil
}

func printPuzzles(w io.Writer, sum *sweep.PuzzleSummary) {
	fmt.Fprintf(w, "%s: %s in %.1fs\n", sum.Model, plural(sum.Puzzles, "puzzle", "puzzles"), sum.Seconds)
	t := tabwriter.NewWriter(w, 8, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(t, "walls\tclasses\tunique\tpuzzles\t")
	for _, l := range sum.Levels {
		fmt.Fprintf(t, "%d\t%d\t%d\t%d\t\n", l.Walls, l.Classes, l.Unique, l.Puzzles)
	}
	t.Flush()
	if !sum.Complete {
		fmt.Fprintln(w, "  (the last level was not tried to the end: --limit, --timeout or an interrupt)")
	}
}
