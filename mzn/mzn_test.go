package mzn_test

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/mzn"
)

// needMiniZinc skips a test when minizinc is not installed.
func needMiniZinc(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath(mzn.Tool); err != nil {
		t.Skip("minizinc is not installed (apt-get install minizinc)")
	}
}

func load(t *testing.T, name string, overrides ...string) *model.Model {
	t.Helper()
	m, err := model.Load(filepath.Join("..", "testdata", "models", name), overrides...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func solve(t *testing.T, s model.Solver, m *model.Model, opts model.Options) *model.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // the machine may be loaded: 8x8 queens domination takes 20 s of Gecode alone
	defer cancel()
	res, err := s.Solve(ctx, m, opts)
	if err != nil {
		t.Fatalf("%s on %s: %v", s.Name(), m.Name, err)
	}
	if err := model.Verify(m, res); err != nil {
		t.Fatalf("%s on %s: %v", s.Name(), m.Name, err)
	}
	return res
}

func str(p *int64) string {
	if p == nil {
		return "-"
	}
	return strconv.FormatInt(*p, 10)
}

// cases are the models minizinc is compared with exact on: the answer of
// solve (value), and of count with classes.
var cases = []struct {
	file      string
	overrides []string
	count     bool
}{
	{"eight-queens.yaml", nil, true},
	{"n-queens.yaml", []string{"board=6"}, true},
	{"queens-domination.yaml", []string{"board=6"}, true},
	{"queens-domination.yaml", nil, false},
	{"blocked-3w-value11.yaml", nil, true},
	{"camels.yaml", []string{"board=5"}, true},
	{"amazons.yaml", []string{"board=6"}, true},
	{"kings-shaped.yaml", nil, true},
	{"cover-5x5-wall.yaml", nil, true},
	{"cover-5x5-weak.yaml", nil, true},
	{"eight-pieces-same-colour.yaml", []string{"board=5"}, false},
	{"n-queens.yaml", []string{"board=3"}, true}, // infeasible
	{"nightriders.yaml", []string{"board=6"}, true},
	{"least-walls-6x6-9.yaml", nil, true}, // free walls
	// wrapped boards: rays and leaps folded across the glued edges
	{"torus-queens.yaml", []string{"board.size=5"}, true},
	{"torus-queens.yaml", []string{"board.size=6"}, true}, // infeasible
	{"torus-queens.yaml", nil, true},
	{"torus-queens.yaml", []string{"board.size=11"}, true}, // 88: past a minute of Gecode without tighten.go's partitions, 2.4 s CPU with them
	{"torus-queens.yaml", []string{"board.size=5", "board.wrap=mobius", "place=[max queen]"}, true},
	{"lefthanded-knights.yaml", nil, true},
	// square weights: of the pieces' squares, of the squares attacked
	{"weighted-eight-queens.yaml", nil, true},
	{"attacked-weight-weak.yaml", []string{"rules=[attack weak]"}, true},
	{"attacked-weight-weak.yaml", []string{"rules=[attack strong]"}, true},
	// tours: closed (circuit), open with and without a start (a closing node)
	{"tour-rook.yaml", nil, true},
	{"tour-rook.yaml", []string{"board=3", "tour.closed=false"}, true},
	{"knights-tour.yaml", []string{"board=5", "tour.start=a1"}, true},
	{"tour-holes.yaml", []string{"board=5", "board.walls=[c3]", "tour.closed=false"}, true},
	{"knights-tour-closed.yaml", []string{"board=3x4"}, true}, // infeasible
	{"knights-tour-closed.yaml", nil, false},
	{"tour-holes.yaml", nil, false},
}

func TestAgainstExact(t *testing.T) {
	needMiniZinc(t)
	for _, c := range cases {
		m := load(t, c.file, c.overrides...)
		t.Run(m.Name+" "+strings.Join(c.overrides, " "), func(t *testing.T) {
			tasks := []model.Task{model.TaskSolve}
			if c.count {
				tasks = append(tasks, model.TaskCount)
			}
			for _, task := range tasks {
				opts := model.Options{Task: task, Symmetry: true, Workers: 1}
				want := solve(t, exact.New(), m, opts)
				got := solve(t, mzn.New(), m, opts)
				if solved(got.Status) != solved(want.Status) || str(got.Value) != str(want.Value) || str(got.Count) != str(want.Count) || str(got.Classes) != str(want.Classes) {
					t.Errorf("%v: minizinc %v value %s count %s classes %s; exact %v value %s count %s classes %s", task,
						got.Status, str(got.Value), str(got.Count), str(got.Classes), want.Status, str(want.Value), str(want.Count), str(want.Classes))
				}
				t.Logf("%v: %v value %s count %s classes %s (%.2fs; exact %.2fs)", task, got.Status, str(got.Value), str(got.Count), str(got.Classes), got.Stats.Seconds, want.Stats.Seconds)
			}
		})
	}
}

// solved merges feasible and optimal: on a model without an objective the
// backends say either.
func solved(s model.Status) model.Status {
	if s == model.StatusFeasible {
		return model.StatusOptimal
	}
	return s
}

// TestRefused: what the formulation does not cover is refused with
// ErrUnsupported, before minizinc runs.
func TestRefused(t *testing.T) {
	for _, c := range []struct{ file, why string }{
		{"cover-5x5-stack.yaml", "stack"},
		{"sliding-rooks.yaml", "slide"},
		{"slide-guarini.yaml", "slide"},
		{"tour-3x4-undirected.yaml", "undirected open tours"},
		{"peaceable-queens-8.yaml", "groups"},
		{"attacked-weight-weak.yaml", "attack counts"},
	} {
		m := load(t, c.file)
		_, err := mzn.New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
		if !errors.Is(err, model.ErrUnsupported) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: %v, want ErrUnsupported naming %q", c.file, err, c.why)
		}
		if err := mzn.Write(io.Discard, m, mzn.Fix{}); !errors.Is(err, model.ErrUnsupported) {
			t.Errorf("%s: Write: %v, want ErrUnsupported", c.file, err)
		}
	}
	m := load(t, "eight-queens.yaml")
	_, err := mzn.New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, DistinctWalls: true})
	if !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("--distinct walls: %v, want ErrUnsupported", err)
	}
}

