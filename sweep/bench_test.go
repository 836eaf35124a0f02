package sweep_test

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// BenchmarkSweep measures the 3-wall sweep of eight queens (5278 classes).
func BenchmarkSweep(b *testing.B) {
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sweep.Run(context.Background(), m, exact.New(), sweep.Options{Walls: 3}); err != nil {
			b.Fatal(err)
		}
	}
}
