package slide_test

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"

	"github.com/chessmodel/chessmodel/exact/slide"
	"github.com/chessmodel/chessmodel/model"
)

// A plainBoard is a small board as a grid of cells ('.' open, '#' wall,
// '-' not on the board), cell r*cols+f for file f and rank r; a state is the
// bit mask of the cells its pieces stand on (at most 16 cells).
type plainBoard struct {
	rows, cols int
	cell       []byte
}

func (b *plainBoard) open(f, r int) bool {
	return f >= 0 && r >= 0 && f < b.cols && r < b.rows && b.cell[r*b.cols+f] == '.'
}

// diagram writes the board as a model's diagram, the top rank first.
func (b *plainBoard) diagram() string {
	var sb strings.Builder
	for r := b.rows - 1; r >= 0; r-- {
		sb.WriteString("  " + string(b.cell[r*b.cols:(r+1)*b.cols]) + "\n")
	}
	return sb.String()
}

func cellName(b *plainBoard, c int) string {
	return fmt.Sprintf("%c%d", 'a'+c%b.cols, c/b.cols+1)
}

func maskNames(b *plainBoard, mask uint64) string {
	var names []string
	for m := mask; m != 0; m &= m - 1 {
		names = append(names, cellName(b, bits.TrailingZeros64(m)))
	}
	return "[" + strings.Join(names, ", ") + "]"
}

// plainMoves is every move of a piece as a list of steps and whether it
// rides (repeats its step until blocked) or leaps once.
var plainMoves = map[string]struct {
	steps [][2]int
	rides bool
}{
	"rook":   {[][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}, true},
	"bishop": {[][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}, true},
	"queen":  {[][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}, true},
	"knight": {[][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}, false},
}

// successors lists the states one move from a state: one piece moved along
// one of its steps, a rider as far as the board, walls and pieces let it.
func (b *plainBoard) successors(piece string, state uint64) []uint64 {
	mv := plainMoves[piece]
	free := func(f, r int) bool { return b.open(f, r) && state&(1<<(r*b.cols+f)) == 0 }
	var out []uint64
	for m := state; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		f0, r0 := c%b.cols, c/b.cols
		for _, st := range mv.steps {
			f, r := f0, r0
			for free(f+st[0], r+st[1]) {
				f, r = f+st[0], r+st[1]
				if !mv.rides {
					break
				}
			}
			if f != f0 || r != r0 {
				out = append(out, state&^(1<<c)|1<<(r*b.cols+f))
			}
		}
	}
	return out
}

// plainAnswer is what a plain search finds on the explicit state graph.
type plainAnswer struct {
	states, reachable uint64
	goal, farthest    int
	farthestStates    uint64
	perDistance       []uint64
	dist              map[uint64]int
	components        slide.Components
	componentSizes    []int
}

// plainExplore builds the explicit graph of every state, runs a plain BFS
// from the start and gonum's Tarjan on the whole graph.
func plainExplore(b *plainBoard, piece string, k int, start, goal uint64) plainAnswer {
	g := simple.NewDirectedGraph()
	var all []uint64
	for mask := uint64(0); mask < 1<<len(b.cell); mask++ {
		if bits.OnesCount64(mask) == k && b.allOpen(mask) {
			all = append(all, mask)
			g.AddNode(simple.Node(int64(mask)))
		}
	}
	for _, s := range all {
		for _, t := range b.successors(piece, s) {
			if !g.HasEdgeFromTo(int64(s), int64(t)) {
				g.SetEdge(g.NewEdge(simple.Node(int64(s)), simple.Node(int64(t))))
			}
		}
	}
	a := plainAnswer{states: uint64(len(all)), goal: -1, dist: map[uint64]int{start: 0}}
	for queue := []uint64{start}; len(queue) > 0; queue = queue[1:] {
		s := queue[0]
		d := a.dist[s]
		if d == len(a.perDistance) {
			a.perDistance = append(a.perDistance, 0)
		}
		a.perDistance[d]++
		for _, t := range b.successors(piece, s) {
			if _, ok := a.dist[t]; !ok {
				a.dist[t] = d + 1
				queue = append(queue, t)
			}
		}
	}
	a.reachable = uint64(len(a.dist))
	if d, ok := a.dist[goal]; ok {
		a.goal = d
	}
	a.farthest = len(a.perDistance) - 1
	a.farthestStates = a.perDistance[a.farthest]
	a.components = summarise(topo.TarjanSCC(g), a.dist, start, &a.componentSizes)
	return a
}

