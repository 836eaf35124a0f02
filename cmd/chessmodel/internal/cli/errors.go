package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/model"
)

// classify gives an error from a command its exit status: a model refused
// as too large for the memory bound is ExitBadInput, a backend that cannot
// do the task ExitUnsupported, work cut short by a deadline or an
// interrupt ExitTimeout or ExitInterrupted, anything else without a status
// of its own ExitBadInput.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var exit *ExitError
	if errors.As(err, &exit) && exit.Code != ExitBadInput {
		return err
	}
	switch {
	case errors.Is(err, model.ErrTooLarge):
		// Refused before any work, for the machine's sake: the input is
		// too large for the bound, which --max-memory lifts.
		return &ExitError{Code: ExitBadInput, Err: unwrapExit(err)}
	case errors.Is(err, model.ErrUnsupported):
		return &ExitError{Code: ExitUnsupported, Err: saidOnce(unwrapExit(err))}
	case errors.Is(err, context.DeadlineExceeded):
		return &ExitError{Code: ExitTimeout, Err: unwrapExit(err)}
	case errors.Is(err, context.Canceled):
		return &ExitError{Code: ExitInterrupted, Err: unwrapExit(err)}
	}
	return err
}

func unwrapExit(err error) error {
	var exit *ExitError
	if errors.As(err, &exit) && exit.Err != nil {
		return exit.Err
	}
	return err
}

// errorOutput is an error as --json prints it, on standard error: the
// message, where in which file the input is wrong (for model files and
// solutions), why the command stopped, and the exit status.
type errorOutput struct {
	Message    string `json:"message"`
	File       string `json:"file,omitempty"`
	Line       int    `json:"line,omitempty"`
	Column     int    `json:"column,omitempty"`
	Reason     string `json:"reason"`
	ExitStatus int    `json:"exit_status"`
}

// reasons name the exit statuses in errorOutput.
var reasons = map[int]string{
	ExitNegative:    "negative",
	ExitBadInput:    "bad input or failure",
	ExitTimeout:     "timeout",
	ExitUnsupported: "unsupported",
	ExitInterrupted: "interrupted",
	ExitTerminated:  "interrupted",
}

// printError prints err once, unless it carries only an exit status (its
// message, if any, was printed by the command).
func printError(w io.Writer, err error, asJSON bool) {
	var exit *ExitError
	if err == nil || (errors.As(err, &exit) && exit.Err == nil) {
		return
	}
	if !asJSON {
		fmt.Fprintln(w, "chessmodel:", err)
		return
	}
	code := ExitCode(err)
	out := errorOutput{Message: err.Error(), Reason: reasons[code], ExitStatus: code}
	var located *model.Error
	if errors.As(err, &located) {
		out.File, out.Line, out.Column = located.File, located.Line, located.Column
	}
	_ = writeJSON(w, out)
}

// wantsJSON reports whether --json was given, also when the command line
// failed to parse before the flag was read.
func wantsJSON(root *cobra.Command, args []string) bool {
	if f := root.PersistentFlags().Lookup("json"); f != nil && f.Value.String() == "true" {
		return true
	}
	return slices.Contains(args, "--json") || slices.Contains(args, "--json=true")
}

// namedError names the model file an error is about, when several models
// are answered in one command and the message does not name it already.
func namedError(path string, err error) error {
	if strings.HasPrefix(err.Error(), path+":") {
		return err
	}
	return fmt.Errorf("%s: %w", path, err)
}

// saidOnce drops the closing ": not supported by this backend" of
// model.ErrUnsupported from a message that already says so in its own words
// ("count is not supported on sliding puzzles"); the error still wraps it.
func saidOnce(err error) error {
	suffix := ": " + model.ErrUnsupported.Error()
	msg := err.Error()
	head, ok := strings.CutSuffix(msg, suffix)
	if !ok || !strings.Contains(head, "not supported") {
		return err
	}
	return &retold{msg: head, err: err}
}

// retold is an error told in other words: errors.Is and errors.As see the
// original.
type retold struct {
	msg string
	err error
}

func (r *retold) Error() string { return r.msg }
func (r *retold) Unwrap() error { return r.err }