// TestWrittenFileSolves: the file Write gives, solved by minizinc on its
// own, has an optimal solution of the value exact finds.
func TestWrittenFileSolves(t *testing.T) {
	needMiniZinc(t)
	for _, file := range []string{"blocked-3w-value11.yaml", "cover-5x5-wall.yaml", "tour-rook.yaml"} {
		m := load(t, file)
		path := filepath.Join(t.TempDir(), "model.mzn")
		var text strings.Builder
		if err := mzn.Write(&text, m, mzn.Fix{}); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(mzn.Tool, "--solver", mzn.Solver, path).Output()
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		want := solve(t, exact.New(), m, model.Options{Task: model.TaskSolve})
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if m.Kind == model.KindTour {
			if !strings.HasPrefix(lines[0], "succ:") || len(strings.Fields(lines[0])) != int(*want.Value)+1 {
				t.Errorf("%s: minizinc printed %q", file, out)
			}
			continue
		}
		sol := model.Solution{}
		for _, f := range strings.Fields(strings.TrimPrefix(lines[0], "pieces:")) {
			piece, square, _ := strings.Cut(f, "@")
			s, err := model.ParseSquare(square)
			if err != nil {
				t.Fatalf("%s: %q: %v", file, f, err)
			}
			sol.Pieces = append(sol.Pieces, model.Placed{Piece: piece, Square: s})
		}
		report := model.Check(m, &sol)
		if !report.Valid || report.Value != *want.Value || lines[len(lines)-1] != "==========" {
			t.Errorf("%s: minizinc's solution %v: valid %v value %d, exact %d; output %q", file, sol.Key(), report.Valid, report.Value, *want.Value, out)
		}
	}
}

// TestEnumerate streams every solution once, each checked.
func TestEnumerate(t *testing.T) {
	needMiniZinc(t)
	m := load(t, "n-queens.yaml", "board=6")
	seen := map[string]bool{}
	res := solve(t, mzn.New(), m, model.Options{Task: model.TaskEnumerate, Emit: func(s model.Solution) error {
		if r := model.Check(m, &s); !r.Valid || seen[s.Key()] {
			t.Errorf("%v: valid %v, seen before %v", s.Key(), r.Valid, seen[s.Key()])
		}
		seen[s.Key()] = true
		return nil
	}})
	if len(seen) != 4 || res.Count == nil || *res.Count != 4 {
		t.Errorf("enumerated %d, count %s; want 4", len(seen), str(res.Count))
	}
}

// TestTimeout: a solve cut by the deadline answers unknown at the deadline,
// with no wrong answer, and leaves no minizinc running.
func TestTimeout(t *testing.T) {
	needMiniZinc(t)
	m := load(t, "queens-domination.yaml", "board=11")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	start := time.Now()
	res, err := mzn.New().Solve(ctx, m, model.Options{Task: model.TaskSolve})
	if err != nil {
		t.Fatal(err)
	}
	if err := model.Verify(m, res); err != nil {
		t.Fatal(err)
	}
	if res.Status == model.StatusOptimal || time.Since(start) > 6*time.Second {
		t.Errorf("status %v after %v; want unknown at about 2s", res.Status, time.Since(start))
	}
}
