package exact

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

func modelPath(name string) string {
	return filepath.Join("..", "testdata", "models", name+".yaml")
}

func load(t testing.TB, name string, overrides ...string) *model.Model {
	t.Helper()
	m, err := model.Load(modelPath(name), overrides...)
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return m
}

func parse(t testing.TB, yaml string, overrides ...string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(yaml), "test.yaml", overrides...)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, yaml)
	}
	return m
}

func parseModel(yaml string) (*model.Model, error) {
	return model.Parse([]byte(yaml), "random.yaml")
}

// run solves and checks the reported solution with the model's checker.
func run(t testing.TB, m *model.Model, opts model.Options) *model.Result {
	t.Helper()
	res, err := New().Solve(context.Background(), m, opts)
	if err != nil {
		t.Fatalf("%s %v: %v", m.Name, opts.Task, err)
	}
	if res.Solution != nil {
		mustCheck(t, m, res.Solution)
		if res.Value != nil && res.Status != model.StatusUnknown {
			if r := model.Check(m, res.Solution); r.Value != *res.Value {
				t.Errorf("%s: value %d, the checker measures %d", m.Name, *res.Value, r.Value)
			}
		}
	}
	return res
}

func mustCheck(t testing.TB, m *model.Model, s *model.Solution) {
	t.Helper()
	if r := model.Check(m, s); !r.Valid {
		t.Fatalf("%s: invalid solution %+v: %v", m.Name, *s, r.Problems)
	}
}

// enumerate lists every solution, checking each and that none repeats.
func enumerate(t testing.TB, m *model.Model) []model.Solution {
	t.Helper()
	var out []model.Solution
	seen := map[string]bool{}
	_, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskEnumerate, Emit: func(s model.Solution) error {
		mustCheck(t, m, &s)
		if seen[s.Key()] {
			t.Fatalf("%s: solution listed twice: %s", m.Name, s.Key())
		}
		seen[s.Key()] = true
		out = append(out, s)
		return nil
	}})
	if err != nil {
		t.Fatalf("%s enumerate: %v", m.Name, err)
	}
	return out
}

func value(r *model.Result) int64 {
	if r.Value == nil {
		return -1
	}
	return *r.Value
}

func count(r *model.Result) int64 {
	if r.Count == nil {
		return -1
	}
	return *r.Count
}

func classes(r *model.Result) int64 {
	if r.Classes == nil {
		return -1
	}
	return *r.Classes
}

// mustCompile compiles m for a technique's own entry points.
func mustCompile(t testing.TB, m *model.Model) *problem.Problem {
	t.Helper()
	p, err := problem.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
