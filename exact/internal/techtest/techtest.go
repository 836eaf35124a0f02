// Package techtest runs the table of puzzles with known answers
// (internal/known) against one technique of the exact backend, forced:
// every placement case the technique says it fits is compiled and handed
// to it directly, whatever dispatch would choose, and must give the known
// answer. Only tests import it.
package techtest

import (
	"context"
	"os"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// Known runs every known placement case tech fits (Technique.FitsCase)
// through tech alone,
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
	return tech.FitsCase(m, c.Options())
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

// compiled is the solver that hands every model to tech, compiled as the
// facade compiles it after dispatch when tech reads a compiled problem.
func compiled(tech driver.Technique) forced { return forced{tech} }

// forced is a model.Solver that hands every model to one technique.
type forced struct{ tech driver.Technique }

func (f forced) Name() string { return "exact/" + f.tech.Name }

func (f forced) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	res, err := driver.Frame(ctx, m, opts, f.Name(), func(st *tasks.Stopper, res *model.Result) error {
		return f.tech.Answer(st, m, opts, res)
	})
	if res != nil {
		model.SettleStatus(m, res)
	}
	return res, err
}
