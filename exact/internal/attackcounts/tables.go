package attackcounts

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// maxSortedBound bounds the boards on which the weight bound keeps, for
// every square, the best weights of the squares from it on (n^2 numbers);
// beyond it the bound adds every positive weight left.
const maxSortedBound = 1024

// tables are what every search of one problem shares, read only.
type tables struct {
	p      *problem.Problem
	n, k   int // squares, slots
	defs   []*model.Piece
	slotOf []int   // per slot: its def
	fixed  [][]int // per square: the defs of the fixed pieces on it
	weight []int64 // per square
	sign   int64   // +1 to maximise the objective, -1 to minimise, 0 without one

	backLeaps []model.Vector // leaps that go to a lower square index
	backRides []model.Vector // ride directions that go to a lower index
	hasLeap   [][]bool       // per def, per back leap: leaps it (the piece on the higher square attacks the lower)
	hasLeapUp [][]bool       // per def, per back leap: leaps its opposite (the piece on the lower square attacks the higher)
	rides     [][]bool       // per def, per back ride: rides it
	ridesUp   [][]bool       // per def, per back ride: rides its opposite
	leapTo    [][]int32      // per square, per back leap: the open square it lands on, or -1
	rayOf     [][][]int32    // per square, per back ride: the open squares along it, nearest first

	attacks, attackers []model.Range // per def: the ranges its rules give (all of them hold)
	squares            model.Range   // every open square
	hasSquares         bool
	closeAt            [][]int32 // per square i: the squares whose counts are final once i is decided
	remaining          [][]int   // per count rule, per square i: the allowed vertices on squares >= i
	top                [][]int64 // per square i: prefix sums of the best scores of the vertices from i on
	topAll             []int64   // per square i: the positive scores from i on (when top is nil)

	// settleAt is, on a problem that is not plain, per square the attacks
	// its decision settles (settle.go); nil on a plain one, whose leaps and
	// rides above say the same.
	settleAt [][]settlement

	groupOf     []int    // per slot: its group (0 without groups)
	forbid      [][]bool // per group, per group: an attack the rules forbid
	equalGroups bool     // every group holds as many pieces
}

func newTables(p *problem.Problem) (*tables, error) {
	m := p.Model
	if p.FreeWalls {
		return nil, fmt.Errorf("exact: attack counts and weights are searched without free walls: %w", model.ErrUnsupported)
	}
	t := &tables{p: p, n: p.Squares, k: len(p.Kinds), fixed: make([][]int, p.Squares), weight: make([]int64, p.Squares)}
	defIndex := map[string]int{}
	def := func(pc *model.Piece) int {
		if d, ok := defIndex[pc.Name]; ok {
			return d
		}
		defIndex[pc.Name] = len(t.defs)
		t.defs = append(t.defs, pc)
		return len(t.defs) - 1
	}
	for _, g := range p.Kinds {
		t.slotOf = append(t.slotOf, def(g.Piece))
	}
	for _, f := range p.Fixed {
		t.fixed[f.Square] = append(t.fixed[f.Square], def(f.Geometry.Piece))
	}
	for i := range t.weight {
		t.weight[i] = m.Weight(p.Square(i))
	}
	switch p.Sense {
	case model.Maximize:
		t.sign = 1
	case model.Minimize:
		t.sign = -1
	}
	t.rules(m)
	t.groups(m)
	if err := t.attackGeometry(); err != nil {
		return nil, err
	}
	t.capacity()
	t.weightBound()
	return t, nil
}

// attackGeometry builds the tables the search counts attacks with: the
// leaps and rides of the rectangle on a plain problem, the settlements of
// settle.go otherwise.
func (t *tables) attackGeometry() error {
	if !t.p.Plain {
		return t.settleTables()
	}
	t.vectors()
	t.geometry()
	t.horizons()
	return nil
}

// groups notes each slot's group and which attacks between groups the
// rules forbid: plain independence forbids every attack, the group forms
// of it those they name (model.Model.Forbids).
func (t *tables) groups(m *model.Model) {
	p := t.p
	for k := range p.Kinds {
		t.groupOf = append(t.groupOf, p.GroupOf[p.RuleOf[k]])
	}
	n := max(1, len(m.Army.Groups))
	t.forbid = make([][]bool, n)
	for g := range t.forbid {
		t.forbid[g] = make([]bool, n)
		for h := range t.forbid[g] {
			t.forbid[g][h] = m.Forbids(g, h)
		}
	}
	t.equalGroups = m.Army.EqualGroups
}

// backward reports whether v leads to a lower square index.
func backward(v model.Vector) bool { return v.Rank < 0 || (v.Rank == 0 && v.File < 0) }

func neg(v model.Vector) model.Vector { return model.Vector{File: -v.File, Rank: -v.Rank} }

// vectors lists the backward leaps and rides of every piece, and which
// piece has which.
func (t *tables) vectors() {
	leaps, rides := map[model.Vector]bool{}, map[model.Vector]bool{}
	for _, d := range t.defs {
		for _, v := range d.Leaps {
			leaps[v], leaps[neg(v)] = true, true
		}
		for _, v := range d.Rides {
			rides[v], rides[neg(v)] = true, true
		}
	}
	less := func(a, b model.Vector) int { return cmp.Or(cmp.Compare(a.Rank, b.Rank), cmp.Compare(a.File, b.File)) }
	for v := range leaps {
		if backward(v) {
			t.backLeaps = append(t.backLeaps, v)
		}
	}
	for v := range rides {
		if backward(v) {
			t.backRides = append(t.backRides, v)
		}
	}
	slices.SortFunc(t.backLeaps, less)
	slices.SortFunc(t.backRides, less)
	for _, d := range t.defs {
		t.hasLeap = append(t.hasLeap, has(d.Leaps, t.backLeaps, false))
		t.hasLeapUp = append(t.hasLeapUp, has(d.Leaps, t.backLeaps, true))
		t.rides = append(t.rides, has(d.Rides, t.backRides, false))
		t.ridesUp = append(t.ridesUp, has(d.Rides, t.backRides, true))
	}
}

