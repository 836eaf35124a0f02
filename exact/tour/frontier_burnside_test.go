package tour

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

func burnsideModel(t testing.TB, board, spec string) *model.Model {
	t.Helper()
	text := fmt.Sprintf("name: test\nboard: %s\ntour: %s\npieces: {camel: {leap: [1, 3]}, wazir: {leap: [0, 1]}, nw: [knight, {leap: [0, 1]}], zebra: {leap: [2, 3]}}\n", board, spec)
	m, err := model.Parse([]byte(text), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// enumerated lists every tour of the model as a vertex sequence, by the
// search.
func enumerated(t testing.TB, m *model.Model, g *model.MoveGraph) [][]int32 {
	t.Helper()
	var tours [][]int32
	opts := model.Options{Task: model.TaskEnumerate, Emit: func(s model.Solution) error {
		var p []int32
		for _, sq := range s.Squares {
			p = append(p, int32(g.Vertex(sq)))
		}
		tours = append(tours, p)
		return nil
	}}
	if _, err := SolveWith(context.Background(), m, opts, Search); err != nil {
		t.Fatal(err)
	}
	return tours
}

// moveSet is a closed tour's moves, as sorted pairs.
func moveSet(p []int32, perm []int32) [][2]int32 {
	var out [][2]int32
	for i := range p {
		a, b := perm[p[i]], perm[p[(i+1)%len(p)]]
		out = append(out, [2]int32{min(a, b), max(a, b)})
	}
	slices.SortFunc(out, func(x, y [2]int32) int { return slices.Compare(x[:], y[:]) })
	return out
}

// fixedByEnumeration counts the enumerated tours p fixes: a closed tour
// whose moves it maps onto themselves, an undirected open one mapped onto
// itself or its reverse (enumerate lists each path once, from its smaller
// end).
func fixedByEnumeration(tours [][]int32, p []int32, closed bool) int64 {
	n := int64(0)
	for _, tr := range tours {
		ident := make([]int32, len(p))
		for v := range ident {
			ident[v] = int32(v)
		}
		if closed {
			if slices.Equal(moveSet(tr, p), moveSet(tr, ident)) {
				n++
			}
			continue
		}
		img := make([]int32, len(tr))
		for i, v := range tr {
			img[i] = p[v]
		}
		rev := slices.Clone(img)
		slices.Reverse(rev)
		if slices.Equal(img, tr) || slices.Equal(rev, tr) {
			n++
		}
	}
	return n
}

// TestFixedToursByEnumeration: the tours each symmetry fixes, counted on
// the quotient, are those of the search's enumeration that it maps onto
// themselves, on small boards with every kind of symmetry (half and
// quarter turns, mirrors with and without fixed squares).
func TestFixedToursByEnumeration(t *testing.T) {
	cases := []struct{ board, spec string }{
		{"\"2\"", "{piece: king, closed: true}"},
		{"\"3\"", "{piece: king, closed: true}"},
		{"\"4\"", "{piece: king, closed: true}"},
		{"\"3x4\"", "{piece: king, closed: true}"},
		{"\"4\"", "{piece: wazir, closed: true}"},
		{"\"4x5\"", "{piece: wazir, closed: true}"},
		{"\"3x4\"", "{piece: knight, closed: true}"},
		{"\"5x6\"", "{piece: knight, closed: true}"},
		{"\"6\"", "{piece: knight, closed: true}"},
		{"\"3\"", "{piece: king, undirected: true}"},
		{"\"3x4\"", "{piece: king, undirected: true}"},
		{"\"4\"", "{piece: wazir, undirected: true}"},
		{"\"3x5\"", "{piece: wazir, undirected: true}"},
		{"\"3x4\"", "{piece: nw, undirected: true}"},
		{"\"3x4\"", "{piece: knight, undirected: true}"},
		{"\"5\"", "{piece: knight, undirected: true}"},
		{"{size: \"3x5\", walls: [c2]}", "{piece: king, closed: true}"},
		{"{size: 4, walls: [a1, d4]}", "{piece: king, closed: true}"},
		// wrapped boards, whose symmetries include translations
		{"{size: \"3x4\", wrap: torus}", "{piece: wazir, closed: true}"},
		{"{size: \"3x5\", wrap: torus}", "{piece: wazir, closed: true}"},
		{"{size: \"4\", wrap: torus}", "{piece: wazir, closed: true}"},
		{"{size: \"3x4\", wrap: cylinder}", "{piece: wazir, undirected: true}"},
		{"{size: \"3x4\", wrap: torus}", "{piece: knight, closed: true}"},
	}
	for _, c := range cases {
		t.Run(c.board+c.spec, func(t *testing.T) {
			m := burnsideModel(t, c.board, c.spec)
			g, err := model.NewMoveGraph(m.Board, m.Tour.Piece, MaxSearchSquares)
			if err != nil {
				t.Fatal(err)
			}
			tours := enumerated(t, m, g)
			st := tasks.NewStopper(context.Background())
			defer st.Close()
			for i, p := range distinctPerms(permutations(m, g))[1:] {
				got, err := fixedTours(st, g, p, m.Tour.Closed, m.Tour.Reversible(), 1<<30, nil)
				if err != nil {
					t.Fatal(err)
				}
				if want := fixedByEnumeration(tours, p, m.Tour.Closed); got.Int64() != want {
					t.Errorf("symmetry %d (order %d): %v tours fixed, the enumeration says %d of %d", i+1, permOrder(p), got, want, len(tours))
				}
			}
		})
	}
}

// randomSymmetricModel draws a small tour model: a leaper or compound,
// closed, open directed or undirected, with or without a start square and
// walls (placed symmetrically or not), on a board of up to 30 squares (16
// open and 20 closed for the king and the knight-wazir compound, whose
// searches grow fastest).
func randomSymmetricModel(t testing.TB, rng *rand.Rand) *model.Model {
	piece := []string{"knight", "king", "wazir", "camel", "nw", "zebra"}[rng.IntN(6)]
	kind := rng.IntN(4)
	area := 30
	if piece == "king" || piece == "nw" {
		area = 16
		if kind < 2 {
			area = 20
		}
	}
	rows, cols := 2+rng.IntN(5), 2+rng.IntN(6)
	for rows*cols > area {
		cols--
	}
	square := func(r, c int) string { return fmt.Sprintf("%c%d", 'a'+c, r+1) }
	var walls []string
	switch rng.IntN(4) {
	case 1:
		walls = append(walls, square(rng.IntN(rows), rng.IntN(cols)))
	case 2:
		r, c := rng.IntN(rows), rng.IntN(cols)
		walls = append(walls, square(r, c))
		if w := square(rows-1-r, cols-1-c); w != walls[0] {
			walls = append(walls, w)
		}
	}
	board := fmt.Sprintf("{size: \"%dx%d\", walls: [%s]}", rows, cols, joinComma(walls))
	spec := "{piece: " + piece
	switch kind {
	case 0, 1:
		spec += ", closed: true"
	case 2:
		spec += ", undirected: true"
	}
	if start := square(rows/2, cols/2); rng.IntN(4) == 0 && !slices.Contains(walls, start) {
		spec += ", start: " + start
	}
	return burnsideModel(t, board, spec+"}")
}

func joinComma(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

// TestBurnsideAgreesWithSearch: seeded random models (boards up to 30
// squares, six pieces, closed and open, directed and not, starts, walls
// kept or breaking the symmetry): the frontier's classes by Burnside's
// lemma are the search's classes (tours least in their orbit).
func TestBurnsideAgreesWithSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 27))
	runs := 300
	if testing.Short() {
		runs = 60
	}
	nonzero, symmetric := 0, 0
	for range runs {
		m := randomSymmetricModel(t, rng)
		if testing.Verbose() {
			t.Logf("%s walls %v %s closed %v undirected %v start %v", m.Board.Dims(), m.Board.Walls(), m.Tour.Piece.Name, m.Tour.Closed, m.Tour.Undirected, m.Tour.Start)
		}
		opts := model.Options{Task: model.TaskCount, Symmetry: true}
		want, err := SolveWith(context.Background(), m, opts, Search)
		if err != nil {
			t.Fatal(err)
		}
		got, err := SolveWith(context.Background(), m, opts, Frontier)
		if err != nil {
			t.Fatalf("%s %+v: %v", m.Board.Dims(), *m.Tour, err)
		}
		if *got.Count != *want.Count || *got.Classes != *want.Classes {
			t.Errorf("%s walls %v %s closed %v undirected %v start %v: frontier %d tours in %d classes, search %d in %d",
				m.Board.Dims(), m.Board.Walls(), m.Tour.Piece.Name, m.Tour.Closed, m.Tour.Undirected, m.Tour.Start, *got.Count, *got.Classes, *want.Count, *want.Classes)
		}
		if *want.Classes > 0 {
			nonzero++
		}
		if terms, _ := got.Stats.Extra["symmetry_fixed_tours"].([]string); slices.ContainsFunc(terms[min(1, len(terms)):], func(s string) bool { return s != "0" }) {
			symmetric++
		}
	}
	t.Logf("%d of %d random models have a tour, %d a tour that a symmetry other than the identity fixes", nonzero, runs, symmetric)
	if symmetric < runs/20 {
		t.Errorf("only %d of %d random models have a symmetric tour", symmetric, runs)
	}
	if nonzero < runs/4 {
		t.Errorf("only %d of %d random models have a tour", nonzero, runs)
	}
}

