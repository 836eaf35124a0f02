//go:build cgo

package ilp

import (
	"context"
	"flag"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/ilp/internal/lpsolve"
	"github.com/chessmodel/chessmodel/model"
)

// The measurements behind the choice of formulations and the tractability
// table of the package's notes. They take minutes, so they run only when
// asked for:
//
//	go test ./ilp -run Measure -ilp.measure=60s -v
var measureLimit = flag.Duration("ilp.measure", 0, "run the Measure tests, bounding each solve by this duration")

// relaxation returns the optimum of p's LP relaxation (NaN when lp_solve
// does not finish it within the measurement limit).
func relaxation(t testing.TB, p *Program) float64 {
	t.Helper()
	relaxed := *p
	relaxed.Variables = append([]Variable(nil), p.Variables...)
	for i := range relaxed.Variables {
		relaxed.Variables[i].Integer = false
	}
	sess, err := load(&relaxed)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.close()
	// lp_solve's default pricing stalls on some relaxations (eight pieces:
	// unsolved after a minute) that Dantzig's rule solves in a second.
	if err := sess.lp.SetPricing(lpsolve.PricingDantzig); err != nil {
		t.Fatal(err)
	}
	limit := *measureLimit
	if limit == 0 {
		limit = time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	out, err := sess.solve(ctx)
	if err != nil {
		t.Fatalf("relaxation: %v %v", out.status, err)
	}
	if out.values == nil || out.stopped {
		return math.NaN()
	}
	return out.objective
}

// TestMeasureWallFormulations compares the formulations of independence
// with free walls: size, LP bound, and time to prove the optimum.
func TestMeasureWallFormulations(t *testing.T) {
	if *measureLimit == 0 {
		t.Skip("measurement: run with -ilp.measure=DURATION")
	}
	models := []string{"least-walls-9", "least-walls-10", "least-walls-11", "least-walls-12", "least-walls-13", "least-walls-6x6-9", "least-walls-7x7-16"}
	var table strings.Builder
	fmt.Fprintf(&table, "\n%-20s %-8s %6s %6s %8s %8s %8s %10s %9s\n", "model", "form", "cols", "rows", "nonzero", "LP bound", "status", "value", "seconds")
	for _, name := range models {
		m := load_(t, name)
		for _, form := range []wallFormulation{wallWindows, wallPairs, wallChain} {
			p, err := compile(m, formulation{freeWalls: form})
			if err != nil {
				t.Fatal(err)
			}
			bound := relaxation(t, p)
			ctx, cancel := context.WithTimeout(context.Background(), *measureLimit)
			res, err := (&Solver{form: formulation{freeWalls: form}}).Solve(ctx, m, model.Options{})
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&table, "%-20s %-8v %6d %6d %8d %8.3f %8v %10s %9.2f\n", name, form, len(p.Variables), len(p.Rows), p.NonZeros(),
				bound, res.Status, value(res), res.Stats.Seconds)
		}
	}
	t.Log(table.String())
}

// TestMeasureTractability solves the seed models lp_solve may not manage,
// each within the limit.
func TestMeasureTractability(t *testing.T) {
	if *measureLimit == 0 {
		t.Skip("measurement: run with -ilp.measure=DURATION")
	}
	models := []string{
		"least-walls-9", "least-walls-10", "least-walls-11", "least-walls-12", "least-walls-13", "least-walls-14",
		"least-walls-15", "least-walls-16", "least-walls-6x6-9", "least-walls-7x7-15", "least-walls-7x7-16",
		"eight-pieces", "eight-pieces-cover", "eight-pieces-same-colour", "eight-pieces-weak", "eight-pieces-stack",
		"eight-pieces-superqueen",
	}
	var table strings.Builder
	fmt.Fprintf(&table, "\n%-26s %6s %6s %8s %10s %6s %9s %9s\n", "model", "cols", "rows", "status", "value", "bound", "nodes", "seconds")
	for _, name := range models {
		m := load_(t, name)
		p, err := Compile(m)
		if err != nil {
			t.Fatal(err)
		}
		bound := relaxation(t, p)
		ctx, cancel := context.WithTimeout(context.Background(), *measureLimit)
		res, err := New().Solve(ctx, m, model.Options{})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		line := fmt.Sprintf("%-26s %6d %6d %8v %10s %6.1f %9d %9.2f", name, len(p.Variables), len(p.Rows), res.Status, value(res),
			bound, res.Stats.Nodes, res.Stats.Seconds)
		t.Log(line)
		table.WriteString(line + "\n")
	}
	t.Log(table.String())
}