// has marks, for each vector of list, whether set holds it (or its
// opposite, with opposite).
func has(set, list []model.Vector, opposite bool) []bool {
	out := make([]bool, len(list))
	for i, v := range list {
		if opposite {
			v = neg(v)
		}
		out[i] = slices.Contains(set, v)
	}
	return out
}

// geometry lists, per square, where each back leap lands and the squares
// of each back ride, cut at walls, squares off the board and the edge.
func (t *tables) geometry() {
	p := t.p
	t.leapTo = make([][]int32, t.n)
	t.rayOf = make([][][]int32, t.n)
	for i := 0; i < t.n; i++ {
		if !p.Open.Has(i) {
			continue
		}
		f0, r0 := i%p.Cols, i/p.Cols
		t.leapTo[i] = make([]int32, len(t.backLeaps))
		for j, v := range t.backLeaps {
			t.leapTo[i][j] = -1
			if f, r := f0+v.File, r0+v.Rank; p.OpenAt(f, r) {
				t.leapTo[i][j] = int32(r*p.Cols + f)
			}
		}
		t.rayOf[i] = make([][]int32, len(t.backRides))
		for j, d := range t.backRides {
			for f, r := f0+d.File, r0+d.Rank; p.OpenAt(f, r); f, r = f+d.File, r+d.Rank {
				t.rayOf[i][j] = append(t.rayOf[i][j], int32(r*p.Cols+f))
			}
		}
	}
}

// rules intersects the ranges of the attack-count rules per piece.
func (t *tables) rules(m *model.Model) {
	all := model.Range{Min: 0, Max: model.Unbounded}
	meet := func(a, b model.Range) model.Range {
		return model.Range{Min: max(a.Min, b.Min), Max: min(a.Max, b.Max)}
	}
	t.squares = all
	for range t.defs {
		t.attacks = append(t.attacks, all)
		t.attackers = append(t.attackers, all)
	}
	for _, r := range m.Rules.Counts {
		if r.What == model.CountSquares {
			t.squares, t.hasSquares = meet(t.squares, r.Count), true
			continue
		}
		for d, pc := range t.defs {
			if !r.Applies(pc.Name) {
				continue
			}
			if r.What == model.CountAttacks {
				t.attacks[d] = meet(t.attacks[d], r.Count)
			} else {
				t.attackers[d] = meet(t.attackers[d], r.Count)
			}
		}
	}
}

// horizons finds, for each square, the last square from which any piece
// reaches it or that it reaches: once that one is decided, the counts of
// the square and of the pieces on it are final.
func (t *tables) horizons() {
	p := t.p
	t.closeAt = make([][]int32, t.n)
	for i := 0; i < t.n; i++ {
		last := i
		for _, d := range t.defs {
			reach := p.PieceGeometry(d).Weak.Row(i)
			for j := reach.First(); j >= 0; j = reach.Next(j + 1) {
				last = max(last, j)
			}
		}
		t.closeAt[last] = append(t.closeAt[last], int32(i))
	}
}

// capacity counts, per count rule, the allowed vertices from each square
// on.
func (t *tables) capacity() {
	p := t.p
	t.remaining = make([][]int, len(p.Rules))
	for r := range t.remaining {
		t.remaining[r] = make([]int, t.n+1)
	}
	for i := t.n - 1; i >= 0; i-- {
		for r := range t.remaining {
			t.remaining[r][i] = t.remaining[r][i+1]
		}
		for k := 0; k < t.k; k++ {
			if p.Allowed.Has(k*t.n + i) {
				t.remaining[p.RuleOf[k]][i]++
			}
		}
	}
}

// weightBound prepares the bound of the weight objective: per square, the
// scores (the weight times the sign) of the allowed vertices from it on,
// best first, as prefix sums.
func (t *tables) weightBound() {
	if t.p.Measure != model.MeasureWeight || t.sign == 0 {
		return
	}
	p := t.p
	t.topAll = make([]int64, t.n+1)
	var scores []int64
	for i := t.n - 1; i >= 0; i-- {
		t.topAll[i] = t.topAll[i+1]
		for k := 0; k < t.k; k++ {
			if s := t.sign * t.weight[i]; p.Allowed.Has(k*t.n+i) && s > 0 {
				t.topAll[i] += s
				scores = append(scores, s)
			}
		}
		if t.n > maxSortedBound {
			continue
		}
		if t.top == nil {
			t.top = make([][]int64, t.n+1)
			t.top[t.n] = []int64{0}
		}
		sorted := slices.Clone(scores)
		slices.SortFunc(sorted, func(a, b int64) int { return cmp.Compare(b, a) })
		sums := make([]int64, len(sorted)+1)
		for j, s := range sorted {
			sums[j+1] = sums[j] + s
		}
		t.top[i] = sums
	}
}

// bestScores is the most score that up to r more pieces can add on the
// squares from i on.
func (t *tables) bestScores(i, r int) int64 {
	if t.top == nil {
		return t.topAll[i]
	}
	sums := t.top[i]
	return sums[min(r, len(sums)-1)]
}

// noBound is the bound of a search that has none.
const noBound = math.MaxInt64
