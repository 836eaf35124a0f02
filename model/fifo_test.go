//go:build unix

package model_test

import (
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// TestNamedPipeRefused: a named pipe given as a model or solution file is
// refused at once, before it is opened (issue 22 item 10: opening it waited
// for a writer for ever).
func TestNamedPipeRefused(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "ff")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	for _, open := range []func() error{
		func() error { _, err := model.Load(fifo); return err },
		func() error { _, err := model.OpenFile(fifo, "a solution file"); return err },
	} {
		done := make(chan error, 1)
		go func() { done <- open() }()
		select {
		case err := <-done:
			want := fifo + ":1:1: not a regular file (a named pipe); expected a"
			var perr *model.Error
			if !errors.As(err, &perr) || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("got %v, want %q...", err, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("still waiting on the named pipe after 5 s") // the open stays blocked
		}
	}
}
