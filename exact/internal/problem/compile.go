package problem

import (
	"fmt"
	"slices"
	"sync"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/model"
)

// maxStackCopies bounds the identical pieces the search lets stand on one
// square: each copy is a slot of its own (a kind of piece in the search).
// A place list that lets more than this many pieces of a kind stack (or, to
// minimise pieces, asks for more) is refused with model.ErrUnsupported,
// never answered with the copies cut off.
const maxStackCopies = 64

// maxSearchSquares bounds the boards the general searches accept: their
// attack sets are bitsets of the whole board, one per (piece, square).
const maxSearchSquares = 4096

// A PieceGeometry is a piece's reach from every square of a board, with lines
// cut at walls, squares off the board and the edge (but not at pieces, which
// a search adds as it goes). The reach as a set is built with the problem;
// the lists of squares, which only some searches read, when first asked for.
type PieceGeometry struct {
	Name  string
	Piece *model.Piece
	p     *Problem
	Weak  bitset.Rows // per square: every square of leaps and rays (weak attack)
	// Back is, per square, the squares from which the piece reaches it: Weak
	// itself when attack is symmetric, its transpose for a one-sided piece
	// (wrap.go).
	Back bitset.Rows

	lists sync.Once
	leaps [][]int32   // per square: the open squares a leap lands on
	rays  [][][]int32 // per square, per ride direction: the open squares along it, nearest first
}

// LeapsAt is the open squares a leap from square s lands on.
func (g *PieceGeometry) LeapsAt(s int) []int32 {
	g.lists.Do(g.buildLists)
	return g.leaps[s]
}

// RaysAt is, per ride direction, the open squares along it from square s,
// nearest first.
func (g *PieceGeometry) RaysAt(s int) [][]int32 {
	g.lists.Do(g.buildLists)
	return g.rays[s]
}

// A Problem is a placement model compiled to integers. Squares are numbered
// rank by rank from a1 (model.Board.Index); a vertex is a (kind, square)
// pair numbered kind*squares + square.
//
// What the searches need of the model is here as plain fields; dispatch
// and the searches read those, except for group models and wrapped
// boards: the armies search, the group symmetries (groups.go) and the
// geometry of a wrapped board (wrap.go) still read Model; so does the
// compiler's Symmetries, when first asked, for the board's symmetries.
type Problem struct {
	Model               *model.Model // for groups, wrapped boards and Symmetries only (see above)
	Rows, Cols, Squares int
	Open                bitset.Set // on the board and not a fixed wall
	Dark                bitset.Set
	FixedWalls          int

	Kinds       []*PieceGeometry // per slot: the pieces of the place list, in order of first mention
	Rules       []CountRule      // per kind of piece
	RuleOf      []int            // per slot: its kind of piece
	CopyOf      []int            // per slot: which of the identical pieces on one square it is
	StackCopies bool             // some kind has more than one slot
	Vertices    int
	Allowed     bitset.Set // vertices the board, colour rules and fixed pieces leave possible
	MinTotal    int        // least pieces the place list asks for
	MaxTotal    int        // most pieces it allows (capped at the vertices)

	Fixed        []FixedPiece
	FixedSquares bitset.Set
	Geometry     map[string]*PieceGeometry // every piece named by the place list or a fixed piece

	Independent, Stack, Strong bool // the rules: independence, stacking, strong attack
	Sense                      model.Optimize
	Measure                    model.Measure // the objective's
	Cover                      bool          // a cover rule:
	CoverWhat                  model.Measure //   attacked or dominated squares,
	CoverAtLeast               int           //   at least this many (0: every open square)
	FreeWalls                  bool          // walls are decision variables:
	WallsMin, WallsMax         int           //   this many of them

	// The place list entry by entry (place.go), for the techniques that
	// group pieces by name and colour (folding).
	Place []PlaceEntry

	// Plain is false on a wrapped board or with a one-sided piece
	// (model.Model.Plain): lines may wrap, cross themselves and reach a
	// square two ways, and attack may go one way. Geometry then comes from
	// the board's own walk (wrap.go) and only the techniques that read
	// nothing but Weak, Back, LeapsAt and RaysAt take the problem.
	Plain bool

	groupOnce sync.Once
	group     [][]int32 // the symmetries as permutations of squares, identity excluded

	// Armies: in a group model a kind of piece is a (piece,
	// group) pair; GroupOf is its group, an index into Model.Army.Groups.
	// slotPerm is, beside group, each symmetry's permutation of the slots
	// (nil: none moved): swapping alike groups (groups.go).
	GroupOf  []int
	slotPerm [][]int32
	Grouped  bool // a group model: only the armies search reads groups
	Counted  bool // attack counts or square weights: only the counts search reads them
}