// TestBurnsideKnownCounts: the 9,862 closed knight's tours of 6x6 fall in
// 1,245 classes under the board's eight symmetries, by either method
// (the search's classes are tours least in their orbit); beyond the
// search's 64 squares Auto takes the frontier, and the terms of
// Burnside's lemma are as measured (3x22 closed: 14,060,048 tours, 2,604
// fixed by the half turn and by the left-right mirror, none by the mirror
// that fixes the middle rank's 22 squares); on a board of one rank
// the symmetries that move no square count once.
func TestBurnsideKnownCounts(t *testing.T) {
	for _, c := range []struct {
		board, spec    string
		method         Method
		count, classes int64
		terms          []string
	}{
		{"\"6\"", "{piece: knight, closed: true}", Search, 9862, 1245, nil},
		{"\"6\"", "{piece: knight, closed: true}", Frontier, 9862, 1245, nil},
		{"\"3x22\"", "{piece: knight, closed: true}", Auto, 14060048, 3516314, []string{"14060048", "2604", "2604", "0"}},
		// one rank: two of the four symmetries move no square, and the
		// group is of order 2
		{"\"1x6\"", "{piece: wazir}", Frontier, 2, 1, []string{"2", "0"}},
		{"\"1x6\"", "{piece: wazir}", Search, 2, 1, nil},
		{"\"1x6\"", "{piece: wazir, undirected: true}", Frontier, 1, 1, []string{"1", "1"}},
	} {
		t.Run(c.board+c.method.String(), func(t *testing.T) {
			m := burnsideModel(t, c.board, c.spec)
			res, err := SolveWith(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true}, c.method)
			if err != nil {
				t.Fatal(err)
			}
			if *res.Count != c.count || *res.Classes != c.classes {
				t.Errorf("%d tours in %d classes, want %d in %d", *res.Count, *res.Classes, c.count, c.classes)
			}
			if c.terms != nil && !slices.Equal(res.Stats.Extra["symmetry_fixed_tours"].([]string), c.terms) {
				t.Errorf("terms %v, want %v", res.Stats.Extra["symmetry_fixed_tours"], c.terms)
			}
		})
	}
}

