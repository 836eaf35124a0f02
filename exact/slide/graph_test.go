package slide

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"

	"github.com/chessmodel/chessmodel/model"
)

// smallModels are boards small enough to build the whole state graph
// explicitly: walls, holes, a leaper, a compound piece, three and five
// pieces, groups of order 1, 2, 4 and 8, and components that are images of
// one another (the bishops on their two colours).
var smallModels = []struct{ name, src string }{
	{"rooks 4x4", "board: 4\nslide: {piece: rook, from: [a1, a4, d1, d4], to: [b2, b3, c2, c3]}"},
	{"queens 4x4", "board: 4\nslide: {piece: queen, from: [a1, a4, d1, d4], to: [b2, b3, c2, c3]}"},
	{"rooks 5x5 walls", "board: {size: 5, walls: [c3, b4]}\nslide: {piece: rook, from: [a1, e5, a5], to: [b2, d4, c2]}"},
	{"knights 4x4", "board: 4\nslide: {piece: knight, from: [a1, d4], to: [a4, d1]}"},
	{"bishops diagram", "board: |\n  ....\n  .#..\n  ..-.\n  ....\nslide: {piece: bishop, from: [a1, b1, c1], to: [d4, a4, d2]}"},
	{"amazons 4x3", "board: 4x3\npieces: {amazon: [queen, knight]}\nslide: {piece: amazon, from: [a1, c4], to: [b2, b3]}"},
	{"five rooks 4x4", "board: 4\nslide: {piece: rook, from: [a1, b1, c1, d1, a2], to: [a4, b4, c4, d4, d3]}"},
	{"bishops 4x4", "board: 4\nslide: {piece: bishop, from: [a1, a4, d1, d4], to: [b2, b3, c2, c3]}"},
	{"three rooks 5x5 diagonal", "board: 5\nslide: {piece: rook, from: [a1, c3, e5], to: [a5, c3, e1]}"},
	{"nightriders 5x5", "board: 5\npieces: {nightrider: {ride: [1, 2]}}\nslide: {piece: nightrider, from: [a1, e5], to: [c3, e1]}"},
}

func parseSmall(t *testing.T, name, src string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte("name: "+name+"\n"+src+"\n"), name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// explicitGraph lists every state and its successors by brute force on a
// plain grid: each piece tried along each move of the piece, stopped at the
// first blocked square, sharing nothing with the mover but the model.
func explicitGraph(t *testing.T, sp *space) *simple.DirectedGraph {
	g := simple.NewDirectedGraph()
	n := sp.states()
	for r := uint64(0); r < n; r++ {
		g.AddNode(simple.Node(int64(r)))
	}
	b := sp.m.Board
	state := make([]int32, sp.pieces)
	child := make([]int32, sp.pieces)
	for r := uint64(0); r < n; r++ {
		sp.binom.unrank(r, state)
		occupied := map[model.Square]bool{}
		for _, s := range state {
			occupied[sp.at[s]] = true
		}
		free := func(q model.Square) bool { return b.IsOpen(q) && !occupied[q] }
		number := func(q model.Square) int32 { return int32(slices.Index(sp.at, q)) }
		pc := sp.m.Slide.Piece
		for i, s := range state {
			from := sp.at[s]
			var targets []model.Square
			for _, v := range pc.Leaps {
				if q := from.Add(v); free(q) {
					targets = append(targets, q)
				}
			}
			for _, d := range pc.Rides {
				q := from
				for free(q.Add(d)) {
					q = q.Add(d)
				}
				if q != from {
					targets = append(targets, q)
				}
			}
			for _, q := range targets {
				apply(child, state, move{int32(i), number(q)})
				c := int64(sp.binom.rank(child))
				if c != int64(r) && !g.HasEdgeFromTo(int64(r), c) {
					g.SetEdge(g.NewEdge(simple.Node(int64(r)), simple.Node(c)))
				}
			}
		}
	}
	return g
}

// TestComponentsAgainstGonum checks the component search, the successors
// and the predecessors against an explicit graph and gonum's Tarjan.
func TestComponentsAgainstGonum(t *testing.T) {
	for _, c := range smallModels {
		t.Run(c.name, func(t *testing.T) {
			m := parseSmall(t, c.name, c.src)
			sp, err := compile(m)
			if err != nil {
				t.Fatal(err)
			}
			g := explicitGraph(t, sp)
			checkMoves(t, sp, g)
			rep, err := Explore(context.Background(), m, ExploreOptions{Components: true})
			if err != nil {
				t.Fatal(err)
			}
			start := int64(sp.binom.rank(sp.start))
			reached := distancesFrom(g, start)
			if uint64(len(reached)) != rep.ReachableStates {
				t.Errorf("reachable states %d, the explicit graph has %d", rep.ReachableStates, len(reached))
			}
			want := gonumComponents(topo.TarjanSCC(g), reached, start)
			if *rep.Components != want {
				t.Errorf("components:\n%+v\ngonum:\n%+v", *rep.Components, want)
			}
			one, err := Explore(context.Background(), m, ExploreOptions{Components: true, Options: Options{Workers: 1}})
			if err != nil {
				t.Fatal(err)
			}
			if *one.Components != want || one.ReachableStates != rep.ReachableStates {
				t.Errorf("on one worker: components\n%+v\n%d reachable states", *one.Components, one.ReachableStates)
			}
			goal := checkDistances(t, m, sp, rep, reached)
			t.Logf("%d states, %d orbits, %d reachable, goal %d, %d components", rep.States, rep.Orbits, rep.ReachableStates, goal, rep.Components.Count)
		})
	}
}

// checkMoves compares, state by state, ranking, the successors and the
// predecessors with the explicit graph's edges.
func checkMoves(t *testing.T, sp *space, g *simple.DirectedGraph) {
	t.Helper()
	mv := newMover(sp)
	state := make([]int32, sp.pieces)
	child := make([]int32, sp.pieces)
	for r := uint64(0); r < sp.states(); r++ {
		sp.binom.unrank(r, state)
		if got := sp.binom.rank(state); got != r {
			t.Fatalf("rank(unrank(%d)) = %d", r, got)
		}
		var succ, pred []int64
		for _, mo := range mv.successors(state) {
			apply(child, state, mo)
			succ = append(succ, int64(sp.binom.rank(child)))
		}
		for _, mo := range mv.predecessors(state) {
			apply(child, state, mo)
			pred = append(pred, int64(sp.binom.rank(child)))
		}
		if want := ids(g.From(int64(r))); !slices.Equal(uniq(succ), want) {
			t.Fatalf("successors of %v: %v, want %v", sp.squaresOf(state), uniq(succ), want)
		}
		if want := ids(g.To(int64(r))); !slices.Equal(uniq(pred), want) {
			t.Fatalf("predecessors of %v: %v, want %v", sp.squaresOf(state), uniq(pred), want)
		}
	}
}

// distancesFrom is the moves from start to every state it reaches, by a
// plain breadth-first search of the explicit graph.
func distancesFrom(g *simple.DirectedGraph, start int64) map[int64]int {
	reached := map[int64]int{start: 0}
	queue := []int64{start}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range ids(g.From(v)) {
			if _, ok := reached[w]; !ok {
				reached[w] = reached[v] + 1
				queue = append(queue, w)
			}
		}
	}
	return reached
}

