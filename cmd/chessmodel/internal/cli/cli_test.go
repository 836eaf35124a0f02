package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

const models = "../../../../testdata/models/"

// scripted is a test backend that answers with a fixed result and streams
// fixed solutions: it can be made to tell the truth or to lie.
type scripted struct {
	result    model.Result
	solutions []model.Solution
}

func (s *scripted) Name() string { return "scripted" }

func (s *scripted) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	r := s.result
	r.Backend, r.Model, r.Task = s.Name(), m.Name, opts.Task
	for _, sol := range s.solutions {
		if ctx.Err() != nil {
			r.Status = model.StatusUnknown
			return &r, nil
		}
		if err := opts.Emit(sol); err != nil {
			return nil, err
		}
	}
	return &r, nil
}

func queens(squares ...string) model.Solution {
	var s model.Solution
	for _, name := range squares {
		q, err := model.ParseSquare(name)
		if err != nil {
			panic(err)
		}
		s.Pieces = append(s.Pieces, model.Placed{Piece: "queen", Square: q})
	}
	s.Normalize()
	return s
}

var eightQueens = queens("a4", "b2", "c7", "d3", "e6", "f8", "g5", "h1")

func run(t *testing.T, backends Backends, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runWith(context.Background(), t, backends, "", args...)
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCLI(t *testing.T) {
	valid := eightQueens
	eight := int64(8)
	truthful := &scripted{result: model.Result{Status: model.StatusFeasible, Value: &eight, Solution: &valid}}
	broken := queens("a4", "b2", "c7", "d3", "e6", "f8", "g5", "h2")
	liar := &scripted{result: model.Result{Status: model.StatusFeasible, Value: &eight, Solution: &broken}}
	wrongValue := int64(9)
	boaster := &scripted{result: model.Result{Status: model.StatusFeasible, Value: &wrongValue, Solution: &valid}}
	streaming := &scripted{result: model.Result{Status: model.StatusOptimal}, solutions: []model.Solution{valid, valid, valid}}
	streamingLiar := &scripted{result: model.Result{Status: model.StatusOptimal}, solutions: []model.Solution{valid, broken}}

	goodJSON := writeFile(t, "good.json", `{"pieces": [{"piece": "queen", "square": "a4"}, {"piece": "queen", "square": "b2"},
		{"piece": "queen", "square": "c7"}, {"piece": "queen", "square": "d3"}, {"piece": "queen", "square": "e6"},
		{"piece": "queen", "square": "f8"}, {"piece": "queen", "square": "g5"}, {"piece": "queen", "square": "h1"}]}`)
	badJSON := writeFile(t, "bad.json", `{"solution": {"pieces": [{"piece": "queen", "square": "a1"}, {"piece": "queen", "square": "h8"}]}}`)
	notJSON := writeFile(t, "not.json", "{\n  \"pieces\": [\n    {\"piece\": \"queen\", \"square\": 7}]}")
	badModel := writeFile(t, "bad.yaml", "board: 8\nplace: [8 queen]\nrulez: [independent]\n")

	for _, tc := range []struct {
		name     string
		backends Backends
		args     []string
		code     int
		stdout   string // a phrase expected in standard output
		stderr   string // a phrase expected in standard error
	}{
		{"show", nil, []string{"show", models + "blocked-3w-value11.yaml"}, 0, "7 . . . . # . . .", ""},
		{"show json", nil, []string{"show", "--json", models + "eight-queens.yaml"}, 0, `"symmetries":["identity"`, ""},
		{"show weights", nil, []string{"show", models + "weighted-eight-queens.yaml"}, 0, "weights\n8 -2  2  4  0  3  0  2 -2\n", ""},
		{"show weights json", nil, []string{"show", "--json", models + "weighted-eight-queens.yaml"}, 0, `"weights":{"a1":-1,`, ""},
		{"show override", nil, []string{"show", models + "n-queens.yaml", "--set", "board=5"}, 0, "place     5 queen", ""},
		{"bad model", nil, []string{"show", badModel}, 2, "", `bad.yaml:3:1: unknown key "rulez"`},
		{"missing model", nil, []string{"show", "nowhere.yaml"}, 2, "", "cannot read model"},
		{"bad override", nil, []string{"show", models + "eight-queens.yaml", "--set", "board=0"}, 2, "", "--set board=0:1:1:"},
		{"check valid", nil, []string{"check", models + "eight-queens.yaml", goodJSON}, 0, "valid: ", ""},
		{"check invalid", nil, []string{"check", models + "eight-queens.yaml", badJSON}, 1, "queen on a1 attacks queen on h8", ""},
		{"check json", nil, []string{"check", "--json", models + "eight-queens.yaml", badJSON}, 1, `"valid":false`, ""},
		{"check not json", nil, []string{"check", models + "eight-queens.yaml", notJSON}, 2, "", "not.json:3:35: solution JSON"},
		{"solve verified", Backends{"scripted": truthful}, []string{"solve", "--backend", "scripted", models + "eight-queens.yaml"}, 0, "solution verified by the checker", ""},
		{"solve json", Backends{"scripted": truthful}, []string{"solve", "--json", "--backend", "scripted", models + "eight-queens.yaml"}, 0, `"verified":true`, ""},
		{"lying backend", Backends{"scripted": liar}, []string{"solve", "--backend", "scripted", models + "eight-queens.yaml"}, 2, "", "queen on b2 attacks queen on h2"},
		{"wrong value", Backends{"scripted": boaster}, []string{"solve", "--backend", "scripted", models + "eight-queens.yaml"}, 2, "", "claims value 9, its solution has 8"},
		{"unknown backend", Backends{"scripted": truthful}, []string{"solve", "--backend", "magic", models + "eight-queens.yaml"}, 2, "", `unknown backend "magic"; expected one of scripted`},
		{"enumerate", Backends{"scripted": streaming}, []string{"enumerate", "--backend", "scripted", models + "eight-queens.yaml"}, 0, `"index":3,"solution":{"pieces":[{"piece":"queen","square":"h1"}`, "3 solutions enumerated, complete"},
		{"enumerate limit", Backends{"scripted": streaming}, []string{"enumerate", "--limit", "2", "--backend", "scripted", models + "eight-queens.yaml"}, 0, `"index":2`, "2 solutions printed, and more exist (stopped at --limit 2)"},
		{"enumerate lie", Backends{"scripted": streamingLiar}, []string{"enumerate", "--backend", "scripted", models + "eight-queens.yaml"}, 2, `"index":1`, "invalid solution"},
		{"distinct what", Backends{"scripted": truthful}, []string{"count", "--distinct", "pieces", "--backend", "scripted", models + "eight-queens.yaml"}, 2, "", `the only choice is "walls"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tc.backends, tc.args...)
			if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s\nwant stdout to contain %q and stderr %q", code, tc.code, stdout, stderr, tc.stdout, tc.stderr)
			}
		})
	}
}

func TestRenderSolved(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"twelve classes", []string{"render", "--json", models + "eight-queens.yaml", "--all", "--symmetry", "-o", dir + "/q.gif"}, 0, `"frames":12`},
		{"solve", []string{"render", "--json", models + "blocked-3w-value11.yaml", "--solve", "-o", dir + "/b.svg"}, 0, `"format":"svg"`},
		{"all needs gif", []string{"render", models + "eight-queens.yaml", "--all", "-o", dir + "/q.png"}, 2, "--all makes an animation"},
		{"one source", []string{"render", models + "eight-queens.yaml", "--all", "--solve", "-o", dir + "/q.gif"}, 2, "give one of"},
		{"infeasible", []string{"render", models + "n-queens.yaml", "--set", "board=3", "--solve", "-o", dir + "/n.svg"}, 1, "infeasible, nothing to draw"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
			if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
				t.Errorf("exit %d (want %d)\nstdout: %s\nstderr: %s\nwant %q", code, tc.code, stdout, stderr, tc.want)
			}
		})
	}
}
