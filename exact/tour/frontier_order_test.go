package tour

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// TestFrontierOrdersAgree: the frontier programme counts the same tours
// whatever order the squares enter in — the rank and file orders both
// ways, the greedy order from a random first square, the greedy order
// newFrontierPlan takes, and a random order — and the same as the search,
// on seeded random boards (up to 25 squares, up to one hole) of the
// knight, king, wazir, zebra and knight+wazir compound, open (from a
// random square or any) and closed, after three boards whose move graph
// falls apart (no tours). An order too wide for a class is
// skipped; a case whose search does not finish in 3 seconds (a loaded
// machine) too; most cases must compare, half must have tours.
func TestFrontierOrdersAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 27))
	pieces := []string{"knight", "king", "wazir", "zebra", "nightwazir"}
	compared, toured, orders, apart := 0, 0, 0, 0
	const cases = 40
	// first, boards whose move graph falls apart (the greedy rule then
	// takes a square no square in moves to): the knight's 3x3 centre, a
	// wazir's path cut by a wall, two kings' rooms
	fixed := []string{"board: 3\ntour: {piece: knight}",
		"board: {size: \"1x5\", walls: [c1]}\ntour: {piece: wazir}",
		"board: {size: \"3x5\", walls: [c1, c2, c3]}\ntour: {piece: king, closed: true}"}
	for i := range cases + len(fixed) {
		var m *model.Model
		var desc string
		if i < len(fixed) {
			m, desc = parseTour(t, fixed[i]), fixed[i]
		} else {
			m, desc = randomTourModel(t, rng, pieces[rng.IntN(len(pieces))])
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		want, err := SolveWith(ctx, m, model.Options{Task: model.TaskCount}, Search)
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", desc, err)
		}
		if want.Count == nil {
			t.Logf("%s: the search did not finish", desc)
			continue
		}
		g, err := model.NewMoveGraph(m.Board, m.Tour.Piece, MaxSearchSquares)
		if err != nil || g.Len() <= 2 {
			continue // boards of two squares are counted by definition
		}
		open, start := !m.Tour.Closed, -1
		if m.Tour.Start != nil && open {
			start = g.Vertex(*m.Tour.Start)
		}
		for name, order := range testOrders(g, rng, open) {
			got, ok := countInOrder(t, g, order, open, start)
			if !ok {
				continue
			}
			if got != *want.Count {
				t.Fatalf("case %d, %s, %s order %v: frontier %d, search %d", i, desc, name, order, got, *want.Count)
			}
			orders++
		}
		compared++
		if *want.Count > 0 {
			toured++
		}
		if i < len(fixed) && *want.Count == 0 {
			apart++
		}
	}
	t.Logf("%d cases compared (%d with tours), %d counts in orders", compared, toured, orders)
	if compared < cases*3/4 || toured < cases/2 || orders < 4*compared || apart != len(fixed) {
		t.Errorf("%d of %d cases compared, %d with tours, %d orders, %d of %d boards apart without tours", compared, cases, toured, orders, apart, len(fixed))
	}
}

// randomTourModel makes a random tour model of the piece and describes it.
func randomTourModel(t *testing.T, rng *rand.Rand, piece string) (*model.Model, string) {
	t.Helper()
	rows, cols := 3+rng.IntN(3), 4+rng.IntN(2)
	if piece == "king" || piece == "nightwazir" {
		rows, cols = 3+rng.IntN(2), 3+rng.IntN(2)
	}
	var squares []string
	for _, i := range rng.Perm(rows * cols)[:1+rng.IntN(3)/2] {
		squares = append(squares, model.Square{Rank: i / cols, File: i % cols}.String())
	}
	board := fmt.Sprintf("{size: \"%dx%d\", walls: [%s]}", rows, cols, strings.Join(squares[1:], ", "))
	spec := "{piece: " + piece
	switch rng.IntN(3) {
	case 0:
		spec += ", closed: true"
	case 1:
		spec += ", start: " + squares[0] // not a hole
	}
	spec += "}"
	return parseTour(t, "board: "+board+"\ntour: "+spec), board + " " + spec
}

