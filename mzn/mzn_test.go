package mzn_test

import (
	"context"
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
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
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
