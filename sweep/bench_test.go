package sweep_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// BenchmarkSweep measures the wall sweeps of eight queens: 3 walls (5278
// classes) always, 4 walls (79,920 classes) when CHESSMODEL_BENCH_LONG is
// set (make bench sets it). The value distribution is checked each time.
func BenchmarkSweep(b *testing.B) {
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		b.Fatal(err)
	}
	cases := []struct {
		walls  int
		values []int64 // classes of value 8, 9, 10, ...
	}{
		{3, []int64{294, 4291, 692, 1}},
		{4, []int64{1385, 48722, 29572, 241}},
	}
	for _, c := range cases {
		b.Run(fmt.Sprintf("walls=%d", c.walls), func(b *testing.B) {
			if c.walls > 3 && os.Getenv("CHESSMODEL_BENCH_LONG") == "" {
				b.Skip("set CHESSMODEL_BENCH_LONG to run")
			}
			b.ReportAllocs()
			for b.Loop() {
				s, err := sweep.Run(context.Background(), m, exact.New(), sweep.Options{Walls: c.walls})
				if err != nil {
					b.Fatal(err)
				}
				var got []int64
				for _, v := range s.Values {
					got = append(got, v.Classes)
				}
				if fmt.Sprint(got) != fmt.Sprint(c.values) {
					b.Fatalf("%d walls: classes by value %v, want %v", c.walls, got, c.values)
				}
			}
		})
	}
}
