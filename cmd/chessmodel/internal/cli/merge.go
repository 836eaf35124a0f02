package cli

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/shard"
)

func newMergeCommand(g *globals, streams Streams) *cobra.Command {
	return &cobra.Command{
		Use:   "merge RECORDS.jsonl...",
		Short: "Merge the result records of every part of a split count, sweep or solve into the one-process answer",
		Long: `merge reads the JSON-lines records that count, sweep and solve --shard K/N
write (or the cluster and slurm commands collect), checks that every part
0..N-1 is there exactly once, all of the same model (by digest), task and
options, checks each part's example solution with the checker, and prints
what the one-process run prints (text, or --json), its seconds the parts'
sum. A missing, duplicated or foreign part is an error naming it (exit 2).`,
		Example: `  for k in 0 1 2 3; do chessmodel count testdata/models/n-queens.yaml --set board=12 --shard $k/4 > part-$k.jsonl; done
  chessmodel merge part-*.jsonl`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMerge(cmd.Context(), g, streams, args)
		},
	}
}

func runMerge(ctx context.Context, g *globals, streams Streams, paths []string) error {
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
	merged, err := shard.Merge(records)
	if err != nil {
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	return printMerged(streams.Out, g.json, merged)
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
	explainInfeasible(m, res)
	if asJSON {
		return writeResultJSON(w, res)
	}
	printResult(w, m, res)
	return nil
}
