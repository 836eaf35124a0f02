package transfer_test

import (
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// The transfer against the clique search of the general backend (the
// baseline) on counts both finish, and the transfer alone where the search
// does not: go test -bench . -benchtime 3x ./exact/internal/transfer
var benchCases = []struct {
	name, board, place string
	count              int64
	search             bool // the clique search finishes in seconds
}{
	{"kings-8x8-most", "8", "max king", 281571, true},
	{"knights-6x6-any", "6", "0.. knight", 3368146, true},
	{"kings-12x12-most", "12", "max king", 5109144543, false},
	{"knights-10x10-any", "10", "0.. knight", 48988729226134301, false},
}

func BenchmarkCount(b *testing.B) {
	for _, c := range benchCases {
		m := parse(b, "board: "+c.board+"\nplace: ["+c.place+"]\nrules: [independent]\n")
		b.Run(c.name+"/transfer", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r := countTransfer(b, m, model.Options{Workers: 1}); *r.Count != c.count {
					b.Fatalf("count %d, want %d", *r.Count, c.count)
				}
			}
		})
		if !c.search {
			continue
		}
		b.Run(c.name+"/search", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r := countSearch(b, m, model.Options{Workers: 1}); *r.Count != c.count {
					b.Fatalf("count %d, want %d", *r.Count, c.count)
				}
			}
		})
	}
}
