package ilp_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

func tourModel(t *testing.T, board, spec string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(fmt.Sprintf("name: tour\nboard: %s\ntour: %s\n", board, spec)), "tour.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestTourSolve: the subtour loop ends with one verified tour, or proves
// there is none.
func TestTourSolve(t *testing.T) {
	for _, c := range []struct {
		board, spec string
		feasible    bool
	}{
		{"6", "{piece: knight, closed: true}", true},
		{"5", "{piece: knight, start: a1}", true},
		{"8", "{piece: knight, start: d8}", true},
		{"5", "{piece: knight, start: b1}", false},
		{"4", "{piece: knight, closed: true}", false},
		{"1", "{piece: knight}", true},
		{"{size: 8, walls: [d4, e4, d5, e5]}", "{piece: knight, closed: true}", true},
	} {
		t.Run(c.board+c.spec, func(t *testing.T) {
			m := tourModel(t, c.board, c.spec)
			res := solve(t, m, model.Options{Task: model.TaskSolve})
			if c.feasible != (res.Status == model.StatusSatisfied) || (c.feasible && !res.Verified) {
				t.Fatalf("status %v verified %v, want satisfied %v", res.Status, res.Verified, c.feasible)
			}
			if !c.feasible && res.Status != model.StatusInfeasible {
				t.Fatalf("status %v, want infeasible", res.Status)
			}
		})
	}
}

// TestTourCount counts by no-good cuts: published numbers, classes found by
// hand where the board is small.
func TestTourCount(t *testing.T) {
	for _, c := range []struct {
		board, spec string
		count       int64
		classes     int64
	}{
		{"5x6", "{piece: knight, closed: true}", 8, 3},
		{"5", "{piece: knight, start: a1}", 304, 152},
		{"3x4", "{piece: knight}", 16, 4},
		{"2", "{piece: knight}", 0, 0},
	} {
		t.Run(c.board+c.spec, func(t *testing.T) {
			m := tourModel(t, c.board, c.spec)
			res := solve(t, m, model.Options{Task: model.TaskCount, Symmetry: true})
			if res.Count == nil || *res.Count != c.count || *res.Classes != c.classes {
				t.Fatalf("count %v classes %v, want %d and %d", res.Count, res.Classes, c.count, c.classes)
			}
		})
	}
}

// TestTourExport writes the program with the cuts the loop found, and the
// file says so.
func TestTourExport(t *testing.T) {
	m, err := model.Load(filepath.Join("..", "testdata", "models", "knights-tour-closed.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	bare, err := ilp.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	cut, err := ilp.CompileWithCuts(context.Background(), m, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(cut.Rows) < len(bare.Rows) {
		t.Fatalf("%d rows with cuts, %d without", len(cut.Rows), len(bare.Rows))
	}
	for _, f := range []ilp.Format{ilp.FormatLP, ilp.FormatMPS, ilp.FormatCPLEX} {
		var b bytes.Buffer
		if err := cut.Write(&b, f); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "subtour elimination rows (sub_N) found by the cut loop are included") {
			t.Errorf("%v: the file does not say which cuts it has:\n%.400s", f, b.String())
		}
	}
	var b bytes.Buffer
	if err := bare.WriteLP(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "this program has none yet") {
		t.Errorf("the program without cuts does not say so")
	}
}

// TestTourEnumerateLimit stops the enumeration inside Emit: exactly that
// many tours, though each undirected tour found gives two directed ones.
func TestTourEnumerateLimit(t *testing.T) {
	m := tourModel(t, "3x4", "{piece: knight}")
	for _, limit := range []int{1, 5} {
		ctx, cancel := context.WithCancel(context.Background())
		n := 0
		_, err := ilp.New().Solve(ctx, m, model.Options{Task: model.TaskEnumerate, Emit: func(model.Solution) error {
			if n++; n == limit {
				cancel()
			}
			return nil
		}})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if n != limit {
			t.Fatalf("%d tours emitted, want %d", n, limit)
		}
	}
}

// TestTourMemoryBound: a tour whose program is above Options.MaxMemory is
// refused with model.ErrTooLarge by Solve, Compile and CompileWithCuts,
// before its move graph is built (a closed queen's tour of 128x128, 3.5
// million columns, took 2.3 GB under --max-memory 64M and ignored
// --timeout); under the bound a smaller board is compiled.
func TestTourMemoryBound(t *testing.T) {
	m := tourModel(t, "128", "{piece: queen, closed: true}")
	const bound = 64 << 20
	_, err := ilp.New().Solve(context.Background(), m, model.Options{MaxMemory: bound})
	if !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("Solve: %v, want model.ErrTooLarge", err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = ilp.CompileWithin(m, bound)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("CompileWithin: %v, want model.ErrTooLarge", err)
	}
	if used := after.TotalAlloc - before.TotalAlloc; used > 1<<20 {
		t.Errorf("refusing allocated %d bytes", used)
	}
	walled := tourModel(t, "{size: 128, walls: [a1]}", "{piece: queen, closed: true}") // moves counted one by one
	if _, err := ilp.CompileWithin(walled, bound); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("with a wall: %v, want model.ErrTooLarge", err)
	}
	if _, err := ilp.CompileWithCuts(context.Background(), m, bound); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("CompileWithCuts: %v, want model.ErrTooLarge", err)
	}
	small := tourModel(t, "12", "{piece: queen, closed: true}")
	if _, err := ilp.CompileWithin(small, bound); err != nil {
		t.Errorf("12x12: %v", err)
	}
}

// TestCompileWithCutsStopped: when the context ends the cut loop,
// CompileWithCuts returns the program with the cuts so far, its notes
// saying so, and an error wrapping ErrCutsStopped and the context's error.
func TestCompileWithCutsStopped(t *testing.T) {
	m := tourModel(t, "16", "{piece: knight, closed: true}") // a cut loop of more than 20 s
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	p, err := ilp.CompileWithCuts(ctx, m, 0)
	if !errors.Is(err, ilp.ErrCutsStopped) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want ErrCutsStopped and the deadline", err)
	}
	if p == nil || !strings.Contains(strings.Join(p.Notes, " "), "the loop was stopped") {
		t.Fatalf("program %v", p)
	}
}
