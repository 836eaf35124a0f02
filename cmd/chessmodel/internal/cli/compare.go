package cli

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/extern"
	"github.com/chessmodel/chessmodel/internal/gen"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/mzn"
)

type compareFlags struct {
	tasks       string
	backends    string
	symmetry    bool
	random      int
	wrapped     bool // --random draws wrapped boards and one-sided pieces
	seed        uint64
	output      string
	solvers     bool
	taskTimeout time.Duration
	draw        string // --draw: the kind of random model (gen.Draws)
	groups      bool   // --groups: draw only group models (gen.RandomArmy)
}

// Unless --task-timeout says otherwise, each backend has this long for each
// task: a minute on the user's models; two seconds on random ones, which are
// small, so that a model on which one backend would take minutes (an ILP
// counting a hundred thousand solutions one no-good cut at a time) does not
// hold up the other hundreds.
const (
	defaultTaskTimeout       = time.Minute
	defaultRandomTaskTimeout = 2 * time.Second
)

func newCompareCommand(g *globals, streams Streams) *cobra.Command {
	f := &compareFlags{}
	cmd := &cobra.Command{
		Use:   "compare MODEL.yaml... | --random N --seed S",
		Short: "Run every backend on the same models, verify every answer, report agreement (exit 1 on any disagreement)",
		Long: `compare asks each backend to do the same task on the same model, checks every
solution with the independent checker, and prints one row per model and task:
each backend's answer and time, and the verdict — agree, incomplete (a backend
could not do the task or ran out of time: never counted as agreement),
DISAGREE, or FAILED (a backend returned a solution the checker rejects).

--task-timeout bounds each backend on each task (a backend stopped by it makes
the row incomplete); --timeout bounds the whole run. With --random N, N small
random models are drawn from --seed, one at a time as they are compared (one
in ten at the backends' internal limits, one in ten on a degenerate board: a
side of 1 or 2, every square a wall, or fixed pieces covering every square);
a model on which the backends disagree is written to the directory -o (made,
and checked to be writable, before the first model), with the command that
reproduces it. On a terminal a status line shows the model being compared and
the verdicts so far.`,
		Example: `  # both backends, solve and count, on two models
  chessmodel compare testdata/models/eight-queens.yaml testdata/models/amazons.yaml

  # the exported LP, MPS and CPLEX LP files through lp_solve, cbc and glpsol too
  chessmodel compare --solvers --task solve testdata/models/blocked-3w-value11.yaml

  # 300 random small models (at most 2s per backend and task)
  chessmodel compare --random 300 --seed 1 -o failures/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if (len(args) == 0) == (f.random == 0) {
				return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("give model files, or --random N (not both)")}
			}
			if f.random > 0 && !cmd.Flags().Changed("task-timeout") {
				f.taskTimeout = defaultRandomTaskTimeout
			}
			return runCompare(cmd.Context(), g, streams, f, args)
		},
	}
	cmd.Flags().StringVar(&f.tasks, "task", "solve,count", "tasks to compare: solve, count, or solve,count")
	cmd.Flags().StringVar(&f.backends, "backends", defaultCompareBackends, "backends to compare, from "+g.backends.names())
	durationVar(cmd.Flags(), &f.taskTimeout, "task-timeout", defaultTaskTimeout,
		fmt.Sprintf("bound on each backend for each task, %v with --random (0: none); --timeout bounds the whole run", defaultRandomTaskTimeout))
	cmd.Flags().BoolVar(&f.symmetry, "symmetry", true, "count also compares classes up to symmetry")
	cmd.Flags().IntVar(&f.random, "random", 0, "compare on this many random small models")
	cmd.Flags().Uint64Var(&f.seed, "seed", 1, "seed of the random models")
	cmd.Flags().StringVar(&f.draw, "draw", "place", "the kind of random model: place, tour (open, closed and undirected tours), slide (slides with different pieces) or game (two-player games, on boards up to 4x4)")
	cmd.Flags().BoolVar(&f.wrapped, "wrapped", false, "with --random: draw wrapped boards (cylinder, torus, mobius, klein) and one-sided pieces")
	cmd.Flags().BoolVar(&f.groups, "groups", false, "with --random, draw only models of pieces in groups (peaceable armies)")
	cmd.Flags().StringVarP(&f.output, "output", "o", ".", "directory for random models on which backends disagree")
	deprecatedAlias(cmd, "out", "output")
	cmd.Flags().BoolVar(&f.solvers, "solvers", false, "solve and count rows also run the exported model through "+externalToolsHelp()+" (they count by no-good cuts, one run of the tool per class)")
	completeValues(cmd, "task", "solve", "count", "solve,count")
	completeList(cmd, "backends", sortedKeys(g.backends))
	return cmd
}

func runCompare(ctx context.Context, g *globals, streams Streams, f *compareFlags, files []string) error {
	solveWith, err := compareSolvers(g, f)
	if err != nil {
		return err
	}
	tasks, err := compareTasks(f.tasks)
	if err != nil {
		return err
	}
	opts := compare.Options{Timeout: f.taskTimeout, Symmetry: f.symmetry, MaxMemory: int64(g.maxMemory)}
	jobs, err := loadCompareJobs(ctx, g, f, files)
	if err != nil {
		return err
	}
	if f.random > 0 {
		if err := prepareOutput(f.output); err != nil {
			return err
		}
	}
	ctx, cancel := g.context(ctx)
	defer cancel()
	table := newCompareTable(streams.Out, g.json, jobs.names())
	progress := newProgress(streams.Err)
	defer progress.done()
	bad := 0
	var unread error // the most serious status of the model files that could not be read
	unreadFiles := 0
	tally := map[compare.Verdict]int{}
	rows := 0
	// stop ends a run cut by --timeout or an interrupt after done models.
	stop := func(done int) error {
		progress.done()
		printTally(streams.Out, g.json, rows, tally, unreadFiles)
		return moreSerious(stopped(ctx, g, fmt.Sprintf("after %d of %s", done, plural(int64(jobs.total), "model", "models"))), unread)
	}
	for i := 0; i < jobs.total; i++ {
		if ctx.Err() != nil {
			return stop(i)
		}
		j, err := jobs.at(i)
		if err != nil {
			return err
		}
		if j.err != nil {
			// a model file that cannot be read: said at its turn, the
			// others compared; the run exits with its status (2)
			progress.clear()
			err := classify(j.err)
			if len(jobs.files) > 1 {
				err = &ExitError{Code: ExitCode(err), Err: namedError(j.path, unwrapExit(err))}
			}
			printError(streams.Err, err, g.json)
			unread = moreSerious(unread, &ExitError{Code: ExitCode(err)})
			unreadFiles++
			continue
		}
		for _, task := range tasks {
			if task != model.TaskSolve && (j.m.Kind == model.KindSlide || j.m.Kind == model.KindGame) {
				continue // a slide or a game is only solved: its answer is the least number of moves, or the start's value
			}
			if ctx.Err() != nil {
				return stop(i)
			}
			progress.update(float64(i)/float64(jobs.total), fmt.Sprintf("model %d of %d, %s %s; %s",
				i+1, jobs.total, j.m.Name, task, tallyText(tally)))
			row := compare.Run(ctx, j.m, gameSolvers(g, f, j.m, solveWith), task, opts) // game.go
			progress.clear()
			if err := table.add(row); err != nil {
				return err
			}
			if ctx.Err() != nil { // cut by the run's --timeout or an interrupt, not the task's bound: shown, not tallied
				return stop(i)
			}
			tally[row.Verdict]++
			rows++
			if row.Verdict == compare.Disagree || row.Verdict == compare.Failed {
				bad++
				if err := saveDisagreement(streams, f, j, row, task); err != nil {
					return err
				}
			}
		}
	}
	progress.done()
	printTally(streams.Out, g.json, rows, tally, unreadFiles)
	if bad > 0 {
		return moreSerious(unread, &ExitError{Code: ExitNegative})
	}
	return unread
}

// compareSolvers are the backends of --backends, and those of the rows:
// with --solvers the command-line tools join them (they solve, and count
// placements by no-good cuts; what they cannot do makes the row
// incomplete).
func compareSolvers(g *globals, f *compareFlags) ([]model.Solver, error) {
	var solvers []model.Solver
	for _, name := range strings.Split(f.backends, ",") {
		s, err := g.backend(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		solvers = append(solvers, s)
	}
	if f.solvers {
		for _, tool := range extern.ExternalTools {
			solvers = append(solvers, &extern.External{Tool: tool})
		}
		solvers = append(solvers, mzn.New()) // a formulation of its own, not the exported program
	}
	return solvers, nil
}

// compareTasks reads --task: solve, count or both.
func compareTasks(list string) ([]model.Task, error) {
	var tasks []model.Task
	for _, name := range strings.Split(list, ",") {
		switch strings.TrimSpace(name) {
		case "solve":
			tasks = append(tasks, model.TaskSolve)
		case "count":
			tasks = append(tasks, model.TaskCount)
		default:
			return nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--task %q: expected solve, count or solve,count", name)}
		}
	}
	return tasks, nil
}

// A compareJob is one model to compare.
type compareJob struct {
	m    *model.Model
	text string // the model's source, for random models
	path string // the model's file
	err  error  // why the file could not be read: the row is skipped, the others compared
}

// compareJobs are the models of a run: the files, then the random ones.
// Random models are drawn one at a time, in order, as they are compared:
// the same seed gives the same models, and --timeout and signals are in
// force from the first.
type compareJobs struct {
	files []compareJob
	seed  uint64
	rng   *rand.Rand
	total int
	draw  func(*rand.Rand, string) string // the generator of --draw, or RandomArmy with --groups
}

// loadCompareJobs reads every model file first; one that cannot be read is
// reported at its turn and does not stop the others.
func loadCompareJobs(ctx context.Context, g *globals, f *compareFlags, files []string) (*compareJobs, error) {
	jobs := &compareJobs{seed: f.seed, rng: rand.New(rand.NewPCG(f.seed, 0)), draw: gen.Draws[f.draw]}
	if jobs.draw == nil {
		return nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--draw %q: expected place, tour, slide or game", f.draw)}
	}
	if (f.groups || f.wrapped) && f.draw != "place" {
		return nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--groups and --wrapped choose random models of their own; they do not go with --draw %s", f.draw)}
	}
	switch {
	case f.groups:
		jobs.draw = gen.RandomArmy
	case f.wrapped:
		jobs.draw = gen.RandomWrapped
	}
	for _, l := range g.loadModels(ctx, files) {
		if code := ExitCode(l.err); code == ExitInterrupted {
			return nil, l.err
		}
		jobs.files = append(jobs.files, compareJob{m: l.m, path: l.path, err: l.err})
	}
	if f.random < 0 {
		return nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--random %d: expected a number of models from 1", f.random)}
	}
	jobs.total = len(jobs.files) + f.random
	return jobs, nil
}

// names are the names of the model files.
func (js *compareJobs) names() []string {
	var names []string
	for _, j := range js.files {
		if j.m != nil {
			names = append(names, j.m.Name)
		}
	}
	return names
}

// at is the i-th model: a file, or the next random model (called in order).
func (js *compareJobs) at(i int) (compareJob, error) {
	if i < len(js.files) {
		return js.files[i], nil
	}
	name := fmt.Sprintf("random-%d-%d", js.seed, i-len(js.files)+1)
	text := js.draw(js.rng, name)
	m, err := model.Parse([]byte(text), name+".yaml")
	if err != nil {
		return compareJob{}, fmt.Errorf("random model %s does not parse (a bug in the generator): %w", name, err)
	}
	return compareJob{m: m, text: text}, nil
}

// prepareOutput makes the directory -o, where random models on which the
// backends disagree are written, and checks that a file can be written in
// it, before the first model: a run that finds it missing at the first
// disagreement stops there, the models after it never compared.
func prepareOutput(dir string) error {
	bad := func(err error) error {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("-o %s: the directory for the models on which backends disagree: %w", dir, err)}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return bad(err)
	}
	probe, err := os.CreateTemp(dir, ".chessmodel-compare-*")
	if err != nil {
		return bad(err)
	}
	probe.Close()
	return os.Remove(probe.Name())
}

// saveDisagreement writes a random model on which the backends disagree
// to the directory -o, and says how to reproduce the row.
func saveDisagreement(streams Streams, f *compareFlags, j compareJob, row compare.Row, task model.Task) error {
	if j.text == "" {
		return nil
	}
	path := filepath.Join(f.output, j.m.Name+".yaml")
	if err := os.WriteFile(path, []byte(j.text), 0o644); err != nil {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("cannot save the model: %w", err)}
	}
	fmt.Fprintf(streams.Err, "%s: %s — model written to %s; reproduce with:\n  chessmodel compare %s --task %s --backends %s\n",
		j.m.Name, row.Reason, path, path, task, f.backends)
	return nil
}

// tallyText is the verdicts so far: "12 agree, 1 incomplete, 0 disagree".
func tallyText(tally map[compare.Verdict]int) string {
	return fmt.Sprintf("%d agree, %d incomplete, %d disagree, %d failed",
		tally[compare.Agree], tally[compare.Incomplete], tally[compare.Disagree], tally[compare.Failed])
}

// printTally closes the table with the verdicts of every row, and the
// number of model files that could not be read (each said on stderr).
func printTally(w io.Writer, asJSON bool, rows int, tally map[compare.Verdict]int, unread int) {
	if asJSON {
		return
	}
	fmt.Fprintf(w, "\n%s: %s", plural(int64(rows), "row", "rows"), tallyText(tally))
	if unread > 0 {
		fmt.Fprintf(w, "; %s not read (bad input)", plural(int64(unread), "model file", "model files"))
	}
	fmt.Fprintln(w)
}

// compareTable prints rows as they come, in fixed-width columns, or as JSON
// lines. It does not use text/tabwriter, which aligns only what it has
// buffered: a comparison of hundreds of models piped to a file or to tee
// should show each row as soon as it is judged.
type compareTable struct {
	json       bool
	w          io.Writer
	header     string // the backends of the last header printed
	modelWidth int    // the longest model name, so that none is cut
}

// newCompareTable prints a table of the named models.
func newCompareTable(w io.Writer, asJSON bool, names []string) *compareTable {
	t := &compareTable{json: asJSON, w: w, modelWidth: minModelWidth}
	for _, name := range names {
		t.modelWidth = max(t.modelWidth, utf8.RuneCountInString(name))
	}
	return t
}

const (
	minModelWidth = 34
	answerWidth   = 24
)

func (t *compareTable) add(row compare.Row) error {
	if t.json {
		return writeJSON(t.w, row)
	}
	var names []string
	for _, a := range row.Answers {
		names = append(names, a.Backend)
	}
	// A header whenever the backends change (solve rows may have more).
	if header := strings.Join(names, " "); header != t.header {
		t.header = header
		fmt.Fprintf(t.w, "%-*s %-6s", t.modelWidth, "model", "task")
		for _, name := range names {
			fmt.Fprintf(t.w, " %-*s", answerWidth, name)
		}
		fmt.Fprintf(t.w, " %-8s %s\n", "verified", "verdict")
	}
	fmt.Fprintf(t.w, "%-*s %-6s", t.modelWidth, row.Model, row.Task)
	for _, a := range row.Answers {
		fmt.Fprintf(t.w, " %-*s", answerWidth, answerText(a))
	}
	verdict := row.Verdict.String()
	if row.Reason != "" && row.Verdict != compare.Agree {
		verdict += ": " + row.Reason
		if len(verdict) > 100 {
			verdict = verdict[:100] + "..."
		}
	}
	_, err := fmt.Fprintf(t.w, " %-8s %s\n", verifiedText(row.Answers), verdict)
	return err
}

// verifiedText is the verified column: how many of the answers that claim
// solutions had them accepted by the checker, "k of n"; "-" when none
// claims one (every answer infeasible: there is nothing to verify).
func verifiedText(answers []compare.Answer) string {
	verified, claims := 0, 0
	for _, a := range answers {
		if a.Status == model.StatusInfeasible && a.Problem == "" {
			continue
		}
		claims++
		if a.Verified {
			verified++
		}
	}
	if claims == 0 {
		return "-"
	}
	return fmt.Sprintf("%d of %d", verified, claims)
}

func answerText(a compare.Answer) string {
	if a.Problem != "" && a.Problem != compare.TimedOut {
		return string(a.Problem)
	}
	s := a.Status.String()
	if a.Problem == compare.TimedOut {
		s = "timeout"
	}
	if a.Count != nil {
		s += fmt.Sprintf(" %d", *a.Count)
		if a.Classes != nil {
			s += fmt.Sprintf("/%d", *a.Classes)
		}
	} else if a.Value != nil {
		s += fmt.Sprintf(" %d", *a.Value)
	}
	return fmt.Sprintf("%s (%.2fs)", s, a.Seconds)
}

// defaultCompareBackends is the default of --backends (on a game model,
// exact and brute: gameSolvers).
const defaultCompareBackends = "exact,ilp"
