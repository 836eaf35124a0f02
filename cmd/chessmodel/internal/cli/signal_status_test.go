package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestSignalStatusInJSON (issue 36, item 8): work cut short by a signal
// reports, in --json's error, the status the process exits with: 143 for
// SIGTERM (it said 130 while Main exited 143), 130 for SIGINT and for a
// cancellation without a signal.
func TestSignalStatusInJSON(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cause error
		want  int
	}{
		{"SIGTERM", signalCause{syscall.SIGTERM}, ExitTerminated},
		{"SIGINT", signalCause{os.Interrupt}, ExitInterrupted},
		{"no signal", errors.New("cancelled"), ExitInterrupted},
	} {
		for _, command := range [][]string{
			{"count", "--json", models + "eight-queens.yaml"},
			{"solve", "--json", models + "queens-domination.yaml", "--set", "board=12"},
			{"count", models + "eight-queens.yaml"},
		} {
			ctx, cancel := context.WithCancelCause(context.Background())
			cancel(tc.cause)
			var stdout, stderr bytes.Buffer
			err := Run(ctx, command, Streams{In: strings.NewReader(""), Out: &stdout, Err: &stderr})
			if code := ExitCode(err); code != tc.want {
				t.Errorf("%s, %s: exit status %d, want %d", tc.name, strings.Join(command, " "), code, tc.want)
			}
			if command[1] != "--json" {
				continue
			}
			var reported errorOutput
			if err := json.Unmarshal(stderr.Bytes(), &reported); err != nil {
				t.Fatalf("%s: the error %q: %v", tc.name, stderr.String(), err)
			}
			if reported.ExitStatus != tc.want || reported.Reason != "interrupted" {
				t.Errorf("%s, %s: the JSON error says %+v, want exit_status %d, reason interrupted", tc.name, strings.Join(command, " "), reported, tc.want)
			}
		}
	}
}
