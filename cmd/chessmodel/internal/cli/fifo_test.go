//go:build unix

package cli

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNamedPipeInput: a named pipe given where a model or a solution file
// is expected is refused at once with exit status 2 (issue 22 item 10:
// `show --timeout 1s ff` waited for a writer for ever, as did solve and
// check's solution).
func TestNamedPipeInput(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "ff")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	queens := models + "eight-queens.yaml"
	for _, args := range [][]string{
		{"show", "--timeout", "1s", fifo},
		{"solve", fifo},
		{"check", queens, fifo},
		{"render", queens, "--solution", fifo, "-o", filepath.Join(t.TempDir(), "q.svg")},
	} {
		type result struct {
			code   int
			stderr string
		}
		done := make(chan result, 1)
		go func() {
			code, _, stderr := run(t, DefaultBackends(), args...)
			done <- result{code, stderr}
		}()
		select {
		case r := <-done:
			want := fifo + ":1:1: not a regular file (a named pipe); expected a"
			if r.code != ExitBadInput || !strings.Contains(r.stderr, want) {
				t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%v: still waiting on the named pipe after 5 s", args)
		}
	}
}

// TestStdinReadEnds: standard input that never ends (a pipe whose writer
// neither writes nor closes) is read until --timeout (exit 3) or an
// interrupt (exit 130), for a model and for a solution.
func TestStdinReadEnds(t *testing.T) {
	queens := models + "eight-queens.yaml"
	for _, tc := range []struct {
		args   []string
		cancel bool
		code   int
		phrase string
	}{
		{[]string{"show", "--timeout", "200ms", "-"}, false, ExitTimeout, "stopped by --timeout 200ms while reading the model from standard input"},
		{[]string{"check", "--timeout", "200ms", queens, "-"}, false, ExitTimeout, "stopped by --timeout 200ms while reading the solution from standard input"},
		{[]string{"solve", "-"}, true, ExitInterrupted, "interrupted while reading the model from standard input"},
	} {
		stdin, writer := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		if tc.cancel {
			time.AfterFunc(200*time.Millisecond, cancel)
		}
		start := time.Now()
		done := make(chan error, 1)
		go func() {
			var out, errOut bytes.Buffer
			cmd := NewRootCommandWith(Streams{In: stdin, Out: &out, Err: &errOut}, DefaultBackends())
			cmd.SetArgs(tc.args)
			done <- classify(cmd.ExecuteContext(ctx))
		}()
		var err error
		select {
		case err = <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%v: still reading standard input after 5 s", tc.args)
		}
		cancel()
		writer.Close()
		if code := ExitCode(err); code != tc.code || !strings.Contains(err.Error(), tc.phrase) {
			t.Errorf("%v: exit %d, %v", tc.args, code, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%v: took %v", tc.args, d)
		}
	}
}
