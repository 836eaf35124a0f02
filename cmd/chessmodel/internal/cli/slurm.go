package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/shard"
)

// slurmFlags are the flags of slurm.
type slurmFlags struct {
	task   partTask
	shards int
	out    string
	binary string
	cpus   int
	sbatch []string
	// maxMemory is --max-memory as given, passed on to every part ("": the
	// parts' default)
	maxMemory string
	tasks     int // the array's tasks for one replica of the parts (0: as many as parts, at most MaxArrayTasks)
	replicas  int
}

// MaxArrayTasks is the most tasks slurm writes into one job array by
// default: Slurm's MaxArraySize is 1001 unless its configuration says
// otherwise, so more parts than this share tasks (--tasks).
const MaxArrayTasks = 1000

// taskCount is the array's tasks for one replica of of parts.
func (f *slurmFlags) taskCount(of int) int {
	if f.tasks > 0 {
		return min(f.tasks, of)
	}
	return min(of, MaxArrayTasks)
}

func newSlurmCommand(g *globals, streams Streams) *cobra.Command {
	f := &slurmFlags{}
	cmd := &cobra.Command{
		Use:   "slurm MODEL.yaml --shards N [--out DIR]",
		Short: "Write an sbatch job array of the parts of a count (or sweep, or solve with --solve) and a dependent merge job",
		Long: `slurm writes to --out: model.yaml (the model's text; --set goes on each part's
command line), key (the job's key, which seals every record), parts.sbatch
(a job array of N tasks, each running --shard $SLURM_ARRAY_TASK_ID/N into
parts/part-K.jsonl, renamed into place only when complete), merge.sbatch
(chessmodel merge --key-file of every part into answer.txt, or its error
into merge.log) and submit.sh, which submits the
array and the merge job with --dependency=afterok on it. The directory must
be on a file system every node sees; the program is --binary (default: this
one).`,
		Example: `  chessmodel slurm testdata/models/n-queens.yaml --set board=20 --symmetry --shards 256 --out q20 --sbatch=--partition=long
  sh q20/submit.sh && cat q20/answer.txt`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flag("max-memory").Changed { // every part runs under the job's bound: the same method
				f.maxMemory = fmt.Sprint(int64(g.maxMemory)) // in bytes, exactly
				if g.maxMemory < 0 {
					f.maxMemory = "none"
				}
			}
			return runSlurm(cmd.Context(), g, streams, f, args[0])
		},
	}
	fl := cmd.Flags()
	addTaskFlags(cmd, g, &f.task)
	fl.IntVar(&f.shards, "shards", 0, "the number of parts: the array's tasks (required)")
	fl.StringVar(&f.out, "out", "slurm", "the directory of the scripts, the parts and the answer")
	fl.StringVar(&f.binary, "binary", "", "the chessmodel program the jobs run (default: this one)")
	fl.IntVar(&f.cpus, "cpus-per-task", 1, "#SBATCH --cpus-per-task of each task (0: Slurm's default, which may be every core); each part runs on the CPUs it is given")
	fl.IntVar(&f.tasks, "tasks", 0, fmt.Sprintf("the array's tasks, each running a range of the parts (0: one a part, at most %d, below Slurm's default MaxArraySize)", MaxArrayTasks))
	fl.IntVar(&f.replicas, "replicas", 1, "tasks that do each part, whose records merge --replicas compares")
	fl.StringArrayVar(&f.sbatch, "sbatch", nil, "another #SBATCH line for both jobs, e.g. --sbatch=--partition=long (repeatable)")
	completeModels(cmd)
	return cmd
}

func runSlurm(ctx context.Context, g *globals, streams Streams, f *slurmFlags, path string) error {
	if f.shards < 1 || f.tasks < 0 || f.replicas < 1 || f.cpus < 0 {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--shards %d, --tasks %d, --replicas %d, --cpus-per-task %d: expected parts and replicas from 1, tasks and CPUs from 0",
			f.shards, f.tasks, f.replicas, f.cpus)}
	}
	job, err := f.task.loadJob(ctx, g, path, f.shards) // the model must parse before anything is written
	if err != nil {
		return err
	}
	if f.binary == "" {
		if f.binary, err = os.Executable(); err != nil {
			return err
		}
	}
	dir, err := filepath.Abs(f.out)
	if err != nil {
		return err
	}
	if strings.ContainsAny(dir+f.binary, " \t\n'\"\\%") { // #SBATCH lines take no quotes
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--out %q, --binary %q: a path for Slurm may not hold blanks, quotes, backslashes or %%", dir, f.binary)}
	}
	files, err := slurmFiles(job, f, dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, "parts"), 0o755); err != nil {
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	// the job's key seals every part's record; a job written again keeps it
	if key := filepath.Join(dir, "key"); !fileExists(key) {
		if _, err := shard.WriteKey(key); err != nil {
			return &ExitError{Code: ExitBadInput, Err: err}
		}
	}
	for _, file := range files {
		if err := os.WriteFile(filepath.Join(dir, file.name), []byte(file.text), file.mode); err != nil {
			return &ExitError{Code: ExitBadInput, Err: err}
		}
	}
	fmt.Fprintf(streams.Out, "%s: %s in %d parts on %d array tasks written to %s; submit with: sh %s\n",
		job.Model, job.Task, job.Of, f.taskCount(job.Of)*max(f.replicas, 1), dir, filepath.Join(dir, "submit.sh"))
	return nil
}

