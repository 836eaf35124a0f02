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
