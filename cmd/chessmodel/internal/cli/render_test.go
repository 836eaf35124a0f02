package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

func TestRender(t *testing.T) {
	dir := t.TempDir()
	queensModel := "../../../../testdata/models/eight-queens.yaml"
	solution := `{"pieces": [{"piece": "queen", "square": "a4"}, {"piece": "queen", "square": "b2"},
		{"piece": "queen", "square": "c7"}, {"piece": "queen", "square": "d3"}, {"piece": "queen", "square": "e6"},
		{"piece": "queen", "square": "f8"}, {"piece": "queen", "square": "g5"}, {"piece": "queen", "square": "h1"}]}`
	solutionFile := filepath.Join(dir, "queens.json")
	frames := filepath.Join(dir, "frames.jsonl")
	oneLine := strings.Join(strings.Fields(solution), " ")
	files := map[string]string{
		solutionFile: solution,
		frames: `{"model": "eight queens", "index": 1, "solution": ` + oneLine + "}\n\n" +
			`{"model": "eight queens", "count": 92}` + "\n" + oneLine + "\n",
		filepath.Join(dir, "bad.jsonl"):    oneLine + "\n" + `{"pieces": 3}` + "\n",
		filepath.Join(dir, "invalid.json"): `{"pieces": [{"piece": "queen", "square": "a1"}, {"piece": "queen", "square": "b2"}]}`,
	}
	for name, content := range files {
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := func(name string) string { return filepath.Join(dir, name) }

	cases := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string // a part of standard output
		stderr string // a part of standard error
	}{
		{"png", []string{"render", queensModel, "--solution", solutionFile, "-o", out("q.png")}, "", 0, "wrote " + out("q.png") + ": 519x523", ""},
		{"svg json", []string{"render", queensModel, "--json", "--solution", solutionFile, "-o", out("q.svg")}, "", 0, `"format":"svg"`, ""},
		{"solution on stdin", []string{"render", queensModel, "--solution", "-", "-o", out("stdin.png"), "--size", "240"}, solution, 0, "268x270", ""},
		{"frames", []string{"render", queensModel, "--frames", frames, "-o", out("f.gif")}, "", 0, "2 frames", ""},
		{"invalid solution drawn with a warning", []string{"render", queensModel, "--solution", out("invalid.json"), "-o", out("i.png")}, "", 0, "wrote", "queen on a1 attacks queen on b2"},
		{"model alone", []string{"render", queensModel, "-o", out("m.svg"), "--attacks"}, "", 0, "wrote", ""},
		{"unknown format", []string{"render", queensModel, "-o", out("q.jpg")}, "", 2, "", `unknown picture format ".jpg"`},
		{"no output", []string{"render", queensModel}, "", 2, "", "missing -o"},
		{"frames need a gif", []string{"render", queensModel, "--frames", frames, "-o", out("f.png")}, "", 2, "", "write it to a .gif"},
		{"solution and frames", []string{"render", queensModel, "--frames", frames, "--solution", solutionFile, "-o", out("f.gif")}, "", 2, "", "both given"},
		{"bad frames line", []string{"render", queensModel, "--frames", out("bad.jsonl"), "-o", out("b.gif")}, "", 2, "", "bad.jsonl:2:"},
		{"absurd size", []string{"render", queensModel, "--size", "3", "-o", out("s.png")}, "", 2, "", "bad picture size"},
		{"board too large", []string{"render", queensModel, "--set", "board=5000", "-o", out("l.svg")}, "", 2, "", "too large to draw"},
		{"missing solution file", []string{"render", queensModel, "--solution", out("none.json"), "-o", out("n.png")}, "", 2, "", "cannot read solution"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := Run(context.Background(), c.args, Streams{In: strings.NewReader(c.stdin), Out: &stdout, Err: &stderr})
			if code := ExitCode(err); code != c.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, c.code, stderr.String())
			}
			if !strings.Contains(stdout.String(), c.stdout) {
				t.Errorf("stdout %q, want it to contain %q", stdout.String(), c.stdout)
			}
			if !strings.Contains(stderr.String(), c.stderr) {
				t.Errorf("stderr %q, want it to contain %q", stderr.String(), c.stderr)
			}
		})
	}

	// What was written decodes, with the sizes reported.
	f, err := os.Open(out("q.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if cfg, err := png.DecodeConfig(f); err != nil || cfg.Width != 519 || cfg.Height != 523 {
		t.Errorf("q.png: %v %+v", err, cfg)
	}
	data, err := os.ReadFile(out("f.gif"))
	if err != nil {
		t.Fatal(err)
	}
	if g, err := gif.DecodeAll(bytes.NewReader(data)); err != nil || len(g.Image) != 2 {
		t.Errorf("f.gif: %v, want 2 frames", err)
	}
	var stdout bytes.Buffer
	if err := Run(context.Background(), []string{"render", queensModel, "--json", "-o", out("j.gif"), "--frames", frames},
		Streams{In: strings.NewReader(""), Out: &stdout, Err: &bytes.Buffer{}}); err != nil {
		t.Fatal(err)
	}
	var report renderOutput
	if err := json.Unmarshal(stdout.Bytes(), &report); err != nil || report.Frames != 2 || report.Width != 519 || report.Format != "gif" {
		t.Errorf("--json: %s (%v)", stdout.String(), err)
	}
}

