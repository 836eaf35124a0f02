package tour_test

import (
	"cmp"
	"context"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/model"
)

// Benchmarks of finding and counting. BenchmarkKnightCount6x6C runs the C
// baseline (../shared/refs/knight/kt.c, built with gcc -O3 outside the
// repository, named by $KT_BINARY) on the same machine, so the two can be
// read side by side.

func benchSolve(b *testing.B, m *model.Model, opts model.Options, method tour.Method) *model.Result {
	b.Helper()
	var res *model.Result
	for i := 0; i < b.N; i++ {
		var err error
		res, err = tour.SolveWith(context.Background(), m, opts, method)
		if err != nil {
			b.Fatal(err)
		}
	}
	return res
}

func BenchmarkFind(b *testing.B) {
	for _, size := range []string{"8", "100", "1000"} {
		b.Run(size+"x"+size, func(b *testing.B) {
			m := tourModel(b, size, "{piece: knight, start: a1}")
			b.ReportAllocs()
			res := benchSolve(b, m, model.Options{Task: model.TaskSolve}, tour.Auto)
			if res.Status != model.StatusFeasible {
				b.Fatal(res.Status)
			}
		})
	}
}

// BenchmarkKnightTourStream walks the 10000x10000 tour without storing it.
func BenchmarkKnightTourStream(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				count := 0
				if err := tour.KnightTour(n, n, func(model.Square) { count++ }); err != nil {
					b.Fatal(err)
				}
				if count != n*n {
					b.Fatalf("%d squares", count)
				}
			}
		})
	}
}

func BenchmarkCount(b *testing.B) {
	for _, c := range []struct {
		name, board, spec string
		method            tour.Method
		want              int64
	}{
		{"5x5-open/search", "5", "{piece: knight}", tour.Search, 1728},
		{"5x5-open/frontier", "5", "{piece: knight}", tour.Frontier, 1728},
		{"6x6-closed/search", "6", "{piece: knight, closed: true}", tour.Search, 9862},
		{"6x6-closed/frontier", "6", "{piece: knight, closed: true}", tour.Frontier, 9862},
		{"6x6-closed/auto", "6", "{piece: knight, closed: true}", tour.Auto, 9862},
		{"6x6-open/search", "6", "{piece: knight}", tour.Search, 6637920},
		{"6x6-open/frontier", "6", "{piece: knight}", tour.Frontier, 6637920},
		{"6x6-open/auto", "6", "{piece: knight}", tour.Auto, 6637920},
		{"5x6-open/search", "5x6", "{piece: knight}", tour.Search, 37568},
		{"5x6-open/frontier", "5x6", "{piece: knight}", tour.Frontier, 37568},
	} {
		b.Run(c.name, func(b *testing.B) {
			m := tourModel(b, c.board, c.spec)
			b.ReportAllocs()
			res := benchSolve(b, m, model.Options{Task: model.TaskCount}, c.method)
			if *res.Count != c.want {
				b.Fatalf("count %d, want %d", *res.Count, c.want)
			}
			b.ReportMetric(float64(res.Stats.Nodes), "nodes/op")
		})
	}
}

// BenchmarkFrontier counts by the frontier programme on every core: the
// 6x6 counts, and counts above 2^32 on boards of 60 squares (OEIS A118067,
// A383661, A175881).
func BenchmarkFrontier(b *testing.B) {
	for _, c := range []struct {
		name, board, spec string
		want              int64
	}{
		{"6x6-closed", "6", "{piece: knight, closed: true}", 9862},
		{"6x6-open", "6", "{piece: knight}", 6637920},
		{"3x20-open", "3x20", "{piece: knight}", 2645699504},
		{"5x12-closed", "5x12", "{piece: knight, closed: true}", 4557702762},
		{"6x9-closed", "6x9", "{piece: knight, closed: true}", 3374967940},
	} {
		b.Run(c.name, func(b *testing.B) {
			m := tourModel(b, c.board, c.spec)
			b.ReportAllocs()
			res := benchSolve(b, m, model.Options{Task: model.TaskCount, MaxMemory: 4 << 30}, tour.Frontier)
			if *res.Count != c.want {
				b.Fatalf("count %d, want %d", *res.Count, c.want)
			}
			b.ReportMetric(float64(res.Stats.Nodes), "classes/op")
			b.ReportMetric(float64(res.Stats.Extra["peak_classes"].(int64)), "peak-classes")
		})
	}
}

