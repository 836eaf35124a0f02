package sat_test

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sat"
)

func needCadical(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath(sat.Tool); err != nil {
		t.Skip("cadical is not installed (apt-get install cadical)")
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

// normal sorts each clause's literals and the clauses, duplicates dropped.
func normal(clauses [][]int) []string {
	var out []string
	for _, c := range clauses {
		c = slices.Clone(c)
		slices.Sort(c)
		c = slices.Compact(c)
		out = append(out, fmt.Sprint(c))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// encoded are models the encoder covers, each with what is held against
// exact.
var encoded = []struct {
	file      string
	overrides []string
	count     bool
}{
	{"eight-queens.yaml", nil, true},
	{"n-queens.yaml", []string{"board=6"}, true},
	{"n-queens.yaml", []string{"board=3"}, true}, // infeasible
	{"queens-domination.yaml", []string{"board=6"}, true},
	{"queens-domination.yaml", nil, false},
	{"blocked-3w-value11.yaml", nil, true},
	{"camels.yaml", []string{"board=5"}, true},
	{"amazons.yaml", []string{"board=6"}, true},
	{"kings-shaped.yaml", nil, false},
	{"cover-5x5-wall.yaml", nil, true},
	{"cover-5x5-weak.yaml", nil, true},
	{"cover-5x5-five-pieces.yaml", nil, false},
	{"eight-pieces-same-colour.yaml", []string{"board=5"}, false},
	{"nightriders.yaml", []string{"board=6"}, true},
	{"least-walls-6x6-9.yaml", nil, true},
	{"least-walls-9.yaml", nil, false},
	{"torus-queens.yaml", []string{"board.size=5"}, true},
	{"queens-6x9.yaml", nil, false},
	{"lefthanded-knights.yaml", []string{"board=5"}, true},
}

// TestEncodersAgree holds the checker's encoder (model/cert_encode.go)
// against this package's, clause by clause, on every formula a
// certificate may hold: no bound, and bounds on both sides.
func TestEncodersAgree(t *testing.T) {
	var models []*model.Model
	for _, c := range encoded {
		models = append(models, load(t, c.file, c.overrides...))
	}
	// Fixed riders and leapers, squares off the board, a wrapped board
	// with weak attack: the clauses of fixed pieces and of the chains.
	for _, text := range []string{
		"board: |\n  .Q..-\n  ...#.\n  N....\n  ..B..\nplace: [2 rook, 1 knight]\nrules: [cover dominated]\nobjective: maximize attacked",
		"board: {size: 5, wrap: klein}\nplace: [2 queen, 1 camel]\npieces: {camel: {leap: [1, 3]}}\nrules: [attack weak, cover 20 attacked]",
		"board: {size: 5, wrap: mobius}\nplace: [1..3 rook on dark, 1 rook, max bishop]\nrules: [independent]",
	} {
		m, err := model.Parse([]byte(text), "inline.yaml")
		if err != nil {
			t.Fatal(err)
		}
		models = append(models, m)
	}
	for _, m := range models {
		c := struct{ file string }{m.Name}
		enc, err := sat.Encode(m)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		for _, b := range []struct {
			bound   *int64
			atLeast bool
		}{{nil, false}, {model.Int64(3), true}, {model.Int64(4), false}, {model.Int64(-1), false}, {model.Int64(1000), true}} {
			var extra []sat.Card
			if b.bound != nil {
				extra = append(extra, enc.Bound(*b.bound, b.atLeast))
			}
			f := enc.CNF(extra...)
			vars, clauses, err := model.CertificateFormula(m, b.bound, b.atLeast)
			if err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
			if vars != f.NumVars {
				t.Errorf("%s bound %v: %d variables, the checker's encoder %d", c.file, b.bound, f.NumVars, vars)
			}
			if got, want := normal(clauses), normal(f.Clauses); !slices.Equal(got, want) {
				t.Errorf("%s bound %v: the checker's formula has %d distinct clauses, the backend's %d", c.file, b.bound, len(got), len(want))
			}
		}
	}
}

func str(p *int64) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprint(*p)
}

// TestAgreesWithExact solves (and counts) each model with sat and exact.
func TestAgreesWithExact(t *testing.T) {
	needCadical(t)
	for _, c := range encoded {
		m := load(t, c.file, c.overrides...)
		tasks := []model.Task{model.TaskSolve}
		if c.count {
			tasks = append(tasks, model.TaskCount)
		}
		for _, task := range tasks {
			name := c.file + " " + strings.Join(c.overrides, " ") + " " + task.String()
			opts := model.Options{Task: task, Symmetry: task == model.TaskCount}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			got, err := model.Run(ctx, sat.New(), m, opts)
			cancel()
			if err != nil {
				t.Fatalf("%s: sat: %v", name, err)
			}
			ctx, cancel = context.WithTimeout(context.Background(), 3*time.Minute)
			want, err := model.Run(ctx, exact.New(), m, opts)
			cancel()
			if err != nil {
				t.Fatalf("%s: exact: %v", name, err)
			}
			if got.Status != want.Status || str(got.Value) != str(want.Value) || str(got.Count) != str(want.Count) || str(got.Classes) != str(want.Classes) {
				t.Errorf("%s: sat %s value %s count %s classes %s, exact %s value %s count %s classes %s", name,
					got.Status, str(got.Value), str(got.Count), str(got.Classes), want.Status, str(want.Value), str(want.Count), str(want.Classes))
			}
		}
	}
}

// TestRefuses walks past the encoding's limits: each is refused with
// ErrUnsupported (ErrTooLarge for the size).
func TestRefuses(t *testing.T) {
	for _, c := range []struct {
		file      string
		overrides []string
		want      string
	}{
		{"knights-tour.yaml", nil, "tour models"},
		{"sliding-rooks.yaml", nil, "slide models"},
		{"cover-5x5-stack.yaml", nil, "stacked"},
		{"peaceable-queens-8.yaml", nil, "groups"},
		{"queens-attack-one.yaml", nil, "attack counts"},
		{"weighted-eight-queens.yaml", nil, "weight"},
		{"n-queens.yaml", []string{"board=65"}, "more than the 4096"},
	} {
		m := load(t, c.file, c.overrides...)
		_, err := sat.New().Solve(context.Background(), m, model.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || !errorsIsUnsupported(err) {
			t.Errorf("%s: %v, want an ErrUnsupported saying %q", c.file, err, c.want)
		}
	}
}

// TestCountLimit walks past the bound of counting: 4 rooks on 4x4 have 24
// solutions, more than the 10 asked for.
func TestCountLimit(t *testing.T) {
	needCadical(t)
	m := load(t, "n-rooks.yaml", "board=4")
	_, err := (&sat.Backend{MaxSolutions: 10}).Solve(context.Background(), m, model.Options{Task: model.TaskCount})
	if !errorsIsUnsupported(err) || !strings.Contains(err.Error(), "more than 10 solutions") {
		t.Errorf("24 solutions counted with a bound of 10: %v, want ErrUnsupported", err)
	}
	res, err := (&sat.Backend{MaxSolutions: 24}).Solve(context.Background(), m, model.Options{Task: model.TaskCount})
	if err != nil || res.Count == nil || *res.Count != 24 {
		t.Errorf("24 solutions counted with a bound of 24: %v %v", res, err)
	}
}