// Owned reports whether the model has a construct that only its own
// technique reads (groups: armies; attack counts and weights: counts), so
// that every other technique must say it does not fit.
func (p *Problem) Owned() bool { return p.Grouped || p.Counted }

// NeedsCoverage reports whether attacked squares matter: a cover rule or
// an objective on attacked or dominated squares.
func (p *Problem) NeedsCoverage() bool {
	return p.Cover || p.Measure == model.MeasureAttacked || p.Measure == model.MeasureDominated
}

// CoverMeasure is what the search covers: the rule's measure when there is
// a cover rule (an objective on another measure is weighed separately),
// otherwise the objective's.
func (p *Problem) CoverMeasure() model.Measure {
	if p.Cover {
		return p.CoverWhat
	}
	return p.Measure
}

// Symmetries returns the model's symmetry group (identity excluded) as
// permutations of squares, computed when first asked for: only counts of
// classes need it.
func (p *Problem) Symmetries() [][]int32 {
	p.groupOnce.Do(func() {
		if p.Grouped {
			p.groupSymmetries()
			return
		}
		for _, t := range p.Model.Symmetries() { // read when first asked (see compileRules)
			if t == (model.Transform{}) {
				continue
			}
			perm := make([]int32, p.Squares)
			for i := range perm {
				sq := t.Apply(p.Square(i), p.Rows, p.Cols)
				perm[i] = int32(sq.Rank*p.Cols + sq.File)
			}
			p.group = append(p.group, perm)
		}
	})
	return p.group
}

// Square is the square numbered i.
func (p *Problem) Square(i int) model.Square { return model.Square{File: i % p.Cols, Rank: i / p.Cols} }

type FixedPiece struct {
	Geometry *PieceGeometry
	Square   int
}

// Compile builds the problem under the default memory bound; it fails on
// boards too large to search.
func Compile(m *model.Model) (*Problem, error) { return CompileWithin(m, 0) }

// CompileWithin builds the problem when its estimated size is within
// maxMemory bytes (model.Options.MaxMemory: 0 for the default, negative for
// no bound); it fails on boards too large to search.
func CompileWithin(m *model.Model, maxMemory int64) (*Problem, error) {
	b := m.Board
	if b.Size() > maxSearchSquares {
		return nil, fmt.Errorf("exact: the %s board has %d squares, more than the %d the general search handles (only empty-board n-queens and n-rooks have fast paths): %w",
			b.Dims(), b.Size(), maxSearchSquares, model.ErrUnsupported)
	}
	if err := checkCost(m, maxMemory); err != nil {
		return nil, err
	}
	p := &Problem{Model: m, Grouped: m.HasGroups(), Counted: m.HasCounts(), Rows: b.Rows, Cols: b.Cols, Squares: b.Size(), Geometry: map[string]*PieceGeometry{}}
	p.compileRules(m)
	p.compilePlace(m)
	p.compileSquares(m)
	if err := p.compileSlots(m); err != nil {
		return nil, err
	}
	if err := p.compileFixed(m); err != nil {
		return nil, err
	}
	p.compileAllowed()
	return p, nil
}

