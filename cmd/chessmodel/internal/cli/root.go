package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/chessmodel/chessmodel/model"
)

// Streams are the command's standard input, output and error.
type Streams struct {
	In       io.Reader
	Out, Err io.Writer
}

// Exit statuses of the CLI contract. 0, 1 and 2 are DESIGN.md's; work cut
// short has statuses of its own, like timeout(1)'s 124 and the shell's 128+n
// for a signal, so that a script can tell "no complete answer yet" from
// "wrong input".
const (
	ExitOK          = 0
	ExitNegative    = 1   // a negative answer the user asked about
	ExitBadInput    = 2   // bad input or failure
	ExitTimeout     = 3   // --timeout ended the work before a complete answer; what was found is printed
	ExitUnsupported = 4   // the backend cannot do this task on this model (another backend may)
	ExitInterrupted = 130 // interrupted (Ctrl-C) before a complete answer; what was found is printed
	ExitTerminated  = 143 // as ExitInterrupted, by SIGTERM
)

// exitStatusHelp documents the exit statuses in the root command's help.
const exitStatusHelp = `Exit status:
  0    success
  1    a negative answer you asked about: backends disagree (compare), a
       solution is invalid (check)
  2    bad input (a model, flag or file) or a failure
  3    stopped by --timeout before a complete answer; what was found is shown
  4    the backend cannot do this task on this model; try another --backend
  130  interrupted (Ctrl-C) before a complete answer; what was found is shown
  143  terminated (SIGTERM), likewise
` + severityHelp

// maxMemoryHelp documents --max-memory, the one memory flag of every
// command, and its defaults.
const maxMemoryHelp = `bound the memory a backend may plan for a model, e.g. 2G, 512M or none; a model estimated above it is refused (exit 2). Slide searches (solve of a slide by exact, explore) default instead to CHESSMODEL_MEMORY, else three quarters of the available memory; serve to a Go heap of 2G, at which running solves stop`

// severityHelp is the rule for a command given several models.
const severityHelp = `With several models, each is answered and the exit status is the most
serious of theirs: 2 over 4 over 3 over 1 over 0; an interrupt stops at once
(130 or 143) and leaves the models after it undone.`

// severity ranks the exit statuses for moreSerious: a failure or bad input
// above a task the backend cannot do, above a timeout, above a negative
// answer, above success.
var severity = map[int]int{ExitOK: 0, ExitNegative: 1, ExitTimeout: 2, ExitUnsupported: 3, ExitBadInput: 4}

// moreSerious returns whichever of a and b has the more serious exit status
// (a on a tie); a status outside the table counts as bad input.
func moreSerious(a, b error) error {
	rank := func(err error) int {
		if r, ok := severity[ExitCode(err)]; ok {
			return r
		}
		return severity[ExitBadInput]
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// ExitError carries an exit status; its message, if any, has been printed.
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}

func (e *ExitError) Unwrap() error { return e.Err }

// Main runs the command line and exits with its status. SIGINT and SIGTERM
// both cancel the work: the command stops, ends the processes it started,
// removes its temporary files, prints what it had found and exits with the
// shell's status for the signal: 130 (ExitInterrupted) for SIGINT, 143
// (ExitTerminated) for SIGTERM.
func Main() {
	ctx, cancel := context.WithCancelCause(context.Background())
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		if sig, ok := <-signals; ok {
			cancel(signalCause{sig})
		}
	}()
	err := Run(ctx, os.Args[1:], Streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
	signal.Stop(signals)
	close(signals)
	os.Exit(ExitCode(err))
}

// signalCause is why Main's context was cancelled.
type signalCause struct{ os.Signal }

func (s signalCause) Error() string { return "received " + s.Signal.String() }

// signalStatus gives work interrupted by a signal the shell's status for
// that signal, 128+n (ExitInterrupted for SIGINT, ExitTerminated for
// SIGTERM), before the error is printed, so that --json's exit_status is
// the status the process exits with.
func signalStatus(ctx context.Context, err error) error {
	var exit *ExitError
	var sig signalCause
	if !errors.As(err, &exit) || exit.Code != ExitInterrupted || !errors.As(context.Cause(ctx), &sig) {
		return err
	}
	number, ok := sig.Signal.(syscall.Signal)
	if !ok || 128+int(number) == ExitInterrupted {
		return err
	}
	if exit.Err == nil {
		return &ExitError{Code: 128 + int(number)} // the message was printed
	}
	return &ExitError{Code: 128 + int(number), Err: err}
}

// ExitCode maps an error from Run to the exit status of the CLI contract.
func ExitCode(err error) int {
	var exit *ExitError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &exit):
		return exit.Code
	}
	return ExitBadInput
}

// Run executes one command line. An error is printed once, on standard
// error: a line "chessmodel: ...", or with --json one JSON object (see
// errorOutput).
func Run(ctx context.Context, args []string, streams Streams) error {
	cmd := NewRootCommand(streams)
	cmd.SetArgs(args)
	err := signalStatus(ctx, classify(cmd.ExecuteContext(ctx)))
	printError(streams.Err, err, wantsJSON(cmd, args))
	return err
}

