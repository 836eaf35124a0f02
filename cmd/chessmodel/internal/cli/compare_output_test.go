package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestCompareOutputBeforeTheFirstModel (issue 36, item 9): compare
// --random makes the directory -o before the first model, so that a run
// whose rows fail is compared to the end with every failed model saved; it
// stopped at the first failed row ("cannot save the model"). A -o that
// cannot be a directory is bad input before any row.
func TestCompareOutputBeforeTheFirstModel(t *testing.T) {
	broken := queens("a1", "a2")
	liar := &scripted{result: model.Result{Status: model.StatusSatisfied, Solution: &broken}}
	backends := Backends{"exact": DefaultBackends()["exact"], "liar": liar}
	dir := filepath.Join(t.TempDir(), "failures", "new")
	code, stdout, stderr := run(t, backends, "compare", "--random", "5", "--seed", "5150", "--backends", "exact,liar", "--task", "solve", "-o", dir)
	saved, _ := filepath.Glob(filepath.Join(dir, "random-5150-*.yaml"))
	if code != ExitNegative || !strings.Contains(stdout, "5 rows") || len(saved) != strings.Count(stderr, "model written to") || len(saved) == 0 {
		t.Errorf("-o a new directory: exit %d, %d models saved\n%s%s", code, len(saved), stdout, stderr)
	}
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{file, filepath.Join(file, "below")} {
		code, stdout, stderr = run(t, backends, "compare", "--random", "5", "--seed", "5150", "--backends", "exact,liar", "--task", "solve", "-o", out)
		if code != ExitBadInput || stdout != "" || !strings.Contains(stderr, "-o "+out+": the directory for the models on which backends disagree") {
			t.Errorf("-o %s: exit %d\n%s%s", out, code, stdout, stderr)
		}
	}
}
