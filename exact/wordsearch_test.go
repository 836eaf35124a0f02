package exact

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/clique"
	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// searchBoth runs the branch and bound of a solve with the word search and
// with the clique search, and returns each one's best set and node count.
func searchBoth(t *testing.T, m *model.Model) (word, viaClique []int32, wordNodes, cliqueNodes int64) {
	t.Helper()
	p, err := problem.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graph.New(p)
	if err != nil {
		t.Fatal(err)
	}
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	sense := m.Objective.Sense
	accept := func(best *[]int32, chosen []int32, lo, hi *int, halted *bool) {
		*best = slices.Clone(chosen)
		switch sense {
		case model.Maximize:
			*lo = len(chosen) + 1
		case model.Minimize:
			*hi = len(chosen) - 1
		default:
			*halted = true
		}
	}
	ws, ok := clique.NewWordSearch(g, st)
	if !ok {
		t.Fatalf("%d vertices, %d bounds: no word search", p.Vertices, len(g.Bounds))
	}
	ws.Lo, ws.Hi, ws.Minimize = p.MinTotal, p.MaxTotal, sense == model.Minimize
	ws.Visit = func(s *clique.WordSearch) { accept(&word, s.Chosen, &s.Lo, &s.Hi, &s.Halted) }
	ws.Start()
	cs := clique.NewSearch(g, st)
	cs.Lo, cs.Hi, cs.Minimize = p.MinTotal, p.MaxTotal, sense == model.Minimize
	cs.Visit = func(s *clique.Search) { accept(&viaClique, s.Chosen, &s.Lo, &s.Hi, &s.Halted) }
	cs.Start()
	return word, viaClique, ws.Nodes, cs.Nodes
}

// The word search makes the clique search's moves: on the random small
// models of the brute-force tests that are independent-set solves, and on
// random boards with walls (colours, two kinds, minimums, most and fewest
// pieces), both find the same set in the same number of nodes, and the
// checker accepts it.
func TestWordSearchAgainstCliqueSearch(t *testing.T) {
	// not independent-set solves: free walls, coverage, other objectives
	models := randomModels(80, 11, "free", "cover", "objective")
	models = append(models, walledModels(t, rand.New(rand.NewPCG(3, 5)), []string{
		"board: 8\nplace: [max queen]\nrules: [independent]\n",
		"board: 5\nplace: [max rook, 2 knight]\nrules: [independent]\n",
		"board: 8\nplace: [max bishop on dark]\nrules: [independent]\n",
		"board: 6x5\nplace: [3..8 queen, 1..2 knight on dark]\nrules: [independent]\nobjective: minimize pieces\n",
		"board: 6x5\nplace: [max queen, 1..3 knight on light]\nrules: [independent]\n",
	}, 12, 1, 6)...)
	for i, m := range models {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			word, viaClique, wordNodes, cliqueNodes := searchBoth(t, m)
			if !slices.Equal(word, viaClique) || wordNodes != cliqueNodes {
				t.Fatalf("word search: %v in %d nodes; clique search: %v in %d nodes", word, wordNodes, viaClique, cliqueNodes)
			}
			if word == nil {
				return
			}
			p, _ := problem.Compile(m)
			s := p.Solution(word, nil)
			mustCheck(t, m, &s)
		})
	}
}
