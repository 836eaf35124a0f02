package cli

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// byModel is a test backend that answers each model by its name: a
// backend of its own per model, the truthful one for the rest.
type byModel map[string]model.Solver

func (b byModel) Name() string { return "bymodel" }

func (b byModel) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if s, ok := b[m.Name]; ok {
		return s.Solve(ctx, m, opts)
	}
	return b[""].Solve(ctx, m, opts)
}

// TestSeveralModels: every model given is answered, also after one that
// times out or that the backend cannot do, and the exit status is the most
// serious of theirs.
func TestSeveralModels(t *testing.T) {
	eight := int64(8)
	valid := eightQueens
	mixed := byModel{
		"":                              &scripted{result: model.Result{Status: model.StatusFeasible, Value: &eight, Solution: &valid}},
		"eight pieces, fewest attacked": &failing{},
		"amazons":                       &failing{err: fmt.Errorf("bymodel: amazons: %w", model.ErrUnsupported)},
	}
	for _, tc := range []struct {
		name   string
		models []string
		code   int
		stderr []string
	}{
		{"timeout then unsupported", []string{"eight-pieces-fewest.yaml", "eight-queens.yaml", "amazons.yaml"}, ExitUnsupported,
			[]string{"eight-pieces-fewest.yaml: stopped by --timeout", "amazons.yaml: bymodel: amazons: not supported"}},
		{"unsupported first", []string{"amazons.yaml", "eight-queens.yaml"}, ExitUnsupported, []string{"amazons.yaml: bymodel"}},
		{"timeout last", []string{"eight-queens.yaml", "eight-pieces-fewest.yaml"}, ExitTimeout, []string{"stopped by --timeout"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"count", "--backend", "bymodel", "--timeout", "50ms"}
			for _, m := range tc.models {
				args = append(args, models+m)
			}
			code, stdout, stderr := run(t, Backends{"bymodel": mixed}, args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, stdout, stderr)
			}
			if strings.Count(stdout, "backend,") != len(tc.models)-strings.Count(strings.Join(tc.models, " "), "amazons") {
				t.Errorf("not every model answered:\n%s", stdout)
			}
			for _, want := range tc.stderr {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr)
				}
			}
		})
	}
}

// TestSeverity: the order of the exit statuses for several models.
func TestSeverity(t *testing.T) {
	e := func(code int) error { return &ExitError{Code: code} }
	for _, tc := range [][3]int{{ExitOK, ExitNegative, ExitNegative}, {ExitTimeout, ExitNegative, ExitTimeout},
		{ExitTimeout, ExitUnsupported, ExitUnsupported}, {ExitBadInput, ExitUnsupported, ExitBadInput}} {
		if got := ExitCode(moreSerious(e(tc[0]), e(tc[1]))); got != tc[2] {
			t.Errorf("moreSerious(%d, %d) = %d, want %d", tc[0], tc[1], got, tc[2])
		}
		if got := ExitCode(moreSerious(e(tc[1]), e(tc[0]))); got != tc[2] {
			t.Errorf("moreSerious(%d, %d) = %d, want %d", tc[1], tc[0], got, tc[2])
		}
	}
}

// TestSeveralModelsOneUnreadable: a model file that does not parse, or is
// missing, stops none of the others: solve, count, show and compare answer
// every readable model, name each unreadable one, and exit 2.
func TestSeveralModelsOneUnreadable(t *testing.T) {
	bad := writeFile(t, "bad.yaml", "board: 4\nplace: [max rook\nrules: [independent]\n")
	missing := t.TempDir() + "/missing.yaml"
	files := []string{models + "eight-queens.yaml", bad, models + "n-rooks.yaml", missing}
	for _, tc := range []struct {
		args []string
		each string // said once per readable model on stdout
	}{
		{[]string{"solve"}, "solution verified by the checker"},
		{[]string{"count", "--json"}, `"status":"satisfied"`},
		{[]string{"show"}, "symmetry  8:"},
		{[]string{"show", "--json"}, `"kind":"place"`},
		{[]string{"compare", "--task", "solve"}, "2 of 2   agree"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := run(t, DefaultBackends(), append(tc.args, files...)...)
			if code != ExitBadInput {
				t.Errorf("exit %d, want %d", code, ExitBadInput)
			}
			if n := strings.Count(stdout, tc.each); n != 2 {
				t.Errorf("%d models answered (%q), want 2\nstdout: %s", n, tc.each, stdout)
			}
			for _, want := range []string{"bad.yaml:2:8:", "missing.yaml: cannot read model"} {
				if strings.Count(stderr, want) != 1 {
					t.Errorf("stderr does not say %q once:\n%s", want, stderr)
				}
			}
		})
	}
	// the tally of compare counts the files it could not read
	_, stdout, _ := run(t, DefaultBackends(), append([]string{"compare", "--task", "solve"}, files...)...)
	if !strings.Contains(stdout, "2 rows: 2 agree, 0 incomplete, 0 disagree, 0 failed; 2 model files not read (bad input)") {
		t.Errorf("compare's tally:\n%s", stdout)
	}
}
