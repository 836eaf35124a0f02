package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/extern"
	"github.com/chessmodel/chessmodel/mzn"
)

// TestShowcaseComparesComplete: every compare of the showcase of make run
// ends with every row agreeing — none incomplete — so that a first run
// suggests no problem. It runs the showcase's compare commands (with
// --solvers, when every command-line solver is installed), about half a
// minute on a loaded machine; -short skips it.
func TestShowcaseComparesComplete(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the showcase's compares take about half a minute")
	}
	script, err := os.ReadFile(filepath.Join(repoRoot, "scripts", "showcase.sh"))
	if err != nil {
		t.Fatal(err)
	}
	repo, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(repo)
	compares := 0
	for _, line := range strings.Split(strings.ReplaceAll(string(script), "\\\n", " "), "\n") {
		rest, ok := strings.CutPrefix(line, `say "$BIN" compare `)
		if !ok {
			continue
		}
		args := []string{"compare"}
		for _, a := range strings.Fields(strings.ReplaceAll(rest, "$M/", "testdata/models/")) {
			if strings.Contains(a, "*") {
				matches, _ := filepath.Glob(a)
				args = append(args, matches...)
				continue
			}
			args = append(args, a)
		}
		compares++
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			if strings.Contains(rest, "--solvers") {
				for _, tool := range append(append([]string(nil), extern.ExternalTools...), mzn.Tool) {
					if _, err := exec.LookPath(tool); err != nil {
						t.Skipf("%s is not installed", tool)
					}
				}
			}
			var out syncBuffer
			err := Run(context.Background(), args, Streams{In: strings.NewReader(""), Out: &out, Err: &out})
			if ExitCode(err) != 0 || !strings.Contains(out.String(), " agree, 0 incomplete, 0 disagree, 0 failed") {
				t.Errorf("exit %d\n%s", ExitCode(err), out.String())
			}
		})
	}
	if compares < 2 {
		t.Errorf("%d compare commands found in the showcase", compares)
	}
}

// TestREADMENamesEverySolver: where the README says what --solvers adds,
// it names every command-line solver compare --solvers runs (minizinc
// among them).
func TestREADMENamesEverySolver(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(string(text)), " ")
	i := strings.Index(flat, "(`--solvers` adds")
	if i < 0 {
		t.Fatal("the README no longer says what --solvers adds")
	}
	sentence, _, _ := strings.Cut(flat[i:], ")")
	for _, tool := range externalBackends() {
		if !strings.Contains(sentence, "`"+tool+"`") {
			t.Errorf("the README's %q does not name %s", sentence, tool)
		}
	}
}
