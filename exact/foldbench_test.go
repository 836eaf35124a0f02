package exact

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/cover"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// The eight-pieces paper's problems by folding, on every core and on one:
// the proof that 63 is the most the eight pieces attack, that they cannot
// cover the board, the ten covers (three classes) with bishops on one
// colour, and the superposition variants.
func BenchmarkFold(b *testing.B) {
	cases := []struct {
		file           string
		task           model.Task
		status         model.Status
		value, count   int64
		classes        int64
		onlyAllWorkers bool
	}{
		{"eight-pieces", model.TaskSolve, model.StatusOptimal, 63, -1, -1, false},
		{"eight-pieces-cover", model.TaskSolve, model.StatusInfeasible, -1, -1, -1, false},
		{"eight-pieces-same-colour", model.TaskCount, model.StatusSatisfied, 8, 10, 3, false},
		{"eight-pieces-stack", model.TaskSolve, model.StatusSatisfied, 8, -1, -1, true},
		{"eight-pieces-superqueen", model.TaskSolve, model.StatusSatisfied, 6, -1, -1, true},
		{"eight-pieces-weak", model.TaskSolve, model.StatusSatisfied, 8, -1, -1, true},
	}
	for _, c := range cases {
		for _, workers := range []int{0, 1} {
			if workers == 1 && c.onlyAllWorkers {
				continue
			}
			name := c.file
			if workers == 1 {
				name += "/workers=1"
			}
			b.Run(name, func(b *testing.B) {
				m := load(b, c.file)
				opts := model.Options{Task: c.task, Symmetry: true, Workers: workers}
				b.ReportAllocs()
				var nodes int64
				for b.Loop() {
					r, err := New().Solve(context.Background(), m, opts)
					if err != nil {
						b.Fatal(err)
					}
					if r.Status != c.status || value(r) != c.value || count(r) != c.count || classes(r) != c.classes {
						b.Fatalf("%v value %d count %d classes %d", r.Status, value(r), count(r), classes(r))
					}
					nodes = r.Stats.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes")
			})
		}
	}
}

// The general coverage search on the proof that the eight pieces cannot
// cover the board: the baseline folding is measured against.
func BenchmarkCoverSearchEightPiecesCover(b *testing.B) {
	m := load(b, "eight-pieces-cover")
	b.ReportAllocs()
	for b.Loop() {
		p, err := problem.Compile(m)
		if err != nil {
			b.Fatal(err)
		}
		res := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
		st := tasks.NewStopper(context.Background())
		if err := cover.Solve(st, p, model.Options{}, res); err != nil || res.Status != model.StatusInfeasible {
			b.Fatal(res.Status, err)
		}
		st.Close()
	}
}

// Domination numbers: queens γ(Q_n) (OEIS A075458) and knights (A006075).
var (
	queensDomination  = []int64{1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9}
	knightsDomination = []int64{1, 4, 4, 4, 5, 8, 10, 12, 14, 16, 21, 24}
)

const knightsDominationModel = "name: knights domination\nboard: 8\nplace: [min knight]\nrules: [cover dominated]\n"

// The fewest queens, and knights, that dominate the n x n board, by the
// fewest-pieces branch and bound (domination.go) with n from 1 up: queens
// to 13 and knights to 11 by default, all of both tables (γ(Q15) = 9,
// knights to 12x12) with CHESSMODEL_DOMINATION=1.
func BenchmarkDomination(b *testing.B) {
	long := os.Getenv("CHESSMODEL_DOMINATION") != ""
	for n := 1; n <= len(queensDomination); n++ {
		if n > 13 && !long {
			break
		}
		b.Run(fmt.Sprintf("queens/%d", n), func(b *testing.B) {
			benchDomination(b, load(b, "queens-domination", fmt.Sprintf("board=%d", n)), queensDomination[n-1])
		})
	}
	for n := 1; n <= len(knightsDomination); n++ {
		if n > 11 && !long {
			break
		}
		b.Run(fmt.Sprintf("knights/%d", n), func(b *testing.B) {
			benchDomination(b, parse(b, knightsDominationModel, fmt.Sprintf("board=%d", n)), knightsDomination[n-1])
		})
	}
}

func benchDomination(b *testing.B, m *model.Model, want int64) {
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		r, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
		if err != nil || value(r) != want || r.Status != model.StatusOptimal {
			b.Fatalf("%v %d, want %d: %v", r.Status, value(r), want, err)
		}
		nodes = r.Stats.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes")
}

// The fewest squares the eight pieces attack (16, proved by branch and
// bound in minutes): opt-in with CHESSMODEL_FEWEST=1.
func BenchmarkFewestEightPieces(b *testing.B) {
	if os.Getenv("CHESSMODEL_FEWEST") == "" {
		b.Skip("takes minutes; set CHESSMODEL_FEWEST=1")
	}
	m := load(b, "eight-pieces-fewest")
	b.ReportAllocs()
	for b.Loop() {
		r, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
		if err != nil || r.Status != model.StatusOptimal || value(r) != 16 {
			b.Fatalf("%v %d: %v", r.Status, value(r), err)
		}
		b.ReportMetric(float64(r.Stats.Nodes), "nodes")
	}
}

// A smaller fewest-squares search that always runs: five pieces on 6x6.
func BenchmarkFewestSixBySix(b *testing.B) {
	m := parse(b, "board: 6\nplace: [1 queen, 1 rook, 1 knight, 1 bishop on dark, 1 king]\nobjective: minimize attacked\n")
	b.ReportAllocs()
	for b.Loop() {
		r, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
		if err != nil || r.Status != model.StatusOptimal {
			b.Fatalf("%v: %v", r.Status, err)
		}
		b.ReportMetric(float64(r.Stats.Nodes), "nodes")
	}
}
