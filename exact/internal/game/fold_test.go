package game

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chessmodel/chessmodel/internal/gen"
	"github.com/chessmodel/chessmodel/model"
)

// torusGame is a rook race on a 4x4 torus, each side to its own rank:
// its rules are kept by the shifts along the files, the mirrors, and the
// shifts along the ranks with the sides exchanged by a mirror.
const torusGame = `name: torus race
board:
  wrap: torus
  diagram: |
    ....
    ....
    ....
    ....
game:
  sides:
    - {piece: rook, from: [a1, c2], goal: [a3, b3, c3, d3]}
    - {piece: rook, from: [b4, d2], goal: [a1, b1, c1, d1]}
  stuck: passes
`

// foldModels are the package's small games: the testdata models, a
// torus, and random small games of internal/gen.
func foldModels(t *testing.T, random int) []*model.Model {
	var out []*model.Model
	for _, file := range []string{"game-one-rook-3x3.yaml", "game-one-rook-4x4.yaml", "game-queens-walls.yaml", "game-rook-race-4x4.yaml"} {
		out = append(out, load(t, file))
	}
	m, err := model.Parse([]byte(torusGame), "torus.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, m)
	rng := rand.New(rand.NewPCG(30, 40))
	for i := range random {
		name := fmt.Sprintf("random-%d.yaml", i)
		m, err := model.Parse([]byte(gen.RandomGame(rng, name)), name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// TestFoldAgrees: on each small game the tables folded by the rules'
// symmetry group give every position the value and plies of the
// unfolded tables, the levels and the counts of won, lost and drawn
// positions derived from the folded slots with their orbits' sizes are
// the unfolded ones, the orbits cover every position once, and the
// folded slots are at most the positions over the group's order plus the
// positions a symmetry fixes. The group is trivial on some of the games
// and not on others (the 4x4 race's is D4 with the sides exchanged, 16).
func TestFoldAgrees(t *testing.T) {
	orders := map[int]int{}
	for _, m := range foldModels(t, 60) {
		whole, err := newSpace(m, false)
		if err != nil {
			t.Fatal(err)
		}
		folded, err := newSpace(m, true)
		if err != nil {
			t.Fatal(err)
		}
		orders[len(folded.syms)]++
		if m.Name == "rook race 4x4" && len(folded.syms) != 16 {
			t.Errorf("%s: %d symmetries, want the 16 of D4 with and without the exchange of the sides", m.Name, len(folded.syms))
		}
		a, err := retrograde(context.Background(), whole, true, [2]int64{}, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := retrograde(context.Background(), folded, true, [2]int64{}, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		p := whole.newPos()
		s := folded.newScratch()
		for i := range whole.total {
			whole.decode(i, p)
			j := folded.slot(p.sq[0], p.sq[1], p.toMove, s)
			if a.value(i) != b.value(j) || a.levelOf(i) != b.levelOf(j) {
				t.Fatalf("%s: position %v, %d to move: unfolded %d in %d, folded (slot %d) %d in %d",
					m.Name, p.sq, p.toMove, a.value(i), a.levelOf(i), j, b.value(j), b.levelOf(j))
			}
		}
		if fmt.Sprint(a.byPlies, a.drawn, a.over, a.longest) != fmt.Sprint(b.byPlies, b.drawn, b.over, b.longest) {
			t.Errorf("%s: unfolded levels %v, drawn %d, over %d, longest %d; folded %v, %d, %d, %d",
				m.Name, a.byPlies, a.drawn, a.over, a.longest, b.byPlies, b.drawn, b.over, b.longest)
		}
		var covered, canonical, fixed int64
		q := folded.newPos()
		for i := range folded.slots {
			if folded.canonical(i, q, s) {
				k := folded.orbit(q, s)
				covered += k
				canonical++
				if k < int64(len(folded.syms)) {
					fixed++
				}
			} else if b.value(i) != unknown {
				t.Fatalf("%s: slot %d holds no canonical position but has value %d", m.Name, i, b.value(i))
			}
		}
		if covered != whole.total || folded.slots > whole.total {
			t.Errorf("%s: the orbits of %d canonical positions cover %d positions of %d; %d slots",
				m.Name, canonical, covered, whole.total, folded.slots)
		}
		if ideal := whole.total / int64(len(folded.syms)); len(folded.syms) > 1 && canonical > ideal+fixed {
			t.Errorf("%s: %d canonical positions, more than %d / %d + %d fixed by a symmetry", m.Name, canonical, whole.total, len(folded.syms), fixed)
		}
	}
	if orders[1] == 0 || len(orders) < 3 {
		t.Errorf("group orders over the games %v: want trivial groups and at least two others", orders)
	}
	t.Logf("games by the order of their rules' symmetry group: %v", orders)
}

// TestFoldRepLimit walks past the bound on the table of first-side
// representatives: under it the race folds by its 16 symmetries, past
// it by the exchange of the sides alone (2), and both give the unfolded
// tally.
func TestFoldRepLimit(t *testing.T) {
	m := load(t, "game-rook-race-4x4.yaml")
	whole, err := Explore(context.Background(), m, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer func(old int64) { maxRepTable = old }(maxRepTable)
	for _, c := range []struct {
		limit int64
		order int
	}{{whole.Game.Positions, 16}, {100, 2}} {
		maxRepTable = c.limit
		sp, err := newSpace(m, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(sp.syms) != c.order || (c.order == 2 && sp.repOf != nil) {
			t.Errorf("representatives up to %d: %d symmetries (a table of %d), want %d", c.limit, len(sp.syms), len(sp.repOf), c.order)
		}
		res, err := Explore(context.Background(), m, model.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g, w := res.Game, whole.Game
		if g.Symmetries != c.order || fmt.Sprint(g.Won, g.Lost, g.Drawn, g.ByPlies) != fmt.Sprint(w.Won, w.Lost, w.Drawn, w.ByPlies) {
			t.Errorf("representatives up to %d, %d symmetries: %d won %d lost %d drawn %v; want %d %d %d %v",
				c.limit, g.Symmetries, g.Won, g.Lost, g.Drawn, g.ByPlies, w.Won, w.Lost, w.Drawn, w.ByPlies)
		}
	}
}

// TestFoldMemory: the memory estimate is of the folded slots (and the
// table of representatives), and a bound between it and the unfolded
// tables' lets the folded analysis run where the unfolded is refused
// (explore: a solve over the bound searches instead).
func TestFoldMemory(t *testing.T) {
	m := load(t, "game-rook-race-4x4.yaml")
	folded, _ := newSpace(m, true)
	whole, _ := newSpace(m, false)
	f, u := folded.need(false), whole.need(false)
	if f >= u/4 {
		t.Fatalf("folded tables %d bytes, unfolded %d", f, u)
	}
	opts := model.Options{MaxMemory: (f + u) / 2}
	if _, err := Explore(context.Background(), m, opts); err != nil {
		t.Errorf("folded under %d bytes: %v", opts.MaxMemory, err)
	}
	noFold = true
	defer func() { noFold = false }()
	if _, err := Explore(context.Background(), m, opts); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("unfolded (%d bytes) under %d bytes: %v, want model.ErrTooLarge", u, opts.MaxMemory, err)
	}
	opts.MaxMemory = f - 1
	noFold = false
	if _, err := Explore(context.Background(), m, opts); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("folded (%d bytes) under %d bytes: %v, want model.ErrTooLarge", f, opts.MaxMemory, err)
	}
}

// TestSubsetLimit walks past the bound on the tables of subsets by rank:
// each table's subsets are the combinatorial number system's, and the
// analysis without the tables (each subset unranked) gives the same
// tally, on the 4x4 race and on queens with a wall and a hole.
func TestSubsetLimit(t *testing.T) {
	defer func(old int64) { maxSubsets = old }(maxSubsets)
	for _, file := range []string{"game-rook-race-4x4.yaml", "game-queens-walls.yaml"} {
		m := load(t, file)
		sp, err := newSpace(m, true)
		if err != nil {
			t.Fatal(err)
		}
		universe := [2]int{sp.n, sp.n - sp.k[0]}
		for side := range 2 {
			if int64(len(sp.subsets[side])) != sp.ranks[side] {
				t.Fatalf("%s: side %d: a table of %d subsets, want %d", file, side, len(sp.subsets[side]), sp.ranks[side])
			}
			got, want := make([]int32, sp.k[side]), make([]int32, sp.k[side])
			for r := range sp.ranks[side] {
				sp.subset(side, r, got)
				sp.unrank(r, universe[side], want)
				if !slices.Equal(got, want) || sp.rank(got) != r {
					t.Fatalf("%s: side %d, rank %d: the table has %v, unranked %v", file, side, r, got, want)
				}
			}
		}
		with, err := Explore(context.Background(), m, model.Options{})
		if err != nil {
			t.Fatal(err)
		}
		maxSubsets = 0
		sp, err = newSpace(m, true)
		if err != nil {
			t.Fatal(err)
		}
		if sp.subsets[0] != nil || sp.subsets[1] != nil || sp.subsetBytes() != 0 {
			t.Fatalf("%s: tables of subsets kept past the bound", file)
		}
		without, err := Explore(context.Background(), m, model.Options{})
		maxSubsets = 1 << 22
		if err != nil {
			t.Fatal(err)
		}
		g, w := without.Game, with.Game
		if fmt.Sprint(g.Won, g.Lost, g.Drawn, g.ByPlies, g.LongestWin) != fmt.Sprint(w.Won, w.Lost, w.Drawn, w.ByPlies, w.LongestWin) {
			t.Errorf("%s: without the tables %d won %d lost %d drawn %v; with them %d %d %d %v", file, g.Won, g.Lost, g.Drawn, g.ByPlies, w.Won, w.Lost, w.Drawn, w.ByPlies)
		}
	}
}
