package fold

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
// is a binary tree of square sets (tree.go); the search starts from
// the box of the whole space and splits ("unfolds") one axis at a time
// (search.go). Identical pieces are kept in increasing order by
// clipping the boxes that lie outside that order; the points that survive
// are judged by strong attack, which never exceeds weak. The runs — the
// targets of an objective, the model's symmetry on the first axis, both
// cores — are in solve.go.

// MaxAxes bounds the pieces a folding search places.
const MaxAxes = 64

// A Group is a set of identical pieces: one name, one colour rule.
type Group struct {
	Piece  *model.Piece
	colour model.Colour
	count  int
	MinOpt bool // the count is the least that works ("min queen")
}

// A Plan is a model that folding fits: what every axis holds and what
// the search measures.
type Plan struct {
	Problem  *problem.Problem
	Groups   []Group
	Strong   bool
	Dominate bool
	Stack    bool
	Open     bitset.Set
	base     bitset.Set // what the fixed pieces weakly attack (and, for dominated, occupy)
	trees    []*foldTree
	minGroup int   // the group whose count is minimised, or -1
	ruleGoal int   // the squares a cover rule asks for (0: no rule)
	kindOf   []int // per group: the problem's first slot of its piece
}

// Fits reports whether the compiled model has the structure folding needs, and
// its groups: every count fixed (or, for the fewest pieces that cover, one
// entry "min"); coverage by a rule or a maximised attacked/dominated
// measure; no independence and no free walls, which break the product
// structure of the space; and for each piece name either one colour-free
// group or colour-bound ones only, so that a placement has one reading as a
// point (up to the order of identical pieces).
func Fits(p *problem.Problem) ([]Group, bool) {
	if !p.Plain || p.FreeWalls || p.Independent || p.Owned() || len(p.Place) == 0 {
		return nil, false
	}
	if !objectiveFits(p) {
		return nil, false
	}
	groups, mins, ok := groupsOf(p)
	fewest := p.Sense == model.Minimize && p.Measure == model.MeasurePieces
	if !ok || mins > 1 || (mins == 1) != fewest || !oneReading(groups) {
		return nil, false
	}
	total := 0
	for _, g := range groups {
		total += g.count
	}
	if total > MaxAxes {
		return nil, false
	}
	return groups, true
}

// objectiveFits reports whether the objective and the cover rule ask for
// coverage folding measures: a cover rule with a fixed count or the
// fewest pieces, or the most (or, without a rule, the fewest) squares
// attacked or dominated.
func objectiveFits(p *problem.Problem) bool {
	coverage := p.Measure == model.MeasureAttacked || p.Measure == model.MeasureDominated
	switch {
	case p.Sense == model.Fixed:
		return p.Cover
	case p.Sense == model.Maximize && coverage:
		return !p.Cover || p.CoverWhat == p.Measure
	case p.Sense == model.Minimize && p.Measure == model.MeasurePieces:
		return p.Cover
	case p.Sense == model.Minimize && coverage:
		return !p.Cover // with a rule, the fewest squares is solved by branch and bound (package fewestsquares)
	}
	return false
}

// groupsOf merges the model's entries into groups by piece name and
// colour, and counts the entries "min"; it reports false for a count that
// is neither fixed nor "min", or a "min" entry merged with another.
func groupsOf(p *problem.Problem) ([]Group, int, bool) {
	var groups []Group
	mins := 0
	for _, e := range p.Place {
		g := Group{Piece: e.Piece, colour: e.Colour}
		switch {
		case e.Opt == model.Minimize:
			g.MinOpt = true
			mins++
		case e.Opt == model.Fixed && e.Min == e.Max:
			g.count = e.Min
		default:
			return nil, 0, false
		}
		i := slices.IndexFunc(groups, func(o Group) bool { return o.Piece.Name == g.Piece.Name && o.colour == g.colour })
		if i < 0 {
			groups = append(groups, g)
			continue
		}
		if groups[i].MinOpt || g.MinOpt {
			return nil, 0, false
		}
		groups[i].count += g.count
	}
	return groups, mins, true
}

// oneReading reports whether a placement reads as one point: no piece
// name has both a colour-free group and another group.
func oneReading(groups []Group) bool {
	for i, g := range groups {
		for _, o := range groups[i+1:] {
			if o.Piece.Name == g.Piece.Name && (o.colour == model.AnyColour || g.colour == model.AnyColour) {
				return false
			}
		}
	}
	return true
}