// TestBurnsideLimits walks past the fixed-tour programme's limits: a
// frontier wider than a 256-bit class holds (an order of the orbits
// chosen badly on purpose) is refused as unsupported, and a memory bound
// too small as too large; neither answers.
func TestBurnsideLimits(t *testing.T) {
	m := burnsideModel(t, "\"8x12\"", "{piece: king, closed: true}")
	g, err := model.NewMoveGraph(m.Board, m.Tour.Piece, MaxSearchSquares)
	if err != nil {
		t.Fatal(err)
	}
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	half := distinctPerms(permutations(m, g))[3]
	q := newQuotient(g, half)
	if q.k != 2 || !q.free {
		t.Fatalf("symmetry 3 of 8x12 has order %d, free %v: not the half turn", q.k, q.free)
	}
	order := rand.New(rand.NewPCG(8, 12)).Perm(q.n) // a wide frontier
	if _, w := q.orderCost(order); 3+w*slotBits(q.k) <= 256 {
		t.Fatalf("the bad order is only %d orbits wide", w)
	}
	d := &voltageDP{q: q, k: q.k, order: order, st: st, limit: 1 << 30}
	if _, err := d.count(); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("a frontier of %d bits: %v, want unsupported", 3+maxVoltageSlots*slotBits(q.k), err)
	}
	if _, err := fixedTours(st, g, half, true, false, 1<<10, nil); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("a bound of 1 KiB: %v, want too large", err)
	}
}

