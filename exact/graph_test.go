package exact

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
)

// Where segmentsAreCliques vouches for a direction without reading the
// graph, every segment lineCliques builds is a clique of the graph: on the
// random models of the brute-force tests and on larger walled boards with
// riders and leapers mixed.
func TestSegmentsAreCliques(t *testing.T) {
	models := randomModels(200, 13, "free")
	models = append(models, walledModels(t, rand.New(rand.NewPCG(7, 7)), []string{
		"board: 8\nplace: [max queen]\nrules: [independent]\n",
		"board: 9\nplace: [max queen, 2 rook]\nrules: [independent]\n",
		"board: 6\nplace: [max rook, 3 bishop]\nrules: [independent]\n",
		"board: 6\nplace: [max queen, 2 knight]\nrules: [independent]\n",
		"board: 6\nplace: [1..9 queen]\nrules: [independent, stack]\n",
	}, 6, 0, 7)...)
	vouched := 0
	for i, m := range models {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			p, err := problem.Compile(m)
			if err != nil || len(p.Kinds) == 0 {
				t.Skip("no search graph")
			}
			g, err := graph.New(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range p.Kinds[0].Piece.Rides {
				if !g.SegmentsAreCliques(d) {
					continue
				}
				vouched++
				for _, c := range g.LineCliques(d, graph.NewSetArena(bitset.WordsFor(p.Vertices), 16)) {
					members := c.Count()
					for v := c.First(); v >= 0; v = c.Next(v + 1) {
						if g.Adj.Row(v).CountAnd(c) != members-1 {
							t.Fatalf("direction %v: segment %v is not a clique at vertex %d", d, c, v)
						}
					}
				}
			}
		})
	}
	if vouched == 0 {
		t.Fatal("no direction was vouched for: the test tested nothing")
	}
}