// checkDistances compares the farthest state, the goal's distance and the
// shortest solution with the explicit graph's; it returns the goal's
// distance (-1: unreached).
func checkDistances(t *testing.T, m *model.Model, sp *space, rep *Report, reached map[int64]int) int {
	t.Helper()
	farthest := 0
	for _, d := range reached {
		farthest = max(farthest, d)
	}
	if farthest != rep.Farthest {
		t.Errorf("farthest %d moves, the explicit graph has %d", rep.Farthest, farthest)
	}
	goal, ok := reached[int64(sp.binom.rank(sp.goal))]
	if !ok {
		goal = -1
	}
	if goal != rep.GoalDistance {
		t.Errorf("goal distance %d, the explicit graph has %d", rep.GoalDistance, goal)
	}
	out, err := Shortest(context.Background(), m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Found != (goal >= 0) || (out.Found && len(out.Moves) != goal) {
		t.Errorf("shortest: found %v in %d moves, the explicit graph has %d", out.Found, len(out.Moves), goal)
	}
	if out.Found {
		if r := model.Check(m, &model.Solution{Moves: out.Moves}); !r.Valid {
			t.Errorf("checker: %v", r.Problems)
		}
	}
	return goal
}

// gonumComponents summarises gonum's components as Explore does, from the
// states reached from the start.
func gonumComponents(comps [][]graph.Node, reached map[int64]int, start int64) Components {
	want := Components{UnreachableSingletons: true}
	var sizes []uint64
	for _, comp := range comps {
		size := uint64(len(comp))
		sizes = append(sizes, size)
		want.Count++
		if size == 1 {
			want.Singletons++
		}
		if slices.ContainsFunc(comp, func(v graph.Node) bool { return v.ID() == start }) {
			want.StartComponent = size
		}
		if _, ok := reached[comp[0].ID()]; !ok {
			want.UnreachableComponents++
			want.LargestUnreachable = max(want.LargestUnreachable, size)
			want.UnreachableSingletons = want.UnreachableSingletons && size == 1
		}
	}
	slices.Sort(sizes)
	want.Largest = sizes[len(sizes)-1]
	if len(sizes) > 1 {
		want.NextLargest = sizes[len(sizes)-2]
	}
	return want
}

func ids[T interface {
	Next() bool
	Node() N
}, N interface{ ID() int64 }](it T) []int64 {
	var out []int64
	for it.Next() {
		out = append(out, it.Node().ID())
	}
	slices.Sort(out)
	return out
}

func uniq(a []int64) []int64 {
	slices.Sort(a)
	return slices.Compact(a)
}

// TestComponentsRandom checks the folded component search against gonum on
// random models whose start, goal and walls are unions of orbits of a
// random subgroup of the square's symmetries, so that the model's group,
// and the stabilizers of states and components, vary.
func TestComponentsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261123, 12))
	pieces := []string{"rook", "queen", "bishop", "knight", "king", "nightrider"}
	for i := range 40 {
		n := 3 + rng.IntN(3)
		sub := randomSubgroup(rng, n)
		used := map[model.Square]bool{}
		walls := orbitUnion(rng, n, sub, rng.IntN(3), used)
		k := 2 + rng.IntN(3)
		from, to := orbitUnion(rng, n, sub, k, used), orbitUnion(rng, n, sub, k, nil)
		if from == nil || to == nil || slices.ContainsFunc(to, func(q model.Square) bool { return slices.Contains(walls, q) }) {
			continue
		}
		list := func(qs []model.Square) string {
			var names []string
			for _, q := range qs {
				names = append(names, q.String())
			}
			return "[" + strings.Join(names, ", ") + "]"
		}
		src := fmt.Sprintf("board: {size: %d, walls: %s}\npieces: {nightrider: {ride: [1, 2]}}\nslide: {piece: %s, from: %s, to: %s}",
			n, list(walls), pieces[rng.IntN(len(pieces))], list(from), list(to))
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			m := parseSmall(t, fmt.Sprint("random ", i), src)
			sp, err := compile(m)
			if err != nil {
				t.Fatal(err)
			}
			g := explicitGraph(t, sp)
			start := int64(sp.binom.rank(sp.start))
			reached := map[int64]int{start: 0}
			for queue := []int64{start}; len(queue) > 0; queue = queue[1:] {
				for _, w := range ids(g.From(queue[0])) {
					if _, ok := reached[w]; !ok {
						reached[w] = 0
						queue = append(queue, w)
					}
				}
			}
			rep, err := Explore(context.Background(), m, ExploreOptions{Components: true})
			if err != nil {
				t.Fatal(err)
			}
			if want := gonumComponents(topo.TarjanSCC(g), reached, start); *rep.Components != want || rep.ReachableStates != uint64(len(reached)) {
				t.Errorf("%s\ngroup of order %d\ncomponents %+v, %d reachable\ngonum      %+v, %d reachable",
					src, sp.groupOrder(), *rep.Components, rep.ReachableStates, want, len(reached))
			}
			t.Logf("group of order %d, %d states, %d components", sp.groupOrder(), sp.states(), rep.Components.Count)
		})
	}
}