// compileRules copies what the searches need of the rules, the objective
// and the free walls.
func (p *Problem) compileRules(m *model.Model) {
	p.Independent, p.Stack, p.Strong = m.Rules.Independent, m.Rules.Stack, m.Rules.Attack == model.Strong
	p.Plain = m.Plain()
	p.Sense, p.Measure = m.Objective.Sense, m.Objective.Measure
	if c := m.Rules.Cover; c != nil {
		p.Cover, p.CoverWhat, p.CoverAtLeast = true, c.What, c.AtLeast
	}
	if fw := m.FreeWalls; fw != nil {
		p.FreeWalls, p.WallsMin, p.WallsMax = true, fw.Min, fw.Max
	}
	// The model's symmetries are not found here: that looks at every
	// square, and a solve that never asks for them (most do not) should
	// not pay for it; Symmetries finds them from Model when first asked.
}

// compileSquares marks the open and the dark squares.
func (p *Problem) compileSquares(m *model.Model) {
	b := m.Board
	p.Open = bitset.New(p.Squares)
	p.Dark = bitset.New(p.Squares)
	for i := 0; i < p.Squares; i++ {
		p.Open.Set(i)
		if b.Square(i).Dark() {
			p.Dark.Set(i)
		}
	}
	b.Closed(func(s model.Square, _ model.Cell) { p.Open.Clear(b.Index(s)) })
	p.FixedWalls = b.WallCount()
}

// compileSlots folds the place list into count rules, one per kind of
// piece, and gives each kind its slots. When pieces stack, identical
// pieces may share a square, so a kind has one slot per piece of it that
// could stand on one square (the i-th slot on a square is used only with
// the one before it, which keeps identical pieces interchangeable).
func (p *Problem) compileSlots(m *model.Model) error {
	ruleIndex := map[[2]string]int{}
	var pieces []*model.Piece
	for _, e := range m.Place {
		r, ok := ruleIndex[[2]string{e.Piece.Name, e.Group}]
		if !ok {
			r = len(p.Rules)
			ruleIndex[[2]string{e.Piece.Name, e.Group}] = r
			p.Rules = append(p.Rules, CountRule{})
			p.GroupOf = append(p.GroupOf, max(0, m.GroupIndex(e.Group)))
			pieces = append(pieces, e.Piece)
		}
		p.Rules[r].addEntry(e)
	}
	for r, pc := range pieces {
		copies, err := stackCopies(m, p.Rules[r], pc)
		if err != nil {
			return err
		}
		for c := 0; c < copies; c++ {
			p.Kinds = append(p.Kinds, p.PieceGeometry(pc))
			p.RuleOf = append(p.RuleOf, r)
			p.CopyOf = append(p.CopyOf, c)
		}
		p.StackCopies = p.StackCopies || copies > 1
	}
	return nil
}

// compileFixed places the fixed pieces.
func (p *Problem) compileFixed(m *model.Model) error {
	p.FixedSquares = bitset.New(p.Squares)
	for _, f := range m.Fixed {
		pc := m.Pieces[f.Piece]
		if pc == nil {
			return fmt.Errorf("exact: fixed piece %q on %v is not defined", f.Piece, f.Square)
		}
		i := m.Board.Index(f.Square)
		p.Fixed = append(p.Fixed, FixedPiece{Geometry: p.PieceGeometry(pc), Square: i})
		p.FixedSquares.Set(i)
	}
	return nil
}

// compileAllowed lists the vertices the board, the colour rules and the
// fixed pieces leave possible, and the bounds on the pieces placed.
func (p *Problem) compileAllowed() {
	p.Vertices = len(p.Kinds) * p.Squares
	p.Allowed = bitset.New(p.Vertices)
	for k := range p.Kinds {
		r := p.Rules[p.RuleOf[k]]
		for i := 0; i < p.Squares; i++ {
			if !p.Open.Has(i) || (p.FixedSquares.Has(i) && !p.Stack) {
				continue
			}
			if p.Dark.Has(i) && !r.AllowsDark() || !p.Dark.Has(i) && !r.AllowsLight() {
				continue
			}
			if p.Independent && p.conflictsWithFixed(k, i) {
				continue
			}
			p.Allowed.Set(k*p.Squares + i)
		}
	}
	for _, r := range p.Rules {
		p.MinTotal += r.least()
		p.MaxTotal = capped(p.MaxTotal + r.Most())
	}
	p.MaxTotal = min(p.MaxTotal, p.Allowed.Count())
}