func (b *plainBoard) allOpen(mask uint64) bool {
	for m := mask; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		if b.cell[c] != '.' {
			return false
		}
	}
	return true
}

// summarise counts components as Explore reports them; sizes gets every
// component's size, largest first.
func summarise[N interface{ ID() int64 }](comps [][]N, reached map[uint64]int, start uint64, sizes *[]int) slide.Components {
	c := slide.Components{UnreachableSingletons: true}
	for _, comp := range comps {
		size := uint64(len(comp))
		*sizes = append(*sizes, len(comp))
		c.Count++
		if size == 1 {
			c.Singletons++
		}
		if slices.ContainsFunc(comp, func(v N) bool { return uint64(v.ID()) == start }) {
			c.StartComponent = size
		}
		if _, ok := reached[uint64(comp[0].ID())]; !ok {
			c.UnreachableComponents++
			c.LargestUnreachable = max(c.LargestUnreachable, size)
			c.UnreachableSingletons = c.UnreachableSingletons && size == 1
		}
	}
	slices.SortFunc(*sizes, func(x, y int) int { return y - x })
	c.Largest = uint64((*sizes)[0])
	if len(*sizes) > 1 {
		c.NextLargest = uint64((*sizes)[1])
	}
	return c
}

// A cellMap is a symmetry of the rows x cols rectangle as a map of cells.
type cellMap func(f, r int) (int, int)

// rectangleSymmetries are the symmetries of a rows x cols rectangle: D4 on
// a square, the four of D2 otherwise.
func rectangleSymmetries(rows, cols int) []cellMap {
	w, h := cols-1, rows-1
	out := []cellMap{
		func(f, r int) (int, int) { return f, r },
		func(f, r int) (int, int) { return w - f, r },
		func(f, r int) (int, int) { return f, h - r },
		func(f, r int) (int, int) { return w - f, h - r },
	}
	if rows == cols {
		out = append(out,
			func(f, r int) (int, int) { return r, f },
			func(f, r int) (int, int) { return h - r, w - f },
			func(f, r int) (int, int) { return r, w - f },
			func(f, r int) (int, int) { return h - r, f })
	}
	return out
}

// cellOrbits are the orbits of the cells under the group generated by one
// or two random symmetries of the rectangle (often the whole group, often
// a reflection that fixes a thin board's every cell).
func cellOrbits(rng *rand.Rand, rows, cols int) [][]int {
	syms := rectangleSymmetries(rows, cols)
	gens := []cellMap{syms[rng.IntN(len(syms))], syms[rng.IntN(len(syms))]}[:1+rng.IntN(2)]
	seen := make([]bool, rows*cols)
	var orbits [][]int
	for c := range seen {
		if seen[c] {
			continue
		}
		orbit := []int{c}
		seen[c] = true
		for i := 0; i < len(orbit); i++ {
			for _, g := range gens {
				f, r := g(orbit[i]%cols, orbit[i]/cols)
				if d := r*cols + f; !seen[d] {
					seen[d] = true
					orbit = append(orbit, d)
				}
			}
		}
		orbits = append(orbits, orbit)
	}
	return orbits
}

// pickSquares draws k of the open cells (there are at least k) as a union
// of whole orbits when a few draws find one, else at random.
func pickSquares(rng *rand.Rand, b *plainBoard, orbits [][]int, k int) uint64 {
	var openOrbits [][]int
	var open []int
	for _, o := range orbits {
		if b.cell[o[0]] == '.' {
			openOrbits = append(openOrbits, o)
			open = append(open, o...)
		}
	}
	for range 8 {
		mask := uint64(0)
		for _, i := range rng.Perm(len(openOrbits)) {
			if n := bits.OnesCount64(mask) + len(openOrbits[i]); n <= k {
				for _, c := range openOrbits[i] {
					mask |= 1 << c
				}
			}
		}
		if bits.OnesCount64(mask) == k {
			return mask
		}
	}
	mask := uint64(0)
	for _, i := range rng.Perm(len(open))[:k] {
		mask |= 1 << open[i]
	}
	return mask
}

