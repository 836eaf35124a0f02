// Package techtest runs the table of puzzles with known answers
// (internal/known) against one technique of the exact backend, forced:
// every placement case the technique says it fits is compiled and handed
// to it directly, whatever dispatch would choose, and must give the known
// answer. Only tests import it.
package techtest

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// Known runs every known placement case tech fits through tech alone,
// then the extra cases (for what the table does not reach), each of
// which must fit tech and name a brute-force referee that agrees with
// its answer. It fails when tech fits no case of the table and has no
// extra one. Cases too long for the exact backend are left out, and
// those slow (minutes) forced to tech: skip names them, with the reason,
// and they run only when CHESSMODEL_FORCED_LONG is set.
func Known(t *testing.T, tech driver.Technique, skip map[string]string, extra ...known.Case) {
	t.Helper()
	long := os.Getenv("CHESSMODEL_FORCED_LONG") != ""
	picked := 0
	for _, c := range known.Cases() {
		if m, err := c.Model(); err == nil && fits(tech, &c, m) {
			picked++
		}
	}
	if picked > 0 {
		known.Test(t, "exact", func(c *known.Case, m *model.Model) model.Solver {
			if !fits(tech, c, m) {
				return nil
			}
			if why := skip[c.Name]; why != "" && !long {
				t.Logf("%s: left out (%s); CHESSMODEL_FORCED_LONG=1 runs it", c.Name, why)
				return nil
			}
			return compiled(tech)
		})
	}
	for _, c := range extra {
		t.Run(c.Name, func(t *testing.T) { runExtra(t, tech, c) })
	}
	if picked+len(extra) == 0 {
		t.Fatalf("no known case for %s", tech.Name)
	}
}

// fits reports whether tech takes the case.
func fits(tech driver.Technique, c *known.Case, m *model.Model) bool {
	if m.Kind != model.KindPlace {
		return false
	}
	p, err := problem.Compile(m)
	return err == nil && tech.Fits(p, c.Options())
}

// runExtra runs an extra case through tech and its referee.
func runExtra(t *testing.T, tech driver.Technique, c known.Case) {
	m, err := c.Model()
	if err != nil {
		t.Fatal(err)
	}
	if !fits(tech, &c, m) {
		t.Fatalf("%s does not fit it", tech.Name)
	}
	if c.Brute == nil {
		t.Fatal("an extra case needs a brute-force referee")
	}
	for _, s := range []model.Solver{compiled(tech), c.Brute} {
		res, err := c.Run(context.Background(), s, m)
		if err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		if err := c.Check(m, res); err != nil {
			t.Errorf("%s: %v", s.Name(), err)
		}
	}
}

// KnownModel is Known for a technique that reads the model itself (the
// n-queens fast path, the transfer-matrix counter: their boards may be
// far larger than a compiled problem allows): every known placement case
// fits takes is handed to solve.
func KnownModel(t *testing.T, name string, fits func(m *model.Model, opts model.Options) bool, solve Solve) {
	t.Helper()
	known.Test(t, "exact", func(c *known.Case, m *model.Model) model.Solver {
		if m.Kind != model.KindPlace || !fits(m, c.Options()) {
			return nil
		}
		return forced{name: name, solve: solve}
	})
}

// Run answers m with tech alone, compiled as the facade compiles it, and
// fails the test on an error.
func Run(t *testing.T, tech driver.Technique, m *model.Model, opts model.Options) *model.Result {
	t.Helper()
	res, err := compiled(tech).Solve(context.Background(), m, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// A Solve answers a model with one technique.
type Solve func(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error

// compiled is the solver that compiles a model and hands it to tech, as
// the facade does after dispatch.
func compiled(tech driver.Technique) forced {
	return forced{name: tech.Name, solve: func(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error {
		p, err := problem.Compile(m)
		if err != nil {
			return err
		}
		return tech.Solve(st, p, opts, res)
	}}
}

// forced is a model.Solver that hands every model to one technique.
type forced struct {
	name  string
	solve Solve
}

func (f forced) Name() string { return "exact/" + f.name }

func (f forced) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if opts.Task == model.TaskEnumerate && opts.Emit == nil {
		return nil, errors.New("enumerate needs Emit")
	}
	res := model.NewResult(m, opts.Task, f.Name())
	st := tasks.NewStopper(ctx)
	defer st.Close()
	if err := f.solve(st, m, opts, res); err != nil {
		return nil, err
	}
	model.SettleStatus(m, res)
	return res, nil
}