// stackCopies is the number of identical pieces of one kind that may share
// a square: 1 without stack, the most the place list allows with it.
func stackCopies(m *model.Model, r CountRule, pc *model.Piece) (int, error) {
	if !m.Rules.Stack {
		return 1, nil
	}
	copies := r.Most()
	if copies == model.Unbounded {
		if m.Objective.Sense != model.Minimize || m.Objective.Measure != model.MeasurePieces {
			return 0, fmt.Errorf("exact: pieces stack and the place list has no upper count for %s, so identical pieces could pile up on one square without end; give it a maximum (like 0..8 %s): %w",
				pc.Name, pc.Name, model.ErrUnsupported)
		}
		// a piece on a square that holds its twin changes nothing but the
		// count: a least placement stacks no more than the minimum
		copies = r.least()
	}
	if copies > maxStackCopies {
		return 0, fmt.Errorf("exact: pieces stack and up to %d %s could share one square, more than the %d copies the search represents: %w",
			copies, pc.Name, maxStackCopies, model.ErrUnsupported)
	}
	return max(1, copies), nil
}

// PieceGeometry computes (once per piece) the reach of a piece from every
// square as a set.
func (p *Problem) PieceGeometry(pc *model.Piece) *PieceGeometry {
	if g := p.Geometry[pc.Name]; g != nil {
		return g
	}
	g := &PieceGeometry{Name: pc.Name, Piece: pc, p: p, Weak: bitset.NewRows(p.Squares, p.Squares)}
	switch {
	case !p.Plain:
		p.lineReach(pc, g.Weak)
	case g.Weak.Words == 1: // by whole words (rays.go)
		wordReach(p.Rows, p.Cols, p.Open[0], pc, g.Weak.Store)
	default:
		p.WalkReach(pc, g.Weak)
	}
	g.Back = g.Weak
	if !p.Plain {
		g.Back = transposeRows(g.Weak, p.Squares)
	}
	p.Geometry[pc.Name] = g
	return g
}

// WalkReach fills weak[i] with what pc reaches from every open square,
// walking each ray square by square: any board size.
func (p *Problem) WalkReach(pc *model.Piece, weak bitset.Rows) {
	cols := p.Cols
	for i := 0; i < p.Squares; i++ {
		w := weak.Row(i)
		if !p.Open.Has(i) {
			continue
		}
		f0, r0 := i%cols, i/cols
		for _, v := range pc.Leaps {
			if f, r := f0+v.File, r0+v.Rank; p.OpenAt(f, r) {
				w.Set(r*cols + f)
			}
		}
		for _, d := range pc.Rides {
			step := d.Rank*cols + d.File
			for j, k := i+step, p.stepsInside(f0, r0, d); k > 0 && p.Open.Has(j); j, k = j+step, k-1 {
				w.Set(j)
			}
		}
	}
}