// NewPlan builds the axis trees of a compiled problem whose model
// Fits; the group being minimised, if any, gets count copies later.
func NewPlan(p *problem.Problem, groups []Group) *Plan {
	f := &Plan{Problem: p, Groups: groups, minGroup: -1,
		Strong:   p.Strong,
		Dominate: p.CoverMeasure() == model.MeasureDominated,
		Stack:    p.Stack,
		Open:     p.Open,
		base:     bitset.New(p.Squares),
	}
	if p.Cover {
		f.ruleGoal = p.CoverAtLeast
		if f.ruleGoal == 0 {
			f.ruleGoal = p.Open.Count()
		}
	}
	for _, fp := range p.Fixed {
		f.base.Or(fp.Geometry.Weak.Row(fp.Square))
		if f.Dominate {
			f.base.Set(fp.Square)
		}
	}
	f.base.And(f.Open)
	for gi, g := range groups {
		if g.MinOpt {
			f.minGroup = gi
		}
		f.kindOf = append(f.kindOf, slices.IndexFunc(p.Kinds, func(k *problem.PieceGeometry) bool { return k.Name == g.Piece.Name }))
		f.trees = append(f.trees, f.buildTree(p.PieceGeometry(g.Piece), f.SquaresOf(g)))
	}
	return f
}

// SquaresOf lists the squares a piece of group g may stand on.
func (f *Plan) SquaresOf(g Group) []int32 {
	p := f.Problem
	var out []int32
	for i := 0; i < p.Squares; i++ {
		if !p.Open.Has(i) || (p.FixedSquares.Has(i) && !f.Stack) || !p.Allows(g.colour, i) {
			continue
		}
		out = append(out, int32(i))
	}
	return out
}

// A Axes is the list of axes of one search: per axis its group and
// tree, identical pieces next to each other.
type Axes struct {
	Group []int       // per axis
	tree  []*foldTree // per axis
	first []bool      // per axis: the first of its group (no clipping against the one before)
}

// Axes lays out the axes for the groups' counts (with count pieces of the
// minimised group).
func (f *Plan) Axes(minCount int) Axes {
	var a Axes
	for gi, g := range f.Groups {
		n := g.count
		if gi == f.minGroup {
			n = minCount
		}
		for i := 0; i < n; i++ {
			a.Group = append(a.Group, gi)
			a.tree = append(a.tree, f.trees[gi])
			a.first = append(a.first, i == 0)
		}
	}
	return a
}

// StrongCover counts the open squares the pieces on squares (one per axis)
// and the fixed pieces attack (or dominate), with lines stopped at occupied
// squares under strong attack; scratch sets are given by the caller.
func (f *Plan) StrongCover(ax Axes, squares []int32, occupied, out bitset.Set) int {
	p := f.Problem
	clear(out)
	occupied.CopyFrom(p.FixedSquares)
	for _, s := range squares {
		occupied.Set(int(s))
	}
	one := func(geo *problem.PieceGeometry, s int) {
		if !f.Strong {
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
		one(f.Problem.Geometry[f.Groups[ax.Group[a]].Piece.Name], int(s))
	}
	if f.Dominate {
		out.Or(occupied)
	}
	return out.CountAnd(f.Open)
}

// weakCount is the number of open squares in a union of weak attacks.
func weakCount(u, open bitset.Set) int {
	n := 0
	for i, w := range u {
		n += bits.OnesCount64(w & open[i])
	}
	return n
}

// Solution turns the squares of a point into a model solution.
func (f *Plan) Solution(ax Axes, squares []int32) model.Solution {
	var s model.Solution
	for a, sq := range squares {
		s.Pieces = append(s.Pieces, model.Placed{Piece: f.Groups[ax.Group[a]].Piece.Name, Square: f.Problem.Square(int(sq))})
	}
	s.Normalize()
	return s
}

// vertices turns the squares of a point into the problem's vertices (the
// first slot of each piece: a solution reads only its name and square).
func (f *Plan) vertices(ax Axes, squares []int32) []int32 {
	out := make([]int32, len(squares))
	for a, sq := range squares {
		out[a] = int32(f.kindOf[ax.Group[a]]*f.Problem.Squares) + sq
	}
	return out
}

// coverOfVertices is StrongCover of a placement given as vertices.
func (f *Plan) coverOfVertices(vertices []int32) int {
	p := f.Problem
	ax := Axes{Group: make([]int, len(vertices))}
	squares := make([]int32, len(vertices))
	for i, v := range vertices {
		name := p.Kinds[p.KindOf(int(v))].Name
		ax.Group[i] = slices.IndexFunc(f.Groups, func(g Group) bool { return g.Piece.Name == name })
		squares[i] = int32(p.SquareOf(int(v)))
	}
	return f.StrongCover(ax, squares, bitset.New(p.Squares), bitset.New(p.Squares))
}

// Order lists the squares axis i may take by leaf number: the order in
// which a search placing one axis after another tries them.
func (a Axes) Order(i int) []int32 {
	t := a.tree[i]
	out := make([]int32, len(t.leaves))
	for pos, leaf := range t.leaves {
		out[pos] = t.square[leaf]
	}
	return out
}

// LeafNumber is the place of square sq in axis i's Order.
func (a Axes) LeafNumber(i int, sq int32) int32 {
	t := a.tree[i]
	return t.lo[t.leafOf[sq]]
}

// First reports whether axis i is the first of its group; the identical
// pieces after it take squares in increasing leaf number.
func (a Axes) First(i int) bool { return a.first[i] }
