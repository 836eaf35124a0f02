package exact

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/cover"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// The eight-pieces paper's problems by folding, on every core and on one:
// the proof that 63 is the most the eight pieces attack, that they cannot
// cover the board, the ten covers (three classes) with bishops on one
// colour, and the superposition variants.
func BenchmarkFold(b *testing.B) {
	cases := []struct {
		name           string // in the table of known answers
		onlyAllWorkers bool
	}{
		{"eight pieces", false},
		{"eight pieces cannot cover", false},
		{"eight pieces same colour", false},
		{"eight pieces stacked", true},
		{"eight pieces superqueen", true},
		{"eight pieces weak attack", true},
	}
	for _, c := range cases {
		for _, workers := range []int{0, 1} {
			if workers == 1 && c.onlyAllWorkers {
				continue
			}
			want, err := known.Find(c.name)
			if err != nil {
				b.Fatal(err)
			}
			name := want.File
			if workers == 1 {
				name += "/workers=1"
			}
			b.Run(name, func(b *testing.B) {
				m, err := want.Model()
				if err != nil {
					b.Fatal(err)
				}
				opts := want.Options()
				opts.Symmetry, opts.Workers = true, workers
				b.ReportAllocs()
				var r *model.Result
				for b.Loop() {
					if r, err = New().Solve(context.Background(), m, opts); err != nil {
						b.Fatal(err)
					}
				}
				if err := want.Check(m, r); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(r.Stats.Nodes), "nodes")
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

const knightsDominationModel = "name: knights domination\nboard: 8\nplace: [min knight]\nrules: [cover dominated]\n"

// The fewest queens, and knights, that dominate the n x n board, by the
// fewest-pieces branch and bound (domination.go) with n from 1 up: queens
// to 13 and knights to 11 by default, all of both tables (γ(Q16) = 9,
// knights to 12x12) with CHESSMODEL_DOMINATION=1.
func BenchmarkDomination(b *testing.B) {
	long := os.Getenv("CHESSMODEL_DOMINATION") != ""
	for n := 1; n <= 16; n++ {
		if n > 13 && !long {
			break
		}
		b.Run(fmt.Sprintf("queens/%d", n), func(b *testing.B) {
			benchDomination(b, load(b, "queens-domination", fmt.Sprintf("board=%d", n)), knownValue(b, fmt.Sprintf("queens domination %d", n)))
		})
	}
	for n := 1; n <= 12; n++ {
		if n > 11 && !long {
			break
		}
		b.Run(fmt.Sprintf("knights/%d", n), func(b *testing.B) {
			benchDomination(b, parse(b, knightsDominationModel, fmt.Sprintf("board=%d", n)), knownValue(b, fmt.Sprintf("knights domination %d", n)))
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
