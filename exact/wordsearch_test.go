package exact

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// searchBoth runs the branch and bound of a solve with the word search and
// with the clique search, and returns each one's best set and node count.
func searchBoth(t *testing.T, m *model.Model) (word, clique []int32, wordNodes, cliqueNodes int64) {
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
	ws, ok := newWordSearch(g, st)
	if !ok {
		t.Fatalf("%d vertices, %d bounds: no word search", p.Vertices, len(g.Bounds))
	}
	ws.lo, ws.hi, ws.minimize = p.MinTotal, p.MaxTotal, sense == model.Minimize
	ws.visit = func(s *wordSearch) { accept(&word, s.chosen, &s.lo, &s.hi, &s.halted) }
	ws.start()
	cs := newCliqueSearch(g, st)
	cs.lo, cs.hi, cs.minimize = p.MinTotal, p.MaxTotal, sense == model.Minimize
	cs.visit = func(s *cliqueSearch) { accept(&clique, s.chosen, &s.lo, &s.hi, &s.halted) }
	cs.start()
	return word, clique, ws.nodes, cs.nodes
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
			word, clique, wordNodes, cliqueNodes := searchBoth(t, m)
			if !slices.Equal(word, clique) || wordNodes != cliqueNodes {
				t.Fatalf("word search: %v in %d nodes; clique search: %v in %d nodes", word, wordNodes, clique, cliqueNodes)
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
