package ilp

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// Benchmarks of the ILP backend. Times are per solve (or per count), with
// lp_solve single-threaded; run with
//
//	go test ./ilp -run '^$' -bench . -benchmem

// tractable are the testdata placement models lp_solve solves to a proven
// optimum in well under a second each (see TestMeasureTractability for the
// others).
var tractable = []string{
	"blocked-0w", "blocked-2w-value10", "blocked-3w-value11", "blocked-4w-value11",
	"eight-queens", "queens-6x9", "amazons", "camels", "nightriders", "kings-shaped",
	"queens-domination", "least-walls-9", "least-walls-10", "least-walls-11", "least-walls-6x6-9",
}

func benchModel(b *testing.B, name string) *model.Model {
	b.Helper()
	m, err := model.Load("../testdata/models/" + name + ".yaml")
	if err != nil {
		b.Fatal(err)
	}
	return m
}

func BenchmarkCompile(b *testing.B) {
	for _, name := range []string{"blocked-3w-value11", "least-walls-16", "eight-pieces", "eight-pieces-stack"} {
		m := benchModel(b, name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Compile(m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSolve(b *testing.B) {
	for _, name := range tractable {
		m := benchModel(b, name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			solveLoop(b, New(), m, model.Options{})
		})
	}
}

func solveLoop(b *testing.B, s *Solver, m *model.Model, opts model.Options) {
	b.Helper()
	var nodes int64
	for b.Loop() {
		res, err := s.Solve(context.Background(), m, opts)
		if err != nil {
			b.Fatal(err)
		}
		if res.Status == model.StatusUnknown {
			b.Fatalf("%s: no answer", m.Name)
		}
		nodes += res.Stats.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkBlockedBoards is the ILP time per blocked 8x8 board: the value
// of random boards with k walls (seeded), one board per operation.
func BenchmarkBlockedBoards(b *testing.B) {
	for _, walls := range []int{2, 3, 4, 5, 8} {
		boards := randomBlockedBoards(b, walls, 64)
		b.Run(fmt.Sprintf("walls=%d", walls), func(b *testing.B) {
			b.ReportAllocs()
			s := New()
			i := 0
			for b.Loop() {
				res, err := s.Solve(context.Background(), boards[i%len(boards)], model.Options{})
				if err != nil || res.Status != model.StatusOptimal {
					b.Fatal(res, err)
				}
				i++
			}
		})
	}
}

func randomBlockedBoards(b *testing.B, walls, n int) []*model.Model {
	b.Helper()
	rng := rand.New(rand.NewPCG(8, uint64(walls)))
	var out []*model.Model
	for len(out) < n {
		squares := map[string]bool{}
		for len(squares) < walls {
			squares[model.Square{File: rng.IntN(8), Rank: rng.IntN(8)}.String()] = true
		}
		var list []string
		for s := range squares {
			list = append(list, s)
		}
		text := fmt.Sprintf("board: {size: 8, walls: [%s]}\nplace: [max queen]\nrules: [independent]\n", strings.Join(list, ", "))
		m, err := model.Parse([]byte(text), "blocked")
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func BenchmarkCount(b *testing.B) {
	for _, tc := range []struct {
		name      string
		overrides []string
	}{
		{"eight-queens", nil},
		{"n-rooks", []string{"board=6"}},
	} {
		m, err := model.Load("../testdata/models/"+tc.name+".yaml", tc.overrides...)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			solveLoop(b, New(), m, model.Options{Task: model.TaskCount, Symmetry: true})
		})
	}
}

// BenchmarkWallFormulations compares the formulations of independence with
// free walls on least-walls models lp_solve proves in about a second.
func BenchmarkWallFormulations(b *testing.B) {
	for _, name := range []string{"least-walls-10", "least-walls-11", "least-walls-6x6-9"} {
		m := benchModel(b, name)
		for _, form := range []wallFormulation{wallWindows, wallPairs, wallChain} {
			b.Run(name+"/"+form.String(), func(b *testing.B) {
				b.ReportAllocs()
				solveLoop(b, &Solver{form: formulation{freeWalls: form}}, m, model.Options{})
			})
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	p, err := Compile(benchModel(b, "eight-pieces"))
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range []Format{FormatLP, FormatMPS, FormatCPLEX} {
		b.Run(f.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := p.Write(io.Discard, f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
