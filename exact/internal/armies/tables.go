package armies

import (
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// Tables are what every search of one model shares: per slot its group,
// count rule and first squares, and per piece the squares a piece takes
// from the others (forward: those it attacks; reverse: those it is
// attacked from).
type Tables struct {
	p      *problem.Problem
	n      int // squares
	slots  int
	groups int
	group  []int // per slot
	forbid [][]bool
	equal  bool
	start  []bitset.Set  // per slot: the squares the board and colour rules allow
	fwd    []bitset.Rows // per slot: squares attacked from each square
	rev    []bitset.Rows // per slot: squares from which it attacks each square
	// strong: lines may be blocked by a later piece (see the package doc);
	// back lists, per square, the rays towards lower indices.
	strong bool
	back   [][][]int32
	dirs   []model.Vector // per ray of back: its direction (towards lower indices)
	rides  [][]bool       // per slot, per direction of dirs: rides it (towards lower indices)
	ridesR [][]bool       // per slot, per direction of dirs: rides its opposite
	// leads: per slot, whether its group is the least of those the
	// model's pure group swaps (symmetries that move no square) map it to:
	// an optimum has an image whose first piece is of such a group.
	leads []bool
}

// newTables builds the tables of a compiled group model.
func newTables(p *problem.Problem) (*Tables, error) {
	m := p.Model
	switch {
	case p.FreeWalls:
		return nil, fmt.Errorf("exact: free walls in a model with groups: %w", model.ErrUnsupported)
	case p.NeedsCoverage() || p.Measure == model.MeasureWalls:
		return nil, fmt.Errorf("exact: cover rules and objectives other than pieces in a model with groups: %w", model.ErrUnsupported)
	case p.StackCopies || len(p.Fixed) > 0:
		return nil, fmt.Errorf("exact: stacking or fixed pieces in a model with groups: %w", model.ErrUnsupported)
	}
	t := &Tables{p: p, n: p.Squares, slots: len(p.Kinds), groups: len(m.Army.Groups), equal: m.Army.EqualGroups}
	t.strong = p.Strong && !m.StrongIsWeak()
	t.forbid = make([][]bool, t.groups)
	for g := range t.forbid {
		t.forbid[g] = make([]bool, t.groups)
		for h := range t.forbid[g] {
			t.forbid[g][h] = m.Forbids(g, h)
		}
	}
	for k := range p.Kinds {
		t.group = append(t.group, p.GroupOf[p.RuleOf[k]])
		start := bitset.New(t.n)
		for s := 0; s < t.n; s++ {
			if p.Allowed.Has(k*t.n + s) {
				start.Set(s)
			}
		}
		t.start = append(t.start, start)
	}
	t.leaders()
	t.reach()
	if t.strong {
		t.lines()
	}
	return t, nil
}

// reach fills fwd and rev: the whole reach under weak attack (or when
// strong and weak agree), otherwise only what no piece can block.
func (t *Tables) reach() {
	cache := map[*problem.PieceGeometry][2]bitset.Rows{}
	for k := range t.p.Kinds {
		g := t.p.Kinds[k]
		if c, ok := cache[g]; ok {
			t.fwd, t.rev = append(t.fwd, c[0]), append(t.rev, c[1])
			continue
		}
		fwd := g.Weak
		if t.strong {
			fwd = bitset.NewRows(t.n, t.n)
			for s := 0; s < t.n; s++ {
				if !t.p.Open.Has(s) {
					continue
				}
				row := fwd.Row(s)
				for _, v := range g.LeapsAt(s) {
					row.Set(int(v))
				}
				for _, ray := range g.RaysAt(s) {
					if len(ray) > 0 {
						row.Set(int(ray[0]))
					}
				}
			}
		}
		rev := bitset.NewRows(t.n, t.n)
		for s := 0; s < t.n; s++ {
			row := fwd.Row(s)
			for v := row.First(); v >= 0; v = row.Next(v + 1) {
				rev.Row(v).Set(s)
			}
		}
		cache[g] = [2]bitset.Rows{fwd, rev}
		t.fwd, t.rev = append(t.fwd, fwd), append(t.rev, rev)
	}
}

// lines lists, for the strong search, every ray towards lower indices of
// every direction some piece rides, and which slots ride it each way.
func (t *Tables) lines() {
	seen := map[model.Vector]bool{}
	for _, g := range t.p.Kinds {
		for _, d := range g.Piece.Rides {
			if d.Rank < 0 || d.Rank == 0 && d.File < 0 { // towards lower indices
				if !seen[d] {
					seen[d] = true
					t.dirs = append(t.dirs, d)
				}
			}
		}
	}
	t.rides = make([][]bool, t.slots)
	t.ridesR = make([][]bool, t.slots)
	for k, g := range t.p.Kinds {
		for _, d := range t.dirs {
			t.rides[k] = append(t.rides[k], hasVector(g.Piece.Rides, d))
			t.ridesR[k] = append(t.ridesR[k], hasVector(g.Piece.Rides, model.Vector{File: -d.File, Rank: -d.Rank}))
		}
	}
	p := t.p
	t.back = make([][][]int32, t.n)
	for s := 0; s < t.n; s++ {
		if !p.Open.Has(s) {
			continue
		}
		f0, r0 := s%p.Cols, s/p.Cols
		for _, d := range t.dirs {
			var ray []int32
			for f, r := f0+d.File, r0+d.Rank; p.OpenAt(f, r); f, r = f+d.File, r+d.Rank {
				ray = append(ray, int32(r*p.Cols+f))
			}
			t.back[s] = append(t.back[s], ray)
		}
	}
}

// leaders fills leads from the symmetries that only swap groups.
func (t *Tables) leaders() {
	least := make([]bool, t.groups)
	for g := range least {
		least[g] = true
	}
	for _, sym := range t.p.Model.FullSymmetries() {
		if sym.Transform != (model.Transform{}) || sym.Groups == nil {
			continue
		}
		for g, h := range sym.Groups {
			if h < g {
				least[g] = false
			}
		}
	}
	for k := range t.group {
		t.leads = append(t.leads, least[t.group[k]])
	}
}

func hasVector(list []model.Vector, v model.Vector) bool {
	for _, w := range list {
		if w == v {
			return true
		}
	}
	return false
}
