package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/model"
)

// runWith runs a command line with the given standard input and context.
func runWith(ctx context.Context, t *testing.T, backends Backends, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := NewRootCommandWith(Streams{In: strings.NewReader(stdin), Out: &out, Err: &errOut}, backends)
	cmd.SetArgs(args)
	err := classify(cmd.ExecuteContext(ctx))
	printError(&errOut, err, wantsJSON(cmd, args))
	return ExitCode(err), out.String(), errOut.String()
}

// failing is a backend that fails with a fixed error, or stops at once
// with status unknown when err is nil.
type failing struct{ err error }

func (f *failing) Name() string { return "failing" }
func (f *failing) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if f.err != nil {
		return nil, f.err
	}
	<-ctx.Done()
	return &model.Result{Model: m.Name, Task: opts.Task, Backend: f.Name(), Status: model.StatusUnknown}, nil
}

// TestExitStatus: timeout, interrupt and unsupported are told apart.
func TestExitStatus(t *testing.T) {
	unsupported := Backends{"failing": &failing{err: fmt.Errorf("failing: tours: %w", model.ErrUnsupported)}}
	broken := Backends{"failing": &failing{err: errors.New("failing: out of luck")}}
	slow := Backends{"failing": &failing{}}
	interrupted, cancel := context.WithCancel(context.Background())
	cancel()
	eight := models + "eight-queens.yaml"
	for _, tc := range []struct {
		name     string
		ctx      context.Context
		backends Backends
		args     []string
		code     int
		want     string
	}{
		{"unsupported", context.Background(), unsupported, []string{"solve", "--backend", "failing", eight}, ExitUnsupported, "not supported"},
		{"failure", context.Background(), broken, []string{"count", "--backend", "failing", eight}, ExitBadInput, "out of luck"},
		{"timeout", context.Background(), slow, []string{"solve", "--backend", "failing", "--timeout", "50ms", eight}, ExitTimeout, "stopped by --timeout 50ms"},
		{"interrupt", interrupted, slow, []string{"count", "--backend", "failing", eight}, ExitInterrupted, "interrupted"},
		{"enumerate timeout", context.Background(), slow, []string{"enumerate", "--backend", "failing", "--timeout", "50ms", eight}, ExitTimeout, "stopped by --timeout"},
		{"bad flag", context.Background(), slow, []string{"solve", "--limit", "3", eight}, ExitBadInput, "unknown flag: --limit"},
		{"unknown command", context.Background(), slow, []string{"solv", eight}, ExitBadInput, `unknown command "solv"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runWith(tc.ctx, t, tc.backends, "", tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s\nwant %q", code, tc.code, stdout, stderr, tc.want)
			}
		})
	}
}

// TestFeasibleWhenCutOff: a solve stopped by --timeout with a solution in
// hand reports it as feasible, with the proven bound and the gap, and exits
// with the timeout status.
func TestFeasibleWhenCutOff(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of half a second")
	}
	code, stdout, stderr := run(t, DefaultBackends(), "solve", "--json", "--timeout", "500ms", models+"nightriders.yaml", "--set", "board=13")
	var res struct {
		Status string
		Value  *int64
		Stats  map[string]any
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if code != ExitTimeout || res.Status != "feasible" || res.Value == nil || res.Stats["bound"] == nil || res.Stats["gap"] == nil {
		t.Errorf("exit %d, status %s, value %v, stats %v; want exit 3, feasible with a value, bound and gap\nstderr: %s", code, res.Status, res.Value, res.Stats, stderr)
	}
	if b, ok := res.Stats["bound"].(float64); ok && res.Value != nil && b < float64(*res.Value) {
		t.Errorf("bound %v below the value found %d", b, *res.Value)
	}
}

// TestJSONErrors: with --json an error is one JSON object on standard
// error, located in the model file when it is bad input there.
func TestJSONErrors(t *testing.T) {
	bad := writeFile(t, "bad.yaml", "board: 8\nplace: [8 queen]\nrulez: [independent]\n")
	for _, args := range [][]string{
		{"solve", "--json", bad},
		{"show", "--json", bad},
		{"--json", "compare", bad},
		{"export", "--json", bad},
		{"sweep", "--json", bad},
		{"puzzles", "--json", bad},
		{"render", "--json", bad, "-o", filepath.Join(t.TempDir(), "x.svg")},
		{"check", "--json", bad, "-"},
	} {
		t.Run(args[0]+" "+args[1], func(t *testing.T) {
			code, stdout, stderr := run(t, DefaultBackends(), args...)
			var e errorOutput
			if err := json.Unmarshal([]byte(stderr), &e); err != nil {
				t.Fatalf("stderr is not one JSON object: %v\n%s", err, stderr)
			}
			if code != 2 || e.File != bad || e.Line != 3 || e.Column != 1 || !strings.Contains(e.Message, `unknown key "rulez"`) || e.ExitStatus != 2 {
				t.Errorf("exit %d, %+v\nstdout: %s", code, e, stdout)
			}
		})
	}
	code, _, stderr := run(t, DefaultBackends(), "solve", "--json", "--limit", "1", bad)
	var e errorOutput
	if err := json.Unmarshal([]byte(stderr), &e); err != nil || code != 2 || !strings.Contains(e.Message, "unknown flag") {
		t.Errorf("a bad flag with --json: exit %d, %v\n%s", code, err, stderr)
	}
}

// TestStdin: - reads a model from standard input, once.
func TestStdin(t *testing.T) {
	rooks := "name: four rooks\nboard: 4\nplace: [max rook]\nrules: [independent]\n"
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"show", []string{"show", "-"}, 0, "four rooks (place)"},
		{"count", []string{"count", "-"}, 0, "four rooks: optimal, pieces 4, 24 solutions"},
		{"many", []string{"count", "-", models + "eight-queens.yaml"}, 0, "eight queens: satisfied, pieces 8, 92 solutions"},
		{"twice", []string{"count", "-", "-"}, 2, "standard input was already read"},
		{"export", []string{"export", "-"}, 0, "r_a1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runWith(context.Background(), t, DefaultBackends(), rooks, tc.args...)
			if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s\nwant %q", code, tc.code, stdout, stderr, tc.want)
			}
		})
	}
}

// TestConventions: version, solvers, one output flag, puzzles on stdout,
// plurals.
func TestConventions(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name   string
		args   []string
		stdout []string
	}{
		{"version", []string{"version"}, []string{"chessmodel ", "go1.", "lp_solve "}},
		{"--version", []string{"--version"}, []string{"chessmodel "}},
		{"version json", []string{"version", "--json"}, []string{`"go":"go1.`, `"lp_solve":"`}},
		{"solvers", []string{"solvers"}, []string{"brute", "exact", "ilp", "lp_solve", "cbc", "glpsol", "CPLEX LP", "free MPS"}},
		{"solvers json", []string{"solvers", "--json"}, []string{`"name":"brute"`, `"name":"glpsol"`}},
		{"puzzles to stdout", []string{"puzzles", models + "blocked-0w.yaml", "--max-walls", "2", "--limit", "2"}, []string{`{"walls":[`}},
		{"sweep -o", []string{"sweep", models + "blocked-0w.yaml", "--walls", "1", "-o", filepath.Join(dir, "w1.jsonl")}, []string{"1 wall\n", "10 classes"}},
		{"sweep --output", []string{"sweep", models + "blocked-0w.yaml", "--walls", "1", "--output", filepath.Join(dir, "w1b.jsonl")}, []string{"1 wall\n"}},
		{"plural", []string{"count", models + "blocked-3w-value11.yaml"}, []string{", 1 solution\n"}},
		{"plural walls", []string{"show", models + "blocked-3w-value11.yaml"}, []string{"3 walls"}},
		{"enumerate json", []string{"enumerate", "--json", "--limit", "2", models + "eight-queens.yaml"}, []string{`"index":2,`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
			for _, want := range tc.stdout {
				if code != 0 || !strings.Contains(stdout, want) {
					t.Errorf("exit %d\nstdout: %s\nstderr: %s\nwant %q", code, stdout, stderr, want)
				}
			}
		})
	}
	for _, name := range []string{"w1.jsonl", "w1b.jsonl"} {
		if data, err := os.ReadFile(filepath.Join(dir, name)); err != nil || bytes.Count(data, []byte("\n")) != 10 {
			t.Errorf("%s: %v, %d lines, want 10 classes", name, err, bytes.Count(data, []byte("\n")))
		}
	}
	if code, _, stderr := run(t, DefaultBackends(), "sweep", models+"blocked-0w.yaml", "--walls", "1", "--out", filepath.Join(dir, "w1c.jsonl")); code != 0 || !strings.Contains(stderr, "use --output") {
		t.Errorf("--out: exit %d, stderr %s; want it to work and point to --output", code, stderr)
	}
}

// TestHelp: every command has examples, and completes the values of its
// flags that have a fixed set.
func TestHelp(t *testing.T) {
	root := NewRootCommand(Streams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &bytes.Buffer{}})
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Name() != "help" && c.Example == "" {
			t.Errorf("%s: no Examples section in its help", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "solve", "--backend", ""}, "brute\nexact\nilp\n"},
		{[]string{"__complete", "export", "--format", ""}, "lp\nmps\ncplex\n"},
		{[]string{"__complete", "compare", "--task", ""}, "solve\ncount\nsolve,count\n"},
		{[]string{"__complete", "compare", "--backends", "ilp,"}, "ilp,brute\nilp,exact\n"},
	} {
		_, stdout, _ := run(t, DefaultBackends(), tc.args...)
		if !strings.HasPrefix(stdout, tc.want) {
			t.Errorf("%v: %q, want %q first", tc.args, stdout, tc.want)
		}
	}
}

// TestNoEscapeCodes: output that is not a terminal carries no escape codes,
// however long the work.
func TestNoEscapeCodes(t *testing.T) {
	code, stdout, stderr := run(t, DefaultBackends(), "compare", "--random", "3", "--seed", "7")
	if code != 0 || strings.ContainsAny(stdout+stderr, "\x1b\r") {
		t.Errorf("exit %d; escape codes or carriage returns in\n%q\n%q", code, stdout, stderr)
	}
}

// TestProgressLine: the status line shows the account, the clock and the
// time left, cut to the terminal's width.
func TestProgressLine(t *testing.T) {
	p := &progress{start: time.Unix(0, 0), width: 60}
	p.update(0.25, "counting: 8 of 32 subtrees")
	got := p.line(time.Unix(10, 0))
	want := " 25.0%  10.0s counting: 8 of 32 subtrees, about 30s left (Ctrl-C stops)"
	if got != want[:59] {
		t.Errorf("line %q\nwant %q, cut to the 59 columns left of the cursor on a terminal of 60", got, want[:59])
	}
	p.update(-1, "best 31 pieces, bound 37")
	if got := p.line(time.Unix(3, 0)); got != "3.0s best 31 pieces, bound 37 (Ctrl-C stops)" {
		t.Errorf("line %q", got)
	}
	// the clock in seconds as the result's time is given, never ahead of
	// it: 0.647 s is 0.6s, not 1s
	if got := p.line(time.Unix(0, 647e6)); !strings.HasPrefix(got, "0.6s ") {
		t.Errorf("line %q after 0.647 s", got)
	}
	var buf bytes.Buffer
	q := newProgress(&buf)
	q.update(0.5, "half")
	q.draw()
	q.done()
	if buf.Len() != 0 {
		t.Errorf("a progress line on a buffer: %q", buf.String())
	}
}

// TestCompareBounds: --task-timeout bounds each backend on each task (the
// row is incomplete, the run goes on); --timeout bounds the whole run (it
// stops with the timeout status and the verdicts so far).
func TestCompareBounds(t *testing.T) {
	slow := Backends{"slow": &failing{}, "exact": DefaultBackends()["exact"]}
	eight := models + "eight-queens.yaml"
	code, stdout, stderr := run(t, slow, "compare", "--backends", "exact,slow", "--task", "solve", "--task-timeout", "50ms", eight, eight)
	if code != 0 || !strings.Contains(stdout, "2 rows: 0 agree, 2 incomplete") || !strings.Contains(stdout, "failing timeout: no complete answer within 50ms") {
		t.Errorf("--task-timeout: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	start := time.Now()
	code, stdout, stderr = run(t, slow, "compare", "--backends", "exact,slow", "--task", "solve", "--task-timeout", "0", "--timeout", "100ms", eight, eight)
	if code != ExitTimeout || !strings.Contains(stdout, "0 rows: 0 agree") || !strings.Contains(stderr, "stopped by --timeout 100ms after 0 of 2 models") {
		t.Errorf("--timeout: exit %d after %v\nstdout: %s\nstderr: %s", code, time.Since(start), stdout, stderr)
	}
}