// randomPlainModel draws a board of sides 1 to 4 whose walls and holes are
// unions of orbits of a random group of symmetries, 1 to 3 pieces, and a
// start and goal that are unions of orbits when they can be (the goal is
// the start in half the models); nil when no square is open.
func randomPlainModel(rng *rand.Rand) (b *plainBoard, piece string, k int, start, goal uint64) {
	rows, cols := 1+rng.IntN(4), 1+rng.IntN(4)
	b = &plainBoard{rows: rows, cols: cols, cell: make([]byte, rows*cols)}
	orbits := cellOrbits(rng, rows, cols)
	for _, o := range orbits {
		kind := byte('.')
		switch x := rng.IntN(10); {
		case x == 0:
			kind = '#'
		case x == 1:
			kind = '-'
		}
		for _, c := range o {
			b.cell[c] = kind
		}
	}
	open := strings.Count(string(b.cell), ".")
	if open == 0 {
		return nil, "", 0, 0, 0
	}
	pieces := []string{"rook", "queen", "bishop", "knight"}
	piece, k = pieces[rng.IntN(len(pieces))], 1+rng.IntN(min(3, open))
	start = pickSquares(rng, b, orbits, k)
	goal = start
	if rng.IntN(2) != 0 {
		goal = pickSquares(rng, b, orbits, k)
	}
	return b, piece, k, start, goal
}

// TestExploreAgainstPlainSearch compares explore, on a few hundred random
// small models with walls, holes and symmetries (thin boards among them),
// with a plain breadth-first search and gonum's Tarjan on the explicit
// state graph built by walking the grid: the states, the reachable states,
// the goal distance, the states at each distance, the farthest states and
// the components.
func TestExploreAgainstPlainSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261125, 22))
	const models = 400
	tested, failed := 0, 0
	orders := map[int]int{} // models by the order of the group acting
	for i := range models {
		b, piece, k, start, goal := randomPlainModel(rng)
		if b == nil {
			continue
		}
		src := fmt.Sprintf("name: plain %d\nboard: |\n%sslide: {piece: %s, from: %s, to: %s}\n",
			i, b.diagram(), piece, maskNames(b, start), maskNames(b, goal))
		m, err := model.Parse([]byte(src), "plain.yaml")
		if err != nil {
			t.Fatalf("%s\n%v", src, err)
		}
		tested++
		want := plainExplore(b, piece, k, start, goal)
		for _, workers := range []int{1, 2} {
			rep, err := slide.Explore(context.Background(), m, slide.ExploreOptions{Components: true, Options: slide.Options{Workers: workers}})
			if err != nil {
				t.Errorf("%s%d workers: %v", src, workers, err)
				failed++
				break
			}
			orders[rep.Symmetries] += workers % 2
			if problems := compareExplore(b, rep, want); len(problems) > 0 {
				t.Errorf("%s%d workers, group of order %d, component sizes %v:\n  %s", src, workers, rep.Symmetries, want.componentSizes, strings.Join(problems, "\n  "))
				failed++
				break
			}
		}
	}
	if tested < models*9/10 {
		t.Errorf("only %d of %d random models could be tested", tested, models)
	}
	t.Logf("%d models tested (by the order of the group acting: %v), %d disagreed with the plain search", tested, orders, failed)
}

// compareExplore lists where explore's report differs from the plain search.
func compareExplore(b *plainBoard, rep *slide.Report, want plainAnswer) []string {
	var problems []string
	check := func(name string, got, want any) {
		if fmt.Sprint(got) != fmt.Sprint(want) {
			problems = append(problems, fmt.Sprintf("%s: explore %v, plain search %v", name, got, want))
		}
	}
	check("states", rep.States, want.states)
	check("reachable states", rep.ReachableStates, want.reachable)
	check("goal distance", rep.GoalDistance, want.goal)
	check("farthest", rep.Farthest, want.farthest)
	check("farthest states", rep.FarthestStates, want.farthestStates)
	var perDistance []uint64
	for i, l := range rep.Distances {
		check("distance of a level", l.Distance, i)
		perDistance = append(perDistance, l.States)
	}
	check("states per distance", perDistance, want.perDistance)
	for _, ex := range rep.FarthestExamples {
		mask := uint64(0)
		for _, q := range ex {
			mask |= 1 << (q.Rank*b.cols + q.File)
		}
		if d, ok := want.dist[mask]; !ok || d != want.farthest {
			problems = append(problems, fmt.Sprintf("farthest example %s is %d moves away (reached %v), not %d", maskNames(b, mask), d, ok, want.farthest))
		}
	}
	if rep.Components == nil {
		return append(problems, "no components")
	}
	check("components", *rep.Components, want.components)
	return problems
}
