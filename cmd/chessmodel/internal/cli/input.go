package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/chessmodel/chessmodel/model"
)

// Every file a command reads — models, solutions, frames — is read here.
// A path names a regular file: anything else (a named pipe, whose opening
// would wait for a writer for ever, a device, a directory) is refused
// before it is opened, exit status 2 (model.OpenFile). A pipe is read as
// standard input, "-", and that read ends with --timeout or a signal
// (exit status 3, 130 or 143), as a solve does.

// loadModel reads a model file, or standard input for "-", with the --set
// overrides; errors are bad input.
func (g *globals) loadModel(ctx context.Context, path string) (*model.Model, error) {
	var m *model.Model
	var err error
	if path == "-" {
		var data []byte
		if data, err = readStdin(ctx, g, "model", func(r io.Reader) ([]byte, error) {
			return model.ReadLimited(r, "stdin", model.MaxFileBytes)
		}); err != nil {
			return nil, err
		}
		m, err = model.Parse(data, "stdin", g.overrides...)
	} else {
		m, err = model.Load(path, g.overrides...)
	}
	return m, inputError(err, "model")
}

// A loaded is one model named on a command line, or why it could not be
// read.
type loaded struct {
	path string
	m    *model.Model
	err  error // bad input (2), or a read of standard input cut short (3, 130)
}

// loadModels reads every model named: one that cannot be read does not
// stop the others, which are answered (each error is reported in turn by
// answerEach).
func (g *globals) loadModels(ctx context.Context, paths []string) []loaded {
	var ms []loaded
	for _, path := range paths {
		m, err := g.loadModel(ctx, path)
		ms = append(ms, loaded{path: path, m: m, err: err})
	}
	return ms
}

// answerEach answers each model with answer, in order, also after one
// that could not be read or whose answer failed: each error is printed
// (naming its file when several models were given) and the result is the
// most serious (severity). An interrupt stops at once: the models after it
// are not begun. between, if not nil, runs before every model but the
// first (a blank line between reports).
func answerEach(g *globals, streams Streams, ms []loaded, between func(), answer func(*model.Model) error) error {
	if len(ms) == 1 {
		if ms[0].err != nil {
			return ms[0].err
		}
		return answer(ms[0].m)
	}
	var worst error
	for i, l := range ms {
		if i > 0 && between != nil {
			between()
		}
		err := l.err
		if err == nil {
			err = answer(l.m)
		}
		err = classify(err)
		if code := ExitCode(err); code == ExitInterrupted || code == ExitTerminated {
			return err // the user asked to stop: the models left are not begun
		}
		if err != nil {
			var exit *ExitError
			if !errors.As(err, &exit) || exit.Err != nil { // else its message was printed
				err = &ExitError{Code: ExitCode(err), Err: namedError(l.path, unwrapExit(err))}
				printError(streams.Err, err, g.json)
			}
			worst = moreSerious(worst, &ExitError{Code: ExitCode(err)})
		}
	}
	return worst
}

// readInput reads a file named on the command line (what it holds names it
// in errors), or standard input for "-", with read.
func readInput[T any](ctx context.Context, g *globals, path, what string, read func(io.Reader, string) (*T, error)) (*T, error) {
	if path == "-" {
		return readStdin(ctx, g, what, func(r io.Reader) (*T, error) { return read(r, "stdin") })
	}
	f, err := model.OpenFile(path, "a "+what+" file")
	if err != nil {
		return nil, inputError(err, what)
	}
	defer f.Close()
	v, err := read(f, path)
	return v, inputError(err, what)
}

// inputError makes an error reading input bad input, saying what could not
// be read when the system refused it.
func inputError(err error, what string) error {
	var perr *fs.PathError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &perr):
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("cannot read %s: %w", what, err)}
	}
	return &ExitError{Code: ExitBadInput, Err: err}
}

// readStdin reads standard input, once per command, with read; the reads
// end when ctx does or --timeout passes.
func readStdin[T any](ctx context.Context, g *globals, what string, read func(io.Reader) (T, error)) (T, error) {
	var zero T
	if g.stdin == nil {
		return zero, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("-: standard input was already read; it holds one %s", what)}
	}
	ctx, cancel := g.context(ctx)
	defer cancel()
	in := &contextReader{ctx: ctx, r: g.stdin}
	g.stdin = nil
	v, err := read(in)
	if ctx.Err() != nil {
		return zero, stoppedReading(ctx, g, what)
	}
	var located *model.Error
	switch {
	case err == nil:
		return v, nil
	case errors.As(err, &located): // it says where: stdin:line:column
		return zero, &ExitError{Code: ExitBadInput, Err: err}
	}
	return zero, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("cannot read the %s from standard input: %w", what, err)}
}

// stoppedReading is the error of a read from standard input cut short.
func stoppedReading(ctx context.Context, g *globals, what string) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &ExitError{Code: ExitTimeout, Err: fmt.Errorf("stopped by --timeout %v while reading the %s from standard input", g.timeout, what)}
	}
	return &ExitError{Code: ExitInterrupted, Err: fmt.Errorf("interrupted while reading the %s from standard input", what)}
}

// A contextReader reads r until ctx ends. Each read runs on a goroutine of
// its own into the reader's buffer, so that a read that waits (a pipe
// whose writer neither writes nor closes, a terminal) is left behind when
// ctx ends, writing into nothing the caller sees; no read follows it.
type contextReader struct {
	ctx context.Context
	r   io.Reader
	buf []byte
}

type readResult struct {
	n   int
	err error
}

func (c *contextReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if len(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	buf := c.buf[:len(p)]
	done := make(chan readResult, 1)
	go func() {
		n, err := c.r.Read(buf)
		done <- readResult{n, err}
	}()
	select {
	case r := <-done:
		return copy(p, buf[:r.n]), r.err
	case <-c.ctx.Done():
		return 0, c.ctx.Err()
	}
}
