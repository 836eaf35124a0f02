package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
)

// mergeFlags are merge's flags.
type mergeFlags struct {
	keyFile     string
	replicas    int
	mixedBuilds bool
}

func newMergeCommand(g *globals, streams Streams) *cobra.Command {
	f := &mergeFlags{}
	cmd := &cobra.Command{
		Use:   "merge RECORDS.jsonl...",
		Short: "Merge the result records of every part of a split count, sweep or solve into the one-process answer",
		Long: `merge reads the JSON-lines records that count, sweep and solve --shard K/N
write (or the cluster and slurm commands collect), checks that every part
0..N-1 is there exactly once, all of the same model (by digest), task and
options, checks each record's seal (with --key-file, the job's key), that
each is consistent in itself and with the others, and each part's example
solution with the checker, and prints what the one-process run prints (text,
or --json), its seconds the parts' sum. A missing, duplicated, foreign,
edited or inconsistent part is an error naming its file and line (exit 2).
With --replicas R every part is there R times, from runs of its own: their
answers must agree, or a majority decide (the outvoted records are named on
standard error); two that disagree with no majority are an error.`,
		Example: `  for k in 0 1 2 3; do chessmodel count testdata/models/n-queens.yaml --set board=12 --shard $k/4 > part-$k.jsonl; done
  chessmodel merge part-*.jsonl`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMerge(cmd.Context(), g, streams, f, args)
		},
	}
	addKeyFlag(cmd, &f.keyFile, "the job's key: every record must be sealed with it (count, sweep and solve --shard --key-file)")
	cmd.Flags().IntVar(&f.replicas, "replicas", 1, "the records of each part, from runs of their own, whose answers must agree or a majority decide")
	cmd.Flags().BoolVar(&f.mixedBuilds, "mixed-builds", false, "take parts run by several builds of chessmodel, refused otherwise since another build may split the task otherwise (compare a part run by both with --replicas first)")
	return cmd
}

func runMerge(ctx context.Context, g *globals, streams Streams, f *mergeFlags, paths []string) error {
	if f.replicas < 1 {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--replicas %d: expected the records of each part, from 1", f.replicas)}
	}
	key, err := readKey(f.keyFile)
	if err != nil {
		return err
	}
	var records []*shard.Record
	for _, path := range paths {
		recs, err := readInput(ctx, g, path, "shard record", func(r io.Reader, name string) (*[]*shard.Record, error) {
			recs, err := shard.Read(name, r)
			return &recs, err
		})
		if err != nil {
			return err
		}
		records = append(records, *recs...)
	}
	merged, err := shard.Merge(records, shard.MergeOptions{Key: key, Replicas: f.replicas, MixedBuilds: f.mixedBuilds})
	if err != nil {
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	printOutvoted(streams.Err, merged)
	return printMerged(streams.Out, g.json, merged)
}

// printOutvoted names the records of parts done more than once that the
// majority outvoted.
func printOutvoted(w io.Writer, merged *shard.Merged) {
	for _, o := range merged.Outvoted {
		fmt.Fprintf(w, "chessmodel: outvoted: %s\n", o)
	}
}

// printMerged prints a merged answer as the one-process count or sweep
// prints it.
func printMerged(w io.Writer, asJSON bool, merged *shard.Merged) error {
	m := merged.Model
	if merged.Sweep != nil {
		if asJSON {
			return writeJSON(w, merged.Sweep)
		}
		printSweep(w, m.Board.Dims(), merged.Sweep)
		return nil
	}
	res := merged.Result
	model.ExplainInfeasible(m, res)
	if asJSON {
		return writeResultJSON(w, res)
	}
	printResult(w, m, res)
	return nil
}