// patient is a backend that waits to be stopped and then answers status
// unknown with the best solution it found, as a cut branch and bound does.
type patient struct{ best *model.Solution }

func (p *patient) Name() string { return "patient" }

func (p *patient) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	<-ctx.Done()
	res := &model.Result{Model: m.Name, Task: opts.Task, Backend: p.Name(), Status: model.StatusUnknown, Solution: p.best}
	if p.best != nil {
		value := int64(len(p.best.Pieces))
		res.Value = &value
	}
	return res, nil
}

// TestRenderCutSolve (issue 36, item 6): render --solve stopped by
// --timeout with a verified solution draws it, says it is not proved
// optimal and exits 3; stopped with none, or by a signal, it writes
// nothing and says so.
func TestRenderCutSolve(t *testing.T) {
	dir := t.TempDir()
	blocked := models + "blocked-3w-value11.yaml" // max queens, 11; eight queens are a worse solution
	best := eightQueens
	found := Backends{"exact": &patient{best: &best}}
	none := Backends{"exact": &patient{}}
	for _, tc := range []struct {
		name           string
		ctx            context.Context
		backends       Backends
		args           []string
		code           int
		stdout, stderr string
		written        bool
	}{
		// the drawing after a cut solve has a --timeout of its own: 2 s, which
		// a loaded machine's PNG takes well within (100 ms did not, once)
		{"timeout, solution found", context.Background(), found, []string{"--timeout", "2s", "-o", dir + "/found.png"}, ExitTimeout,
			"; the best solution found, value 8, verified by the checker but not proved optimal", "value 8, is drawn, verified by the checker but not proved optimal", true},
		{"timeout, json", context.Background(), found, []string{"--json", "--timeout", "2s", "-o", dir + "/found.svg"}, ExitTimeout,
			`"status":"feasible","value":8`, `"exit_status":3`, true},
		{"timeout, nothing found", context.Background(), none, []string{"--timeout", "100ms", "-o", dir + "/none.png"}, ExitTimeout,
			"", "stopped by --timeout 100ms before a complete answer; no picture written", false},
		{"interrupt, solution found", cancelAfter(t, 100*time.Millisecond), found, []string{"-o", dir + "/interrupted.png"}, ExitInterrupted,
			"", "no picture written", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"render", blocked, "--solve"}, tc.args...)
			code, stdout, stderr := runWith(tc.ctx, t, tc.backends, "", args...)
			if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s\nwant stdout to contain %q and stderr %q", code, tc.code, stdout, stderr, tc.stdout, tc.stderr)
			}
			output := tc.args[len(tc.args)-1]
			if _, err := os.Stat(output); (err == nil) != tc.written {
				t.Errorf("%s written: %v, want %v", output, err == nil, tc.written)
			}
		})
	}
	if data, err := os.ReadFile(dir + "/found.svg"); err != nil || bytes.Count(data, []byte("queen")) < 8 {
		t.Errorf("found.svg does not draw the eight queens (%v)", err)
	}
}