// parseTour parses a model's board and tour lines, with the wazir, zebra
// and knight+wazir defined.
func parseTour(t *testing.T, lines string) *model.Model {
	t.Helper()
	text := "name: random\n" + lines + "\npieces: {wazir: {leap: [1, 0]}, zebra: {leap: [2, 3]}, nightwazir: [knight, wazir]}\n"
	m, err := model.Parse([]byte(text), "random.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// testOrders lists the orders a case is counted in.
func testOrders(g *model.MoveGraph, rng *rand.Rand, open bool) map[string][]int {
	lines := lineOrders(g)
	random := rng.Perm(g.Len())
	orders := map[string][]int{
		"rank": lines[0], "file": lines[1], "rank reversed": lines[2], "file reversed": lines[3],
		"random":                      random,
		"greedy from a random square": bestGreedyOrder(g, []int{rng.IntN(g.Len())}, open),
		"greedy":                      bestGreedyOrder(g, greedyFirsts(g, lines), open),
	}
	return orders
}

// countInOrder counts the tours by the frontier programme in the order
// given; false when the order is too wide for a class.
func countInOrder(t *testing.T, g *model.MoveGraph, order []int, open bool, start int) (int64, bool) {
	t.Helper()
	if sorted := slices.Sorted(slices.Values(order)); len(sorted) != g.Len() || sorted[0] != 0 || sorted[len(sorted)-1] != g.Len()-1 || len(slices.Compact(sorted)) != g.Len() {
		t.Fatalf("order %v is not a permutation of %d squares", order, g.Len())
	}
	plan := planFor(g, order, open, start)
	if plan.maxSlots > maxFrontierSlots || frontierKeyBits(plan.maxSlots) > 64 {
		return 0, false
	}
	c := &frontierCounter{plan: plan, st: tasks.NewStopper(context.Background()), workers: 2}
	c.mem.limit = 256 << 20
	n, err := c.count()
	if err != nil {
		t.Fatal(err)
	}
	if open && start < 0 {
		n *= 2
	}
	return int64(n), true
}

// TestGreedyOrderLimit: the greedy rule runs on boards of up to
// greedyMaxSquares squares and gives way to the line orders beyond (a
// wazir's 1 x (greedyMaxSquares+1) path: no greedy order, and the plan
// still made, two squares wide: a path end and the extra vertex); at the
// bound, its order is a permutation.
func TestGreedyOrderLimit(t *testing.T) {
	for _, n := range []int{greedyMaxSquares, greedyMaxSquares + 1} {
		m, err := model.Parse([]byte(fmt.Sprintf("name: path\nboard: \"1x%d\"\ntour: {piece: wazir}\npieces: {wazir: {leap: [1, 0]}}\n", n)), "path.yaml")
		if err != nil {
			t.Fatal(err)
		}
		g, err := model.NewMoveGraph(m.Board, m.Tour.Piece, MaxSearchSquares)
		if err != nil {
			t.Fatal(err)
		}
		lines := lineOrders(g)
		order := bestGreedyOrder(g, greedyFirsts(g, lines), true)
		switch {
		case n > greedyMaxSquares && order != nil:
			t.Errorf("%d squares: a greedy order", n)
		case n <= greedyMaxSquares && len(slices.Compact(slices.Sorted(slices.Values(order)))) != n:
			t.Errorf("%d squares: the greedy order is no permutation", n)
		}
		if n <= greedyMaxSquares {
			continue
		}
		plan, err := newFrontierPlan(g, true, -1)
		if err != nil || plan.maxSlots != 2 {
			t.Errorf("%d squares: plan %v, error %v", n, plan != nil, err)
		}
	}
}