// buildLists lists, for every square, the squares of each leap and of each
// ride direction.
func (g *PieceGeometry) buildLists() {
	p, pc := g.p, g.Piece
	if !p.Plain {
		g.buildLineLists()
		return
	}
	rows, cols := p.Rows, p.Cols
	g.leaps = make([][]int32, p.Squares)
	g.rays = make([][][]int32, p.Squares)
	// one backing array for all the square lists of the piece
	// (a ride direction reaches at most squares*(side-1)/2 squares in all)
	backing := make([]int32, 0, p.Squares*len(pc.Leaps)+p.Squares*len(pc.Rides)*(max(rows, cols)-1)/2+1)
	rayHeads := make([][]int32, 0, p.Squares*len(pc.Rides))
	for i := 0; i < p.Squares; i++ {
		if !p.Open.Has(i) {
			continue
		}
		f0, r0 := i%cols, i/cols
		from := len(backing)
		for _, v := range pc.Leaps {
			if f, r := f0+v.File, r0+v.Rank; p.OpenAt(f, r) {
				backing = append(backing, int32(r*cols+f))
			}
		}
		g.leaps[i] = backing[from:len(backing):len(backing)]
		heads := len(rayHeads)
		for _, d := range pc.Rides {
			from := len(backing)
			for f, r := f0+d.File, r0+d.Rank; p.OpenAt(f, r); f, r = f+d.File, r+d.Rank {
				backing = append(backing, int32(r*cols+f))
			}
			rayHeads = append(rayHeads, backing[from:len(backing):len(backing)])
		}
		g.rays[i] = rayHeads[heads:len(rayHeads):len(rayHeads)]
	}
}

// conflictsWithFixed reports whether a piece of kind k on square i would
// attack a fixed piece or be attacked by one, along lines cut by walls only.
// Under independence that is exact whatever the attack mode: a fixed piece
// between two others is itself attacked.
func (p *Problem) conflictsWithFixed(k, i int) bool {
	for _, f := range p.Fixed {
		if f.Square == i {
			continue // pieces sharing a square (stack) do not attack each other
		}
		if p.Kinds[k].Weak.Row(i).Has(f.Square) || f.Geometry.Weak.Row(f.Square).Has(i) {
			return true
		}
	}
	return false
}

// FixedConflict reports whether two fixed pieces attack each other, which
// makes an independent model infeasible.
func (p *Problem) FixedConflict() bool {
	for a, f := range p.Fixed {
		for _, g := range p.Fixed[a+1:] {
			if f.Square != g.Square && (f.Geometry.Weak.Row(f.Square).Has(g.Square) || g.Geometry.Weak.Row(g.Square).Has(f.Square)) {
				return true
			}
		}
	}
	return false
}

// stepsInside is how many steps of d from file f, rank r stay on the
// rectangle.
func (p *Problem) stepsInside(f, r int, d model.Vector) int {
	n := p.Squares // more than any line
	bound := func(x, dx, size int) {
		switch {
		case dx > 0:
			n = min(n, (size-1-x)/dx)
		case dx < 0:
			n = min(n, x/-dx)
		}
	}
	bound(f, d.File, p.Cols)
	bound(r, d.Rank, p.Rows)
	return n
}

// OpenAt reports whether the square on file f, rank r is open.
func (p *Problem) OpenAt(f, r int) bool {
	return f >= 0 && f < p.Cols && r >= 0 && r < p.Rows && p.Open.Has(r*p.Cols+f)
}

// CopiesInOrder reports whether each identical piece stacked on a square
// comes with the ones before it: the form in which a placement is counted.
func (p *Problem) CopiesInOrder(vertices []int32) bool {
	if !p.StackCopies {
		return true
	}
	n := int32(p.Squares)
	for _, v := range vertices {
		if p.CopyOf[v/n] > 0 && !slices.Contains(vertices, v-n) {
			return false
		}
	}
	return true
}

func (p *Problem) KindOf(v int) int   { return v / p.Squares }
func (p *Problem) SquareOf(v int) int { return v % p.Squares }

// Solution turns vertices and free walls into a normalised model solution.
func (p *Problem) Solution(vertices []int32, walls []int32) model.Solution {
	s := model.Solution{Pieces: make([]model.Placed, 0, len(vertices))}
	for _, v := range vertices {
		k := p.KindOf(int(v))
		s.Pieces = append(s.Pieces, model.Placed{Piece: p.Kinds[k].Name, Square: p.Square(p.SquareOf(int(v))), Group: p.GroupName(k)})
	}
	for _, w := range walls {
		s.Walls = append(s.Walls, p.Square(int(w)))
	}
	s.Normalize()
	return s
}