// TestBurnsideAutoChoice: with classes asked for, Auto weighs the
// frontier with its fixed-tour counts against the search: the frontier on
// thin boards (3x16 closed, 3x12 open undirected), the search on 6x6
// closed, and both methods give the same classes wherever Auto runs.
func TestBurnsideAutoChoice(t *testing.T) {
	for _, c := range []struct{ board, spec, want string }{
		{"\"3x16\"", "{piece: knight, closed: true}", "frontier"},
		{"\"3x12\"", "{piece: knight, undirected: true}", "frontier"},
		{"\"6\"", "{piece: knight, closed: true}", "search"},
	} {
		t.Run(c.board+c.spec, func(t *testing.T) {
			m := burnsideModel(t, c.board, c.spec)
			opts := model.Options{Task: model.TaskCount, Symmetry: true}
			auto, err := SolveWith(context.Background(), m, opts, Auto)
			if err != nil {
				t.Fatal(err)
			}
			if got := auto.Stats.Method; got != c.want {
				t.Errorf("method %v, want %s (%v)", got, c.want, auto.Stats.Extra)
			}
			other := Search
			if c.want == "search" {
				other = Frontier
			}
			res, err := SolveWith(context.Background(), m, opts, other)
			if err != nil {
				t.Fatal(err)
			}
			if *res.Count != *auto.Count || *res.Classes != *auto.Classes {
				t.Errorf("%v: %d tours in %d classes, %s: %d in %d", other, *res.Count, *res.Classes, c.want, *auto.Count, *auto.Classes)
			}
		})
	}
}

// TestBurnsideProgress: the fixed tours' counts report their orbit on the
// progress line, after the frontier's squares.
func TestBurnsideProgress(t *testing.T) {
	var notes []string
	opts := model.Options{Task: model.TaskCount, Symmetry: true, Workers: 1,
		Progress: func(_ float64, note string) { notes = append(notes, note) }}
	if _, err := SolveWith(context.Background(), burnsideModel(t, "\"3x22\"", "{piece: knight, closed: true}"), opts, Frontier); err != nil {
		t.Fatal(err)
	}
	want := "Burnside, symmetry 2 of 4: tours fixed by a symmetry, as a rotation: orbit 33 of 33"
	if !slices.ContainsFunc(notes, func(s string) bool { return len(s) >= len(want) && s[:len(want)] == want }) {
		t.Errorf("no note %q among %d", want, len(notes))
	}
}
