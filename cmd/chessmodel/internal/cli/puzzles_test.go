package cli

import (
	"strings"
	"testing"
)

// TestPuzzlesOrder: the puzzles, their order and the counts are the same on
// one worker and on two, run after run, also when --limit stops the search
// in the middle of a level.
func TestPuzzlesOrder(t *testing.T) {
	var first string
	for i, workers := range []string{"1", "2", "2", "2", "2"} {
		code, stdout, stderr := run(t, DefaultBackends(), "puzzles", models+"blocked-0w.yaml", "--max-walls", "2", "--limit", "2", "--workers", workers)
		if code != 0 || strings.Count(stdout, "\n") != 2 {
			t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
		}
		counts := stderr[strings.Index(stderr, "walls  classes"):]
		if i == 0 {
			first = stdout + counts
			continue
		}
		if stdout+counts != first {
			t.Errorf("run %d on %s workers:\n%s\nwant, as on one worker:\n%s", i+1, workers, stdout+counts, first)
		}
	}
}
