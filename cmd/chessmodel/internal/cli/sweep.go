package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/sweep"
)

type sweepFlags struct {
	walls   int
	backend string
	out     string
	workers int
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
seed. --out writes every solved class as a JSON line: walls, orbit size (the
boards in the class), value and an optimal solution.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSweep(cmd.Context(), g, streams, f, args[0])
		},
	}
	cmd.Flags().IntVar(&f.walls, "walls", 1, "number of walls to add")
	cmd.Flags().StringVar(&f.backend, "backend", "exact", "solver backend")
	cmd.Flags().StringVar(&f.out, "out", "", "write every solved class to this file as JSON lines")
	cmd.Flags().IntVar(&f.workers, "workers", 0, "boards solved at once (0: every core)")
	return cmd
}

func runSweep(ctx context.Context, g *globals, streams Streams, f *sweepFlags, path string) error {
	solver, err := g.backend(f.backend)
	if err != nil {
		return err
	}
	if f.walls < 0 {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--walls %d: expected a number of walls from 0", f.walls)}
	}
	m, err := g.loadModel(path)
	if err != nil {
		return err
	}
	ctx, cancel := g.context(ctx)
	defer cancel()
	progress := newProgress(streams.Err)
	defer progress.done()
	opts := sweep.Options{Walls: f.walls, Workers: f.workers, Progress: progress.update}
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
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("stopped by --timeout %v: the tables cover the classes solved so far", g.timeout)}
		}
		return &ExitError{Code: ExitBadInput, Err: errors.New("interrupted: the tables cover the classes solved so far")}
	}
	return nil
}

func printSweep(w io.Writer, dims string, s *sweep.Summary) {
	state := ""
	if !s.Complete {
		state = " (INCOMPLETE)"
	}
	fmt.Fprintf(w, "%s: %s boards with %d walls%s\n", s.Model, dims, s.Walls, state)
	fmt.Fprintf(w, "  %d boards, %d classes up to symmetry (group of order %d), %.1fs\n", s.Boards, s.Classes, s.Group, s.Seconds)
	fmt.Fprintf(w, "  %6s %10s %8s %12s %8s\n", "value", "classes", "", "boards", "")
	var classes, boards int64
	for _, b := range s.Values {
		classes += b.Classes
		boards += b.Boards
	}
	for _, b := range s.Values {
		fmt.Fprintf(w, "  %6d %10d %7.2f%% %12d %7.2f%%\n", b.Value, b.Classes, percent(b.Classes, classes), b.Boards, percent(b.Boards, boards))
	}
	if s.Infeasible > 0 {
		fmt.Fprintf(w, "  %d classes have no solution\n", s.Infeasible)
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
		Use:   "puzzles MODEL.yaml -o PUZZLES.jsonl",
		Short: "Find boards with a unique optimal solution and no superfluous wall (the blocked-queens seed's puzzles)",
		Long: `puzzles adds 0, 1, ... --max-walls walls to the model's board, one board per
symmetry class, and keeps those whose optimal solution is unique and that
contain no smaller such board of the same value. Each puzzle (walls, value,
its unique solution, verified) is written to -o as a JSON line.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			solver, err := g.backend(f.backend)
			if err != nil {
				return err
			}
			m, err := g.loadModel(args[0])
			if err != nil {
				return err
			}
			ctx, cancel := g.context(cmd.Context())
			defer cancel()
			progress := newProgress(streams.Err)
			defer progress.done()
			opts := sweep.PuzzleOptions{MaxWalls: f.maxWalls, Limit: f.limit, Workers: f.workers, Progress: progress.update}
			write, closeOut, err := jsonLines(f.out)
			if err != nil {
				return err
			}
			defer closeOut()
			if write != nil {
				opts.Record = func(p sweep.Puzzle) error { return write(p) }
			}
			sum, err := sweep.Puzzles(ctx, m, solver, opts)
			progress.done()
			if err != nil {
				return &ExitError{Code: ExitBadInput, Err: err}
			}
			if err := closeOut(); err != nil {
				return err
			}
			if g.json {
				return writeJSON(streams.Out, sum)
			}
			fmt.Fprintf(streams.Out, "%s: %d puzzles in %.1fs\n", sum.Model, sum.Puzzles, sum.Seconds)
			fmt.Fprintf(streams.Out, "  %5s %10s %10s %10s\n", "walls", "classes", "unique", "puzzles")
			for _, l := range sum.Levels {
				fmt.Fprintf(streams.Out, "  %5d %10d %10d %10d\n", l.Walls, l.Classes, l.Unique, l.Puzzles)
			}
			if !sum.Complete {
				fmt.Fprintln(streams.Out, "  (the last level was not tried to the end: --limit, --timeout or an interrupt)")
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&f.maxWalls, "max-walls", 3, "try boards with up to this many walls")
	cmd.Flags().IntVar(&f.limit, "limit", 0, "stop after this many puzzles (0: no limit)")
	cmd.Flags().StringVar(&f.backend, "backend", "exact", "solver backend")
	cmd.Flags().StringVarP(&f.out, "output", "o", "", "write the puzzles to this file as JSON lines")
	cmd.Flags().IntVar(&f.workers, "workers", 0, "boards solved at once (0: every core)")
	return cmd
}
