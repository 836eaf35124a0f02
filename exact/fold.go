package exact

import (
	"math/bits"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// Coverage by search-space folding (Robison, Hafner and Skiena, "Eight
// pieces cannot cover a chess board", 1989), made general.
//
// Every piece to place is an axis of the search space whose coordinates are
// the squares it may stand on; a placement is a point. Weak attack (lines
// stopped only by walls and the edge) distributes over unions and only
// grows as pieces are added, so the weak attacks of all the points of a box
// of the space — one set of squares per axis — are bounded by the union of
// the weak attacks of the axes' sets. When that union leaves more squares
// safe than the target allows, no point of the box can meet it. Each axis
// is a binary tree of square sets (foldtree.go); the search starts from
// the box of the whole space and splits ("unfolds") one axis at a time
// (foldsearch.go). Identical pieces are kept in increasing order by
// clipping the boxes that lie outside that order; the points that survive
// are judged by strong attack, which never exceeds weak. The runs — the
// targets of an objective, the model's symmetry on the first axis, both
// cores — are in foldrun.go.

// maxFoldAxes bounds the pieces a folding search places.
const maxFoldAxes = 64

// A foldGroup is a set of identical pieces: one name, one colour rule.
type foldGroup struct {
	piece  *model.Piece
	colour model.Colour
	count  int
	minOpt bool // the count is the least that works ("min queen")
}

// A foldPlan is a model that folding fits: what every axis holds and what
// the search measures.
type foldPlan struct {
	p        *problem.Problem
	groups   []foldGroup
	strong   bool
	dominate bool
	stack    bool
	open     bitset.Set
	base     bitset.Set // what the fixed pieces weakly attack (and, for dominated, occupy)
	trees    []*foldTree
	minGroup int // the group whose count is minimised, or -1
	ruleGoal int // the squares a cover rule asks for (0: no rule)
}

// foldFits reports whether the model has the structure folding needs, and
// its groups: every count fixed (or, for the fewest pieces that cover, one
// entry "min"); coverage by a rule or a maximised attacked/dominated
// measure; no independence and no free walls, which break the product
// structure of the space; and for each piece name either one colour-free
// group or colour-bound ones only, so that a placement has one reading as a
// point (up to the order of identical pieces).
func foldFits(m *model.Model) ([]foldGroup, bool) {
	if m.Kind != model.KindPlace || m.FreeWalls != nil || m.Rules.Independent || len(m.Place) == 0 {
		return nil, false
	}
	obj := m.Objective
	cover := m.Rules.Cover
	switch {
	case obj.Sense == model.Fixed:
		if cover == nil {
			return nil, false
		}
	case obj.Sense == model.Maximize && (obj.Measure == model.MeasureAttacked || obj.Measure == model.MeasureDominated):
		if cover != nil && cover.What != obj.Measure {
			return nil, false
		}
	case obj.Sense == model.Minimize && obj.Measure == model.MeasurePieces:
		if cover == nil {
			return nil, false
		}
	case obj.Sense == model.Minimize && (obj.Measure == model.MeasureAttacked || obj.Measure == model.MeasureDominated):
		if cover != nil {
			return nil, false // the fewest squares is solved by branch and bound (fewest.go)
		}
	default:
		return nil, false
	}
	var groups []foldGroup
	mins := 0
	for _, e := range m.Place {
		g := foldGroup{piece: e.Piece, colour: e.Colour}
		switch {
		case e.Opt == model.Minimize:
			g.minOpt = true
			mins++
		case e.Opt == model.Fixed && e.Count.Min == e.Count.Max:
			g.count = e.Count.Min
		default:
			return nil, false
		}
		i := slices.IndexFunc(groups, func(o foldGroup) bool { return o.piece.Name == g.piece.Name && o.colour == g.colour })
		if i < 0 {
			groups = append(groups, g)
			continue
		}
		if groups[i].minOpt || g.minOpt {
			return nil, false
		}
		groups[i].count += g.count
	}
	if mins > 1 || (mins == 1) != (obj.Sense == model.Minimize && obj.Measure == model.MeasurePieces) {
		return nil, false
	}
	for i, g := range groups {
		for _, o := range groups[i+1:] {
			if o.piece.Name == g.piece.Name && (o.colour == model.AnyColour || g.colour == model.AnyColour) {
				return nil, false
			}
		}
	}
	total := 0
	for _, g := range groups {
		total += g.count
	}
	if total > maxFoldAxes {
		return nil, false
	}
	return groups, true
}

// newFoldPlan builds the axis trees of a compiled problem whose model
// foldFits; the group being minimised, if any, gets count copies later.
func newFoldPlan(p *problem.Problem, groups []foldGroup) *foldPlan {
	m := p.Model
	f := &foldPlan{p: p, groups: groups, minGroup: -1,
		strong:   m.Rules.Attack == model.Strong,
		dominate: problem.CoverMeasure(m) == model.MeasureDominated,
		stack:    m.Rules.Stack,
		open:     p.Open,
		base:     bitset.New(p.Squares),
	}
	if m.Rules.Cover != nil {
		f.ruleGoal = m.Rules.Cover.AtLeast
		if f.ruleGoal == 0 {
			f.ruleGoal = p.Open.Count()
		}
	}
	for _, fp := range p.Fixed {
		f.base.Or(fp.Geometry.Weak.Row(fp.Square))
		if f.dominate {
			f.base.Set(fp.Square)
		}
	}
	f.base.And(f.open)
	for gi, g := range groups {
		if g.minOpt {
			f.minGroup = gi
		}
		f.trees = append(f.trees, f.buildTree(p.PieceGeometry(g.piece), f.squaresOf(g)))
	}
	return f
}

// squaresOf lists the squares a piece of group g may stand on.
func (f *foldPlan) squaresOf(g foldGroup) []int32 {
	p := f.p
	var out []int32
	for i := 0; i < p.Squares; i++ {
		if !p.Open.Has(i) || (p.FixedSquares.Has(i) && !f.stack) || !g.colour.Allows(p.Model.Board.Square(i)) {
			continue
		}
		out = append(out, int32(i))
	}
	return out
}

// A foldAxes is the list of axes of one search: per axis its group and
// tree, identical pieces next to each other.
type foldAxes struct {
	group []int       // per axis
	tree  []*foldTree // per axis
	first []bool      // per axis: the first of its group (no clipping against the one before)
}

// axes lays out the axes for the groups' counts (with count pieces of the
// minimised group).
func (f *foldPlan) axes(minCount int) foldAxes {
	var a foldAxes
	for gi, g := range f.groups {
		n := g.count
		if gi == f.minGroup {
			n = minCount
		}
		for i := 0; i < n; i++ {
			a.group = append(a.group, gi)
			a.tree = append(a.tree, f.trees[gi])
			a.first = append(a.first, i == 0)
		}
	}
	return a
}

// strongCover counts the open squares the pieces on squares (one per axis)
// and the fixed pieces attack (or dominate), with lines stopped at occupied
// squares under strong attack; scratch sets are given by the caller.
func (f *foldPlan) strongCover(ax foldAxes, squares []int32, occupied, out bitset.Set) int {
	p := f.p
	clear(out)
	occupied.CopyFrom(p.FixedSquares)
	for _, s := range squares {
		occupied.Set(int(s))
	}
	one := func(geo *problem.PieceGeometry, s int) {
		if !f.strong {
			out.Or(geo.Weak.Row(s))
			return
		}
		for _, t := range geo.LeapsAt(s) {
			out.Set(int(t))
		}
		for _, ray := range geo.RaysAt(s) {
			for _, t := range ray {
				out.Set(int(t))
				if occupied.Has(int(t)) {
					break
				}
			}
		}
	}
	for _, fp := range p.Fixed {
		one(fp.Geometry, fp.Square)
	}
	for a, s := range squares {
		one(f.p.Geometry[f.groups[ax.group[a]].piece.Name], int(s))
	}
	if f.dominate {
		out.Or(occupied)
	}
	return out.CountAnd(f.open)
}

// weakCount is the number of open squares in a union of weak attacks.
func weakCount(u, open bitset.Set) int {
	n := 0
	for i, w := range u {
		n += bits.OnesCount64(w & open[i])
	}
	return n
}

// solution turns the squares of a point into a model solution.
func (f *foldPlan) solution(ax foldAxes, squares []int32) model.Solution {
	b := f.p.Model.Board
	var s model.Solution
	for a, sq := range squares {
		s.Pieces = append(s.Pieces, model.Placed{Piece: f.groups[ax.group[a]].piece.Name, Square: b.Square(int(sq))})
	}
	s.Normalize()
	return s
}
