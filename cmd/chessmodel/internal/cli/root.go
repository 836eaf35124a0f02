package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"time"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/model"
)

// Streams are the command's standard input, output and error.
type Streams struct {
	In       io.Reader
	Out, Err io.Writer
}

// Exit statuses of the CLI contract.
const (
	ExitOK       = 0
	ExitNegative = 1 // a negative answer the user asked about
	ExitBadInput = 2 // bad input or failure
)

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

// Main runs the command line and exits with its status.
func Main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := Run(ctx, os.Args[1:], Streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
	stop()
	os.Exit(ExitCode(err))
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

// Run executes one command line.
func Run(ctx context.Context, args []string, streams Streams) error {
	cmd := NewRootCommand(streams)
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(ctx)
	var exit *ExitError
	if err != nil && !(errors.As(err, &exit) && exit.Err == nil) {
		fmt.Fprintln(streams.Err, "chessmodel:", err)
	}
	return err
}

// globals are the flags every command shares, and the backends.
type globals struct {
	json      bool
	timeout   time.Duration
	overrides []string
	backends  Backends
}

// NewRootCommand builds the command tree with the real backends.
func NewRootCommand(streams Streams) *cobra.Command {
	return NewRootCommandWith(streams, DefaultBackends())
}

// NewRootCommandWith builds the command tree over the given backends, so
// that tests can put a backend of their own beside the real ones.
func NewRootCommandWith(streams Streams, backends Backends) *cobra.Command {
	g := &globals{backends: backends}
	root := &cobra.Command{
		Use:   "chessmodel",
		Short: "Model chessboard puzzles once; solve them with an exact solver and an ILP",
		Long: `chessmodel reads a chessboard puzzle written as a declarative YAML model
(board, walls, pieces, rules, objective) and works on it: shows it, checks
claimed solutions, and solves it with independent backends.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(streams.In)
	root.SetOut(streams.Out)
	root.SetErr(streams.Err)
	f := root.PersistentFlags()
	f.BoolVar(&g.json, "json", false, "machine-readable JSON output")
	f.DurationVar(&g.timeout, "timeout", 0, "bound the work, e.g. 30s or 5m (0: no bound)")
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
		newServeCommand(g, streams),
	)
	return root
}

// loadModel reads a model file with the --set overrides; errors are bad input.
func (g *globals) loadModel(path string) (*model.Model, error) {
	m, err := model.Load(path, g.overrides...)
	if err != nil {
		var perr *fs.PathError
		if errors.As(err, &perr) {
			return nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("cannot read model: %w", err)}
		}
		return nil, &ExitError{Code: ExitBadInput, Err: err}
	}
	return m, nil
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