func load_(t testing.TB, name string) *model.Model {
	t.Helper()
	m, err := model.Load("../testdata/models/" + name + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func value(res *model.Result) string {
	if res.Value == nil {
		return "-"
	}
	return fmt.Sprint(*res.Value)
}

// TestMeasureAttackFormulations compares the visibility chain with rays on
// models of strong attack that lp_solve can prove.
func TestMeasureAttackFormulations(t *testing.T) {
	if *measureLimit == 0 {
		t.Skip("measurement: run with -ilp.measure=DURATION")
	}
	texts := map[string]string{
		"5x5 Q R B N":     "board: 5\nplace: [1 queen, 1 rook, 1 bishop, 1 knight]\nobjective: maximize attacked\n",
		"6x6 Q R N":       "board: 6\nplace: [1 queen, 1 rook, 1 knight]\nobjective: maximize attacked\n",
		"8x8 Q R R N":     "board: 8\nplace: [1 queen, 2 rook, 1 knight]\nobjective: maximize attacked\n",
		"6x6 walls Q R N": "board: {size: 6, walls: free}\nplace: [1 queen, 1 rook, 1 knight]\nobjective: maximize attacked\n",
	}
	var names []string
	for name := range texts {
		names = append(names, name)
	}
	sort.Strings(names)
	var table strings.Builder
	fmt.Fprintf(&table, "\n%-16s %-6s %6s %6s %8s %8s %8s %6s %9s\n", "model", "form", "cols", "rows", "nonzero", "LP bound", "status", "value", "seconds")
	for _, name := range names {
		m, err := model.Parse([]byte(texts[name]), name)
		if err != nil {
			t.Fatal(err)
		}
		for _, rays := range []bool{false, true} {
			form := formulation{rays: rays}
			p, err := compile(m, form)
			if err != nil {
				t.Fatal(err)
			}
			bound := relaxation(t, p)
			ctx, cancel := context.WithTimeout(context.Background(), *measureLimit)
			res, err := (&Solver{form: form}).Solve(ctx, m, model.Options{})
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			label := "chain"
			if rays {
				label = "rays"
			}
			fmt.Fprintf(&table, "%-16s %-6s %6d %6d %8d %8.2f %8v %6s %9.2f\n", name, label, len(p.Variables), len(p.Rows), p.NonZeros(),
				bound, res.Status, value(res), res.Stats.Seconds)
		}
	}
	t.Log(table.String())
}

// TestMeasureCoverageTightening measures what the clique rows of
// place_coverage_cliques.go and the symmetry rows of place_symmetry.go buy on the
// coverage models of testdata: size, LP bound, nodes and time, each of the
// four combinations.
func TestMeasureCoverageTightening(t *testing.T) {
	if *measureLimit == 0 {
		t.Skip("measurement: run with -ilp.measure=DURATION")
	}
	files, err := filepath.Glob("../testdata/models/cover-*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "../testdata/models/eight-pieces-fewest.yaml")
	var table strings.Builder
	fmt.Fprintf(&table, "\n%-34s %-14s %6s %6s %8s %8s %6s %9s %9s\n", "model", "rows added", "cols", "rows", "LP bound", "status", "value", "nodes", "seconds")
	for _, file := range files {
		m, err := model.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []struct {
			label string
			form  formulation
		}{
			{"none", formulation{noAttackCliques: true, keepSymmetry: true}},
			{"cliques", formulation{keepSymmetry: true}},
			{"symmetry", formulation{noAttackCliques: true}},
			{"both", formulation{}},
		} {
			built := v.form
			built.breakSymmetry = !v.form.keepSymmetry
			p, err := compile(m, built)
			if err != nil {
				t.Fatal(err)
			}
			bound := relaxation(t, p)
			ctx, cancel := context.WithTimeout(context.Background(), *measureLimit)
			res, err := (&Solver{form: v.form}).Solve(ctx, m, model.Options{})
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&table, "%-34s %-14s %6d %6d %8.2f %8v %6s %9d %9.2f\n", filepath.Base(file), v.label, len(p.Variables), len(p.Rows),
				bound, res.Status, value(res), res.Stats.Nodes, res.Stats.Seconds)
		}
	}
	t.Log(table.String())
}
