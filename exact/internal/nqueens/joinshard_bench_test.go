package nqueens

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// BenchmarkJoinShardSetup measures what every part of a 16-queens join
// does before its groups: listing the groups, ordering the key bits, and
// the symmetric solutions.
func BenchmarkJoinShardSetup(b *testing.B) {
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	b.Run("groups", func(b *testing.B) {
		for b.Loop() {
			joinGroups(16)
		}
	})
	groups := joinGroups(16)
	keyOf, width := joinKeys(16)
	b.Run("orderKeyBits", func(b *testing.B) {
		for b.Loop() {
			orderKeyBits(st, 16, groups, keyOf, width)
		}
	})
	b.Run("symmetric", func(b *testing.B) {
		for b.Loop() {
			symmetricQueens(16, st, nil)
		}
	})
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			countQueensJoin(st, 16, 1, model.Options{})
		}
	})
	b.Run("64-parts", func(b *testing.B) {
		for b.Loop() {
			for k := range 64 {
				countQueensJoin(st, 16, 1, model.Options{Shard: model.Shard{Index: k, Of: 64}})
			}
		}
	})
}
