package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
	"github.com/chessmodel/chessmodel/sweep"
)

// Splitting count and sweep into parts (package shard): --shards N lists
// the parts of an N-way split, --shard K/N runs one and writes its record.

// shardFlags are the flags of count and sweep that split their task.
type shardFlags struct {
	list    int    // --shards N
	run     string // --shard K/N or K-L/N
	keyFile string // --key-file: the job's key, which seals each record
}

func addShardFlags(cmd *cobra.Command, f *shardFlags) {
	cmd.Flags().IntVar(&f.list, "shards", 0, "list the parts of an N-way split of the task, with an estimate of each one's work, and exit")
	cmd.Flags().StringVar(&f.run, "shard", "", "run part K of an N-way split (K/N, parts from 0; K-L/N for parts K to L) and write a JSON-lines result record per part to standard output, for merge")
	addKeyFlag(cmd, &f.keyFile, "seal each record with the job's key in this file (merge --key-file checks it); without, the plain seal")
}

// addKeyFlag defines --key-file.
func addKeyFlag(cmd *cobra.Command, path *string, usage string) {
	cmd.Flags().StringVar(path, "key-file", "", usage)
}

// readKey reads the key file a flag names; nil when none is named.
func readKey(path string) ([]byte, error) {
	if path == "" {
		return nil, nil
	}
	key, err := shard.ReadKey(path)
	if err != nil {
		return nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--key-file: %w", err)}
	}
	return key, nil
}

func (f *shardFlags) active() bool { return f.list != 0 || f.run != "" }

// parseParts reads K/N or K-L/N.
func parseParts(s string) (from, to, of int, err error) {
	bad := &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--shard %q: expected K/N or K-L/N with 0 <= K <= L < N, e.g. 3/8 or 0-3/8", s)}
	parts, ofText, ok := strings.Cut(s, "/")
	if !ok {
		return 0, 0, 0, bad
	}
	fromText, toText, isRange := strings.Cut(parts, "-")
	if !isRange {
		toText = fromText
	}
	var errs [3]error
	from, errs[0] = strconv.Atoi(fromText)
	to, errs[1] = strconv.Atoi(toText)
	of, errs[2] = strconv.Atoi(ofText)
	if errors.Join(errs[:]...) != nil || from < 0 || from > to || to >= of {
		return 0, 0, 0, bad
	}
	return from, to, of, nil
}

// loadJob reads a model's text (a file, or - for standard input) and
// describes its task split of ways.
func (g *globals) loadJob(ctx context.Context, path, task string, opts shard.Options, of int) (*shard.Job, *model.Model, error) {
	var data []byte
	var err error
	if path == "-" {
		data, err = readStdin(ctx, g, "model", func(r io.Reader) ([]byte, error) {
			return model.ReadLimited(r, "stdin", model.MaxFileBytes)
		})
		path = "stdin"
	} else {
		data, err = model.ReadFile(path, model.MaxFileBytes)
	}
	if err != nil {
		return nil, nil, inputError(err, "model")
	}
	job, m, err := shard.NewJob(path, data, g.overrides, task, opts, of)
	return job, m, inputError(err, "model")
}

// runShards lists the parts of a split or runs some.
func runShards(ctx context.Context, g *globals, streams Streams, f *shardFlags, path, task string, opts shard.Options, workers int) error {
	if f.list != 0 && f.run != "" {
		return &ExitError{Code: ExitBadInput, Err: errors.New("--shards lists the parts, --shard runs some: give one of them")}
	}
	if f.list < 0 {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--shards %d: expected a number of parts from 1", f.list)}
	}
	from, to, of := 0, -1, f.list
	if f.run != "" {
		var err error
		if from, to, of, err = parseParts(f.run); err != nil {
			return err
		}
	}
	solver, err := g.backend(opts.Backend)
	if err != nil {
		return err
	}
	key, err := readKey(f.keyFile)
	if err != nil {
		return err
	}
	job, m, err := g.loadJob(ctx, path, task, opts, of)
	if err != nil {
		return err
	}
	if f.list > 0 {
		return listShards(streams.Out, g.json, job, m, int64(g.maxMemory))
	}
	ctx, cancel := g.context(ctx)
	defer cancel()
	progress := newProgress(streams.Err)
	defer progress.done()
	for k := from; k <= to; k++ {
		rec, err := shard.Run(ctx, job, k, solver, shard.RunOptions{Workers: workers, MaxMemory: int64(g.maxMemory), Progress: progress.update, Key: key, Build: buildID()})
		progress.clear()
		if err != nil {
			return partError(ctx, g, err)
		}
		if err := writeJSON(streams.Out, rec); err != nil {
			return err
		}
		if !g.json {
			fmt.Fprintln(streams.Err, partLine(rec))
		}
	}
	return nil
}

// partError is the error of a part that gave no record.
func partError(ctx context.Context, g *globals, err error) error {
	if !errors.Is(err, shard.ErrIncomplete) {
		return err // classified by Run: unsupported, or bad input
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &ExitError{Code: ExitTimeout, Err: fmt.Errorf("stopped by --timeout %v before the part's end; no record was written", g.timeout)}
	}
	if ctx.Err() != nil {
		return &ExitError{Code: ExitInterrupted, Err: errors.New("interrupted before the part's end; no record was written")}
	}
	return &ExitError{Code: ExitBadInput, Err: err}
}

