package tour_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/model"
)

func load(t testing.TB, name string, overrides ...string) *model.Model {
	t.Helper()
	m, err := model.Load(filepath.Join("..", "..", "testdata", "models", name), overrides...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestFind runs solve on tour models: a tour the checker accepts, or
// infeasible with the expected reason.
func TestFind(t *testing.T) {
	cases := []struct {
		file      string
		overrides []string
		reason    string // "" for feasible
	}{
		{"knights-tour.yaml", nil, ""},
		{"knights-tour-closed.yaml", nil, ""},
		{"knights-tour-closed.yaml", []string{"board=8"}, ""},
		{"knights-tour-closed.yaml", []string{"board=5"}, "even number of squares"},
		{"knights-tour-closed.yaml", []string{"board=4x9"}, "Schwenk"},
		{"knights-tour-closed.yaml", []string{"board=3x8"}, "Schwenk"},
		{"knights-tour-closed.yaml", []string{"board=3x10"}, ""},
		{"knights-tour.yaml", []string{"board=4", "tour.start=a1"}, "exhaustive search"},
		{"knights-tour.yaml", []string{"board=5", "tour.start=b1"}, "colour there is more of"},
		{"knights-tour.yaml", []string{"board=3", "tour.start=a1"}, "disconnected"},
		{"knights-tour.yaml", []string{"board=1", "tour.start=a1"}, ""},
		{"knights-tour.yaml", []string{"board=2", "tour.start=a1"}, "disconnected"},
		{"knights-tour.yaml", []string{"board=40", "tour.start=t20"}, ""},
		{"knights-tour-closed.yaml", []string{"board=1"}, "at least 3 squares"},
		{"knights-tour-closed.yaml", []string{"board=25x30"}, ""},
		{"knights-tour-closed.yaml", []string{"board=31x24"}, ""},
		{"tour-camel.yaml", nil, "never changes colour"},
		{"tour-zebra.yaml", nil, ""},
		{"tour-giraffe.yaml", nil, ""},
		{"tour-holes.yaml", nil, ""},
		{"tour-rook.yaml", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.file+strings.Join(c.overrides, ","), func(t *testing.T) {
			m := load(t, c.file, c.overrides...)
			res, err := tour.Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
			if err != nil {
				t.Fatal(err)
			}
			if c.reason == "" {
				if res.Status != model.StatusFeasible || res.Solution == nil {
					t.Fatalf("status %v, want a tour (%v)", res.Status, res.Stats.Extra)
				}
				if err := model.Verify(m, res); err != nil {
					t.Fatal(err)
				}
				if s := m.Tour.Start; s != nil && res.Solution.Squares[0] != *s {
					t.Fatalf("starts on %v, want %v", res.Solution.Squares[0], *s)
				}
				return
			}
			reason := res.Stats.Reason
			if res.Status != model.StatusInfeasible || !strings.Contains(reason, c.reason) {
				t.Fatalf("status %v reason %q, want infeasible with %q", res.Status, reason, c.reason)
			}
		})
	}
}

// TestLargeConstruction checks the construction on a range of sizes, odd
// sides included, with the checker.
func TestLargeConstruction(t *testing.T) {
	sizes := []string{"24", "24x25", "26x27", "29x30", "33x34", "48x50", "100", "101x100"}
	if !testing.Short() {
		sizes = append(sizes, "1000")
	}
	for _, size := range sizes {
		t.Run(size, func(t *testing.T) {
			m := load(t, "knights-tour-closed.yaml", "board="+size)
			res, err := tour.Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats.Method != "construction" {
				t.Fatalf("method %v, want the construction", res.Stats.Method)
			}
			if err := model.Verify(m, res); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestKnightTourStreams walks a tour square by square and checks each
// step is a knight move and every square is visited once.
func TestKnightTourStreams(t *testing.T) {
	rows, cols := 60, 75
	seen := make([]bool, rows*cols)
	var prev, first model.Square
	n := 0
	err := tour.KnightTour(rows, cols, func(s model.Square) {
		if n == 0 {
			first = s
		} else if !knightMove(prev, s) {
			t.Fatalf("step %d: %v to %v is not a knight move", n, prev, s)
		}
		if seen[s.Rank*cols+s.File] {
			t.Fatalf("%v visited twice", s)
		}
		seen[s.Rank*cols+s.File] = true
		prev = s
		n++
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != rows*cols || !knightMove(prev, first) {
		t.Fatalf("%d squares, closed %v", n, knightMove(prev, first))
	}
	if err := tour.KnightTour(25, 25, func(model.Square) {}); !errors.Is(err, model.ErrUnsupported) {
		t.Fatalf("odd board: %v, want ErrUnsupported", err)
	}
	if err := tour.KnightTour(10, 100, func(model.Square) {}); !errors.Is(err, model.ErrUnsupported) {
		t.Fatalf("narrow board: %v, want ErrUnsupported", err)
	}
}

func knightMove(a, b model.Square) bool {
	df, dr := a.File-b.File, a.Rank-b.Rank
	return df*df+dr*dr == 5
}

// TestLimits walks past the documented limits: each answer is an error
// wrapping ErrUnsupported, never a wrong answer.
func TestLimits(t *testing.T) {
	cases := []struct {
		name  string
		m     *model.Model
		task  model.Task
		sym   bool
		limit string
	}{
		{"search count beyond 64 squares with classes", load(t, "knights-tour-closed.yaml", "board=6x12"), model.TaskCount, true, "classes"},
		{"frontier beyond 31 squares", load(t, "knights-tour-closed.yaml", "board=16x16"), model.TaskCount, false, "frontier"},
		{"find beyond the checker", load(t, "knights-tour.yaml", "board=9000"), model.TaskSolve, false, "checked"},
		{"search graph beyond its limit", load(t, "tour-zebra.yaml", "board=3000"), model.TaskSolve, false, "squares"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := tour.Solve(context.Background(), c.m, model.Options{Task: c.task, Symmetry: c.sym})
			if !errors.Is(err, model.ErrUnsupported) || !strings.Contains(err.Error(), c.limit) {
				t.Fatalf("error %v, want ErrUnsupported mentioning %q", err, c.limit)
			}
		})
	}
}

// TestCancel stops a long count and a long search by the context.
func TestCancel(t *testing.T) {
	for _, c := range []struct {
		name   string
		m      *model.Model
		task   model.Task
		method tour.Method
	}{
		{"search count", tourModel(t, "7x8", "{piece: knight}"), model.TaskCount, tour.Search},
		{"frontier count", load(t, "knights-tour-closed.yaml", "board=8"), model.TaskCount, tour.Frontier},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			begin := time.Now()
			res, err := tour.SolveWith(ctx, c.m, model.Options{Task: c.task}, c.method)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != model.StatusUnknown {
				t.Fatalf("status %v", res.Status)
			}
			if res.Status == model.StatusUnknown && res.Count != nil {
				t.Fatalf("an interrupted count reports %d", *res.Count)
			}
			t.Logf("%v after %v", res.Status, time.Since(begin))
		})
	}
}

// TestEnumerateLimit stops an enumeration inside Emit, as enumerate
// --limit does: exactly that many tours come out.
func TestEnumerateLimit(t *testing.T) {
	m := tourModel(t, "5", "{piece: knight}")
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		n := 0
		opts := model.Options{Task: model.TaskEnumerate, Workers: workers, Emit: func(model.Solution) error {
			if n++; n == 7 {
				cancel()
			}
			return nil
		}}
		res, err := tour.Solve(ctx, m, opts)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if n != 7 || res.Status != model.StatusUnknown {
			t.Fatalf("%d workers: %d tours emitted, status %v; want 7, unknown", workers, n, res.Status)
		}
	}
}