// globals are the flags every command shares, and the backends.
type globals struct {
	json      bool
	timeout   time.Duration
	overrides []string
	maxMemory byteFlag
	backends  Backends
	stdin     io.Reader // where a model named "-" is read from
}

// options are the model.Options every command starts from.
func (g *globals) options(task model.Task) model.Options {
	return model.Options{Task: task, MaxMemory: int64(g.maxMemory)}
}

// A byteFlag is a size in bytes written as 512M, 2G, 1.5GiB or 0 (the
// default bound) or "none" (no bound, stored as -1).
type byteFlag int64

func (b *byteFlag) String() string {
	switch {
	case *b == 0:
		return sizeText(model.DefaultMaxMemory)
	case *b < 0:
		return "none"
	}
	return sizeText(int64(*b))
}

// sizeText writes a size as --max-memory reads it: 2G, 512M, 1K, or bytes.
func sizeText(n int64) string {
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}} {
		if n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

func (b *byteFlag) Type() string { return "size" }

func (b *byteFlag) Set(s string) error {
	v, err := model.ParseBytes(s)
	if err != nil {
		return err
	}
	*b = byteFlag(v)
	return nil
}

// A durationFlag is a duration flag (--timeout, --task-timeout, --max-time,
// --ack-wait, --delay) that refuses a negative duration, as --limit and
// --workers refuse a negative number: 0 is each flag's "no bound" or
// default, as its help says, and is printed as 0 so that help shows no
// default for it.
type durationFlag time.Duration

// durationVar defines a durationFlag named name with the given default.
func durationVar(fs *pflag.FlagSet, p *time.Duration, name string, value time.Duration, usage string) {
	*p = value
	fs.Var((*durationFlag)(p), name, usage)
}

func (d *durationFlag) String() string {
	if *d == 0 {
		return "0"
	}
	return time.Duration(*d).String()
}

func (d *durationFlag) Type() string { return "duration" }

func (d *durationFlag) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	if v < 0 {
		return fmt.Errorf("expected a duration from 0, like 30s or 5m, found %q", s)
	}
	*d = durationFlag(v)
	return nil
}

// NewRootCommand builds the command tree with the real backends.
func NewRootCommand(streams Streams) *cobra.Command {
	return NewRootCommandWith(streams, DefaultBackends())
}

// NewRootCommandWith builds the command tree over the given backends, so
// that tests can put a backend of their own beside the real ones.
func NewRootCommandWith(streams Streams, backends Backends) *cobra.Command {
	g := &globals{backends: backends, stdin: streams.In}
	root := &cobra.Command{
		Use:   "chessmodel",
		Short: "Model chessboard puzzles once; solve them with an exact solver and an ILP",
		Long: `chessmodel reads a chessboard puzzle written as a declarative YAML model
(board, walls, pieces, rules, objective) and works on it: shows it, checks
claimed solutions, and solves it with independent backends.

A model refused by --max-memory is bad input (status 2). SIGINT and SIGTERM
end the solver processes chessmodel started and remove its temporary files
before it exits.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       buildVersion().Version,
	}
	root.Long += "\n\n" + exitStatusHelp
	root.Example = `  chessmodel show testdata/models/eight-queens.yaml
  chessmodel solve testdata/models/blocked-3w-value11.yaml
  chessmodel count --symmetry testdata/models/n-queens.yaml --set board=12
  chessmodel compare testdata/models/eight-queens.yaml
  chessmodel solvers
  source <(chessmodel completion bash)`
	root.SetVersionTemplate(`{{printf "chessmodel %s" .Version}}` + "\n")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &ExitError{Code: ExitBadInput, Err: err}
	})
	root.SetIn(streams.In)
	root.SetOut(streams.Out)
	root.SetErr(streams.Err)
	f := root.PersistentFlags()
	f.BoolVar(&g.json, "json", false, "machine-readable JSON output (errors too: one JSON object on standard error)")
	durationVar(f, &g.timeout, "timeout", 0, "bound the work, e.g. 30s or 5m (0: no bound)")
	f.Var(&g.maxMemory, "max-memory", maxMemoryHelp)
	f.StringArrayVar(&g.overrides, "set", nil, "change the model without editing it: key=value, e.g. --set board=12 (repeatable)")
	root.AddCommand(
		newShowCommand(g, streams),
		newCheckCommand(g, streams),
		newSolveCommand(g, streams),
		newCountCommand(g, streams),
		newEnumerateCommand(g, streams),
		newRenderCommand(g, streams),
		newCompareCommand(g, streams),
		newExportCommand(g, streams),
		newSweepCommand(g, streams),
		newPuzzlesCommand(g, streams),
		newExploreCommand(g, streams),
		newVersionCommand(g, streams),
		newSolversCommand(g, streams),
		newServeCommand(g, streams),
		newMergeCommand(g, streams),
		newClusterCommand(g, streams),
		newWorkerCommand(g, streams),
		newSlurmCommand(g, streams),
	)
	addCompletionExamples(root)
	return root
}

// context applies --timeout.
func (g *globals) context(ctx context.Context) (context.Context, context.CancelFunc) {
	if g.timeout > 0 {
		return context.WithTimeout(ctx, g.timeout)
	}
	return context.WithCancel(ctx)
}

// writeJSON writes v as one line of JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
