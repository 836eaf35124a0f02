package nqueens

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// BenchmarkShardSetup measures what a part of a 16-queens count does
// before its searches: the whole count's plans against one part's of 64,
// and the symmetric solutions by orbit against their plain count.
func BenchmarkShardSetup(b *testing.B) {
	b.ReportAllocs()
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	b.Run("plans", func(b *testing.B) {
		for b.Loop() {
			constellationPlans(16, st)
		}
	})
	part := model.Shard{Index: 0, Of: 64}
	b.Run("part-plans", func(b *testing.B) {
		for b.Loop() {
			orbitPlans(16, st, part.Owns)
		}
	})
	plans := orbitPlans(16, st, part.Owns)
	b.Run("symmetricOwned", func(b *testing.B) {
		for b.Loop() {
			symmetricOwned(16, st, plans)
		}
	})
	b.Run("symmetric", func(b *testing.B) {
		for b.Loop() {
			symmetricQueens(16, st, nil)
		}
	})
}

// BenchmarkParts counts 14 queens whole and in 64 parts, one after the
// other: what splitting costs in one process.
func BenchmarkParts(b *testing.B) {
	b.ReportAllocs()
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			countQueens(st, 14, 1, model.Shard{}, nil)
		}
	})
	b.Run("64-parts", func(b *testing.B) {
		for b.Loop() {
			for k := range 64 {
				countQueens(st, 14, 1, model.Shard{Index: k, Of: 64}, nil)
			}
		}
	})
}