type slurmFile struct {
	name, text string
	mode       os.FileMode
}

// slurmFiles are the model and the scripts of a job array.
func slurmFiles(job *shard.Job, f *slurmFlags, dir string) ([]slurmFile, error) {
	q := shellQuote
	key := q(filepath.Join(dir, "key"))
	args := []string{q(f.binary), job.Task, q(filepath.Join(dir, "model.yaml")), "--backend", q(job.Options.Backend), "--key-file", key}
	if f.maxMemory != "" {
		args = append(args, "--max-memory", q(f.maxMemory))
	}
	for _, o := range job.Overrides {
		args = append(args, "--set", q(o))
	}
	switch {
	case job.Task == shard.TaskSweep:
		args = append(args, "--walls", fmt.Sprint(job.Options.Walls))
	case job.Options.Symmetry:
		args = append(args, "--symmetry")
	}
	if job.Options.DistinctWalls {
		args = append(args, "--distinct", "walls")
	}
	header := "#!/bin/sh\n"
	for _, line := range f.sbatch {
		header += "#SBATCH " + line + "\n"
	}
	name := "chessmodel-" + strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '-'
	}, strings.ToLower(job.Model))
	cpus := ""
	if f.cpus > 0 {
		cpus = fmt.Sprintf("#SBATCH --cpus-per-task=%d\n", f.cpus)
	}
	tasks, replicas := f.taskCount(job.Of), max(f.replicas, 1)
	parts := header + fmt.Sprintf(`#SBATCH --job-name=%s
#SBATCH --array=0-%d
#SBATCH --output=%s
%s# task T of the array runs replica T %% %d of the parts T / %d * %d / %d to the next task's,
# of %d; their records go to parts/part-G-rR.jsonl, renamed into place only once complete
set -eu
task=$SLURM_ARRAY_TASK_ID
group=$((task / %d))
replica=$((task %% %d))
from=$((group * %d / %d))
to=$(((group + 1) * %d / %d - 1))
out=%s/part-$group-r$replica.jsonl
%s --shard "$from-$to/%d" --workers "${SLURM_CPUS_PER_TASK:-1}" > "$out.partial"
mv "$out.partial" "$out"
`, name, tasks*replicas-1, filepath.Join(dir, "parts", "part-%a-%j.log"), cpus, replicas, replicas, job.Of, tasks, job.Of,
		replicas, replicas, job.Of, tasks, job.Of, tasks, q(filepath.Join(dir, "parts")), strings.Join(args, " "), job.Of)
	merge := header + fmt.Sprintf(`#SBATCH --job-name=%s-merge
#SBATCH --output=%s
# the merged answer of every part, as the one-process run prints it
set -eu
%s merge --key-file %s --replicas %d %s/part-*.jsonl > %s.partial
mv %s.partial %s
`, name, filepath.Join(dir, "merge.log"), q(f.binary), key, replicas, q(filepath.Join(dir, "parts")),
		q(filepath.Join(dir, "answer.txt")), q(filepath.Join(dir, "answer.txt")), q(filepath.Join(dir, "answer.txt")))
	submit := fmt.Sprintf(`#!/bin/sh
# submits the job array, then the merge job to run once every part succeeded
set -eu
array=$(sbatch --parsable %s)
array=${array%%%%;*}
merge=$(sbatch --parsable --dependency=afterok:$array %s)
echo "job array $array (the parts), merge job ${merge%%%%;*}"
`, q(filepath.Join(dir, "parts.sbatch")), q(filepath.Join(dir, "merge.sbatch")))
	return []slurmFile{
		{"model.yaml", job.Source, 0o644},
		{"parts.sbatch", parts, 0o755},
		{"merge.sbatch", merge, 0o755},
		{"submit.sh", submit, 0o755},
	}, nil
}

// shellQuote quotes a word for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
