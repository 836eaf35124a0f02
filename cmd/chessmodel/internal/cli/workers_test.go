package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestWorkersBound: a --workers above model.MaxWorkers is lowered to it
// with a note on stderr and the same answer; a negative one is bad input
// (issue 22 item 5: --workers 2147483648 ran out of memory).
func TestWorkersBound(t *testing.T) {
	amazons := models + "amazons.yaml"
	_, want, _ := run(t, DefaultBackends(), "count", "--json", "--workers", "1", amazons)
	code, got, stderr := run(t, DefaultBackends(), "count", "--json", "--workers", "2147483648", amazons)
	note := fmt.Sprintf("--workers 2147483648: at most %d goroutines run; using %d", model.MaxWorkers, model.MaxWorkers)
	if code != 0 || !strings.Contains(stderr, note) || countOf(want) == "" || countOf(got) != countOf(want) {
		t.Errorf("count --workers 2147483648: exit %d, %s, stderr %q; one worker: %s", code, got, stderr, want)
	}
	for _, args := range [][]string{
		{"count", "--workers", "-1", amazons},
		{"sweep", "--workers", "-1", models + "blocked-0w.yaml"},
		{"puzzles", "--workers", "-1", models + "blocked-0w.yaml"},
	} {
		code, _, stderr := run(t, DefaultBackends(), args...)
		if code != ExitBadInput || !strings.Contains(stderr, "--workers -1: expected a number of goroutines from 0") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	code, _, stderr = run(t, DefaultBackends(), "sweep", "--walls", "1", "--workers", "5000", models+"blocked-0w.yaml")
	if code != 0 || !strings.Contains(stderr, "--workers 5000: at most") {
		t.Errorf("sweep --workers 5000: exit %d, stderr %q", code, stderr)
	}
}

// countOf is the "count" field of a JSON result line.
func countOf(line string) string {
	_, after, _ := strings.Cut(line, `"count":`)
	before, _, _ := strings.Cut(after, ",")
	return before
}