// partLine says on standard error what a part found.
func partLine(r *shard.Record) string {
	s := fmt.Sprintf("%s: part %d/%d: ", r.Model, r.Shard, r.Of)
	switch {
	case r.Sweep != nil:
		s += plural(r.Sweep.Classes, "class", "classes") + " solved"
	case r.Count != nil:
		s += plural(*r.Count, "solution", "solutions")
	case r.Proof != nil && r.Proof.Kind == "" && r.Proof.Found:
		s += fmt.Sprintf("covers with %d (U = %d)", r.Proof.Least, r.Proof.Upper)
	case r.Proof != nil && r.Proof.Kind == "":
		s += fmt.Sprintf("no cover below U = %d", r.Proof.Upper)
	case r.Proof != nil && r.Proof.Found:
		s += "a solution in its tasks"
	case r.Proof != nil:
		s += "no solution in its tasks"
	default:
		s += r.Status.String()
	}
	s += fmt.Sprintf(", %.3fs", r.Seconds)
	if r.Nodes > 0 {
		s += ", " + plural(r.Nodes, "node", "nodes")
	}
	return s
}

// A partCost is one line of --shards.
type partCost struct {
	Shard    int     `json:"shard"`
	Tasks    int64   `json:"tasks"`
	Unit     string  `json:"unit"`
	Estimate float64 `json:"estimate,omitempty"`
}

// listShards prints the parts of a split with their work, where it is
// known beforehand.
func listShards(w io.Writer, asJSON bool, job *shard.Job, m *model.Model, maxMemory int64) error {
	costs, err := partCosts(job, m, maxMemory)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(w, struct {
			Model  string     `json:"model"`
			Digest string     `json:"digest"`
			Task   string     `json:"task"`
			Of     int        `json:"of"`
			Parts  []partCost `json:"parts,omitempty"`
		}{job.Model, job.Digest, job.Task, job.Of, costs})
	}
	fmt.Fprintf(w, "%s: %s in %d parts (model digest %s)\n", job.Model, job.Task, job.Of, job.Digest)
	if costs == nil {
		fmt.Fprintf(w, "  the %s backend's parts have no estimate before they run\n", job.Options.Backend)
		return nil
	}
	var total float64
	for _, c := range costs {
		total += c.Estimate
	}
	for _, c := range costs {
		fmt.Fprintf(w, "  part %d/%d: %d %s", c.Shard, job.Of, c.Tasks, c.Unit)
		if total > 0 {
			fmt.Fprintf(w, ", estimate %.3g (%.1f%%)", c.Estimate, 100*c.Estimate/total)
		}
		fmt.Fprintln(w)
	}
	return nil
}

// partCosts is the work of each part, nil where unknown before a run
// (under the memory bound the parts will run with: it chooses the
// n-queens method).
func partCosts(job *shard.Job, m *model.Model, maxMemory int64) ([]partCost, error) {
	var out []partCost
	if job.Task == shard.TaskSweep {
		shares, err := sweep.Shares(m, job.Options.Walls, job.Of)
		if err != nil {
			return nil, &ExitError{Code: ExitBadInput, Err: err}
		}
		for k, s := range shares {
			out = append(out, partCost{Shard: k, Tasks: s.Classes, Unit: "wall classes"})
		}
		return out, nil
	}
	if job.Options.Backend != "exact" || job.Task == shard.TaskSolve {
		return nil, nil // a proof's parts: their tasks are listed per count of pieces, as each runs
	}
	opts := model.Options{Task: model.TaskCount, Symmetry: job.Options.Symmetry, DistinctWalls: job.Options.DistinctWalls, MaxMemory: maxMemory}
	costs, err := exact.ShardCosts(m, opts, job.Of)
	if err != nil && m.Kind == model.KindTour {
		return nil, err // a tour count's parts are refused, not unknown
	}
	if err != nil {
		return nil, nil //nolint:nilerr // no estimate is an answer: the parts still run
	}
	for k, c := range costs {
		out = append(out, partCost{Shard: k, Tasks: int64(c.Tasks), Unit: c.Unit, Estimate: c.Estimate})
	}
	return out, nil
}

// runTaskShards is count or solve with --shards or --shard: one model.
// A solve splits its proof where the backend's search does (shard.TaskSolve).
func runTaskShards(ctx context.Context, g *globals, streams Streams, task model.Task, f *taskFlags, paths []string) error {
	if len(paths) != 1 {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--shards and --shard split the %s of one model, not %d", task, len(paths))}
	}
	if task == model.TaskSolve {
		if f.intermediate {
			return &ExitError{Code: ExitBadInput, Err: errors.New("--intermediate and --shard: a part of a proof reports its record only")}
		}
		return runShards(ctx, g, streams, &f.shard, paths[0], shard.TaskSolve, shard.Options{Backend: f.backend}, f.workers)
	}
	opts := shard.Options{Backend: f.backend, Symmetry: f.symmetry, DistinctWalls: f.distinct == "walls"}
	return runShards(ctx, g, streams, &f.shard, paths[0], shard.TaskCount, opts, f.workers)
}