// randomSubgroup is the subgroup of the n x n square's symmetries
// generated by one or two random ones, as maps of squares.
func randomSubgroup(rng *rand.Rand, n int) []func(model.Square) model.Square {
	d4 := []func(f, r int) (int, int){
		func(f, r int) (int, int) { return f, r },
		func(f, r int) (int, int) { return n - 1 - r, f },
		func(f, r int) (int, int) { return n - 1 - f, n - 1 - r },
		func(f, r int) (int, int) { return r, n - 1 - f },
		func(f, r int) (int, int) { return n - 1 - f, r },
		func(f, r int) (int, int) { return f, n - 1 - r },
		func(f, r int) (int, int) { return r, f },
		func(f, r int) (int, int) { return n - 1 - r, n - 1 - f },
	}
	as := func(e func(f, r int) (int, int)) func(model.Square) model.Square {
		return func(q model.Square) model.Square { f, r := e(q.File, q.Rank); return model.Square{File: f, Rank: r} }
	}
	// the closure, by the images of a1 and b1 with the elements found so far
	key := func(e func(model.Square) model.Square) [2]model.Square {
		return [2]model.Square{e(model.Square{}), e(model.Square{File: 1})}
	}
	gens := []func(model.Square) model.Square{as(d4[rng.IntN(8)]), as(d4[rng.IntN(8)])}[:1+rng.IntN(2)]
	sub := []func(model.Square) model.Square{as(d4[0])}
	seen := map[[2]model.Square]bool{key(sub[0]): true}
	for i := 0; i < len(sub); i++ {
		for _, g := range gens {
			e := func(q model.Square) model.Square { return g(sub[i](q)) }
			if !seen[key(e)] {
				seen[key(e)] = true
				sub = append(sub, e)
			}
		}
	}
	return sub
}

// orbitUnion draws random squares of the n x n board not in used and adds
// their orbits under sub until it holds k squares; nil when no draw of a
// few dozen gives exactly k. The squares taken are added to used.
func orbitUnion(rng *rand.Rand, n int, sub []func(model.Square) model.Square, k int, used map[model.Square]bool) []model.Square {
	for range 50 {
		set := map[model.Square]bool{}
		for len(set) < k {
			q := model.Square{File: rng.IntN(n), Rank: rng.IntN(n)}
			if slices.ContainsFunc(sub, func(e func(model.Square) model.Square) bool { return used[e(q)] }) {
				continue
			}
			for _, e := range sub {
				set[e(q)] = true
			}
		}
		if len(set) == k {
			out := slices.SortedFunc(maps.Keys(set), func(a, b model.Square) int { return cmp.Or(a.Rank-b.Rank, a.File-b.File) })
			for _, q := range out {
				if used != nil {
					used[q] = true
				}
			}
			return out
		}
	}
	return nil
}