// BenchmarkKnightCount6x6C runs the C baseline when KT_BINARY names it.
func BenchmarkKnightCount6x6C(b *testing.B) {
	bin := os.Getenv("KT_BINARY")
	if bin == "" {
		b.Skip("set KT_BINARY to kt.c built with gcc -O3")
	}
	for i := 0; i < b.N; i++ {
		if out, err := exec.Command(bin, "6").CombinedOutput(); err != nil {
			b.Fatal(err, string(out))
		}
	}
}

// TestFrontier8x8Closed attempts the 8x8 closed count,
// 13,267,364,410,532 (opt-in: TOUR_8X8=1, with the memory bound in
// TOUR_8X8_MEMORY, e.g. 12G, and -timeout 4h; it logs the classes and the
// tables' bytes at each square: docs/results.md has the figures).
func TestFrontier8x8Closed(t *testing.T) {
	if os.Getenv("TOUR_8X8") == "" {
		t.Skip("set TOUR_8X8=1")
	}
	frontierAttempt(t, "8", "{piece: knight, closed: true}", os.Getenv("TOUR_8X8_MEMORY"), 13267364410532)
}

// TestFrontier8xNClosed counts the closed tours of the 8 x n boards the
// 8x8 count passes on its way: 6x8, 55,488,142 (OEIS A175881; about a
// second), and, opt-in (TOUR_7X8=1, bound in TOUR_7X8_MEMORY, else 4G),
// 7x8, 34,524,432,316 (117 s of CPU on one worker, 0.84 GB of tables at
// most, 21.7 million classes at the widest step, load 14).
func TestFrontier8xNClosed(t *testing.T) {
	if testing.Short() {
		t.Skip("about a second")
	}
	frontierAttempt(t, "6x8", "{piece: knight, closed: true}", "2G", 55488142)
	if os.Getenv("TOUR_7X8") == "" {
		t.Skip("7x8: set TOUR_7X8=1")
	}
	frontierAttempt(t, "7x8", "{piece: knight, closed: true}", cmp.Or(os.Getenv("TOUR_7X8_MEMORY"), "4G"), 34524432316)
}

// TestFrontier7x7Open counts the 7x7 open directed tours,
// 165,575,218,320 (OEIS A165134; opt-in: TOUR_7X7=1, with the memory
// bound in TOUR_7X7_MEMORY, e.g. 4G; about 17 s of CPU and 1.4 GB; it
// logs the classes and the tables' bytes at each square).
func TestFrontier7x7Open(t *testing.T) {
	if os.Getenv("TOUR_7X7") == "" {
		t.Skip("set TOUR_7X7=1")
	}
	frontierAttempt(t, "7", "{piece: knight}", os.Getenv("TOUR_7X7_MEMORY"), 165575218320)
}

// frontierAttempt counts by the frontier under the memory bound given
// (model.ParseBytes), logging each square's note, and wants the count.
func frontierAttempt(t *testing.T, board, spec, memory string, want int64) {
	bound, err := model.ParseBytes(memory)
	if err != nil {
		t.Fatal(err)
	}
	m := tourModel(t, board, spec)
	last := ""
	opts := model.Options{Task: model.TaskCount, MaxMemory: bound, Progress: func(done float64, note string) {
		if note != last {
			t.Logf("%s (%s)", note, time.Now().Format(time.TimeOnly))
			last = note
		}
	}}
	begin := time.Now()
	res, err := tour.SolveWith(context.Background(), m, opts, tour.Frontier)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("count %v in %v, stats %v", *res.Count, time.Since(begin), res.Stats.Extra)
	if *res.Count != want {
		t.Fatalf("count %d, want %d", *res.Count, want)
	}
}
