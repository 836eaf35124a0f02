package exact

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

// A pieceGeometry is a piece's reach from every square of a board, with lines
// cut at walls, squares off the board and the edge (but not at pieces, which
// a search adds as it goes). The reach as a set is built with the problem;
// the lists of squares, which only some searches read, when first asked for.
type pieceGeometry struct {
	name  string
	piece *model.Piece
	p     *problem
	weak  bitset.Rows // per square: every square of leaps and rays (weak attack)

	lists sync.Once
	leaps [][]int32   // per square: the open squares a leap lands on
	rays  [][][]int32 // per square, per ride direction: the open squares along it, nearest first
}

// leapsAt is the open squares a leap from square s lands on.
func (g *pieceGeometry) leapsAt(s int) []int32 {
	g.lists.Do(g.buildLists)
	return g.leaps[s]
}

// raysAt is, per ride direction, the open squares along it from square s,
// nearest first.
func (g *pieceGeometry) raysAt(s int) [][]int32 {
	g.lists.Do(g.buildLists)
	return g.rays[s]
}

// A problem is a placement model compiled to integers. Squares are numbered
// rank by rank from a1 (model.Board.Index); a vertex is a (kind, square)
// pair numbered kind*squares + square.
type problem struct {
	m                   *model.Model
	rows, cols, squares int
	open                bitset.Set // on the board and not a fixed wall
	dark                bitset.Set
	fixedWalls          int

	kinds       []*pieceGeometry // per slot: the pieces of the place list, in order of first mention
	rules       []countRule      // per kind of piece
	ruleOf      []int            // per slot: its kind of piece
	copyOf      []int            // per slot: which of the identical pieces on one square it is
	stackCopies bool             // some kind has more than one slot
	vertices    int
	allowed     bitset.Set // vertices the board, colour rules and fixed pieces leave possible
	minTotal    int        // least pieces the place list asks for
	maxTotal    int        // most pieces it allows (capped at the vertices)

	fixed        []fixedPiece
	fixedSquares bitset.Set
	geometry     map[string]*pieceGeometry // every piece named by the place list or a fixed piece

	groupOnce sync.Once
	group     [][]int32 // the model's symmetries as permutations of squares, identity excluded
}

// symmetries returns the model's symmetry group (identity excluded) as
// permutations of squares, computed when first asked for: only counts of
// classes need it.
func (p *problem) symmetries() [][]int32 {
	p.groupOnce.Do(func() {
		b := p.m.Board
		for _, t := range p.m.Symmetries() {
			if t == (model.Transform{}) {
				continue
			}
			perm := make([]int32, p.squares)
			for i := range perm {
				perm[i] = int32(b.Index(t.Apply(b.Square(i), b.Rows, b.Cols)))
			}
			p.group = append(p.group, perm)
		}
	})
	return p.group
}

type fixedPiece struct {
	geo    *pieceGeometry
	square int
}

// compile builds the problem under the default memory bound; it fails on
// boards too large to search.
func compile(m *model.Model) (*problem, error) { return compileWithin(m, 0) }

// compileWithin builds the problem when its estimated size is within
// maxMemory bytes (model.Options.MaxMemory: 0 for the default, negative for
// no bound); it fails on boards too large to search.
func compileWithin(m *model.Model, maxMemory int64) (*problem, error) {
	b := m.Board
	if b.Size() > maxSearchSquares {
		return nil, fmt.Errorf("exact: the %s board has %d squares, more than the %d the general search handles (only empty-board n-queens and n-rooks have fast paths): %w",
			b.Dims(), b.Size(), maxSearchSquares, model.ErrUnsupported)
	}
	if err := checkCost(m, maxMemory); err != nil {
		return nil, err
	}
	p := &problem{m: m, rows: b.Rows, cols: b.Cols, squares: b.Size(), geometry: map[string]*pieceGeometry{}}
	p.open = bitset.New(p.squares)
	p.dark = bitset.New(p.squares)
	for i := 0; i < p.squares; i++ {
		p.open.Set(i)
		if b.Square(i).Dark() {
			p.dark.Set(i)
		}
	}
	b.Closed(func(s model.Square, _ model.Cell) { p.open.Clear(b.Index(s)) })
	p.fixedWalls = b.WallCount()

	ruleIndex := map[string]int{}
	var pieces []*model.Piece
	for _, e := range m.Place {
		r, ok := ruleIndex[e.Piece.Name]
		if !ok {
			r = len(p.rules)
			ruleIndex[e.Piece.Name] = r
			p.rules = append(p.rules, countRule{})
			pieces = append(pieces, e.Piece)
		}
		p.rules[r].addEntry(e)
	}
	// One slot per kind of piece; when pieces stack, identical pieces may
	// share a square, so a kind has one slot per piece of it that could
	// stand on one square (the i-th slot on a square is used only with the
	// one before it, which keeps identical pieces interchangeable).
	for r, pc := range pieces {
		copies, err := stackCopies(m, p.rules[r], pc)
		if err != nil {
			return nil, err
		}
		for c := 0; c < copies; c++ {
			p.kinds = append(p.kinds, p.pieceGeometry(pc))
			p.ruleOf = append(p.ruleOf, r)
			p.copyOf = append(p.copyOf, c)
		}
		p.stackCopies = p.stackCopies || copies > 1
	}
	p.fixedSquares = bitset.New(p.squares)
	for _, f := range m.Fixed {
		pc := m.Pieces[f.Piece]
		if pc == nil {
			return nil, fmt.Errorf("exact: fixed piece %q on %v is not defined", f.Piece, f.Square)
		}
		i := b.Index(f.Square)
		p.fixed = append(p.fixed, fixedPiece{geo: p.pieceGeometry(pc), square: i})
		p.fixedSquares.Set(i)
	}

	p.vertices = len(p.kinds) * p.squares
	p.allowed = bitset.New(p.vertices)
	for k := range p.kinds {
		r := p.rules[p.ruleOf[k]]
		for i := 0; i < p.squares; i++ {
			if !p.open.Has(i) || (p.fixedSquares.Has(i) && !m.Rules.Stack) {
				continue
			}
			if p.dark.Has(i) && !r.allowsDark() || !p.dark.Has(i) && !r.allowsLight() {
				continue
			}
			if m.Rules.Independent && p.conflictsWithFixed(k, i) {
				continue
			}
			p.allowed.Set(k*p.squares + i)
		}
	}
	for _, r := range p.rules {
		p.minTotal += r.least()
		p.maxTotal = capped(p.maxTotal + r.most())
	}
	p.maxTotal = min(p.maxTotal, p.allowed.Count())

	return p, nil
}

// stackCopies is the number of identical pieces of one kind that may share
// a square: 1 without stack, the most the place list allows with it.
func stackCopies(m *model.Model, r countRule, pc *model.Piece) (int, error) {
	if !m.Rules.Stack {
		return 1, nil
	}
	copies := r.most()
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

// pieceGeometry computes (once per piece) the reach of a piece from every
// square as a set.
func (p *problem) pieceGeometry(pc *model.Piece) *pieceGeometry {
	if g := p.geometry[pc.Name]; g != nil {
		return g
	}
	g := &pieceGeometry{name: pc.Name, piece: pc, p: p, weak: bitset.NewRows(p.squares, p.squares)}
	if g.weak.Words == 1 { // by whole words (rays.go)
		wordReach(p.rows, p.cols, p.open[0], pc, g.weak.Store)
	} else {
		p.walkReach(pc, g.weak)
	}
	p.geometry[pc.Name] = g
	return g
}

// walkReach fills weak[i] with what pc reaches from every open square,
// walking each ray square by square: any board size.
func (p *problem) walkReach(pc *model.Piece, weak bitset.Rows) {
	cols := p.cols
	for i := 0; i < p.squares; i++ {
		w := weak.Row(i)
		if !p.open.Has(i) {
			continue
		}
		f0, r0 := i%cols, i/cols
		for _, v := range pc.Leaps {
			if f, r := f0+v.File, r0+v.Rank; p.openAt(f, r) {
				w.Set(r*cols + f)
			}
		}
		for _, d := range pc.Rides {
			step := d.Rank*cols + d.File
			for j, k := i+step, p.stepsInside(f0, r0, d); k > 0 && p.open.Has(j); j, k = j+step, k-1 {
				w.Set(j)
			}
		}
	}
}

// buildLists lists, for every square, the squares of each leap and of each
// ride direction.
func (g *pieceGeometry) buildLists() {
	p, pc := g.p, g.piece
	rows, cols := p.rows, p.cols
	g.leaps = make([][]int32, p.squares)
	g.rays = make([][][]int32, p.squares)
	// one backing array for all the square lists of the piece
	// (a ride direction reaches at most squares*(side-1)/2 squares in all)
	backing := make([]int32, 0, p.squares*len(pc.Leaps)+p.squares*len(pc.Rides)*(max(rows, cols)-1)/2+1)
	rayHeads := make([][]int32, 0, p.squares*len(pc.Rides))
	for i := 0; i < p.squares; i++ {
		if !p.open.Has(i) {
			continue
		}
		f0, r0 := i%cols, i/cols
		from := len(backing)
		for _, v := range pc.Leaps {
			if f, r := f0+v.File, r0+v.Rank; p.openAt(f, r) {
				backing = append(backing, int32(r*cols+f))
			}
		}
		g.leaps[i] = backing[from:len(backing):len(backing)]
		heads := len(rayHeads)
		for _, d := range pc.Rides {
			from := len(backing)
			for f, r := f0+d.File, r0+d.Rank; p.openAt(f, r); f, r = f+d.File, r+d.Rank {
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
func (p *problem) conflictsWithFixed(k, i int) bool {
	for _, f := range p.fixed {
		if f.square == i {
			continue // pieces sharing a square (stack) do not attack each other
		}
		if p.kinds[k].weak.Row(i).Has(f.square) || f.geo.weak.Row(f.square).Has(i) {
			return true
		}
	}
	return false
}

// fixedConflict reports whether two fixed pieces attack each other, which
// makes an independent model infeasible.
func (p *problem) fixedConflict() bool {
	for a, f := range p.fixed {
		for _, g := range p.fixed[a+1:] {
			if f.square != g.square && (f.geo.weak.Row(f.square).Has(g.square) || g.geo.weak.Row(g.square).Has(f.square)) {
				return true
			}
		}
	}
	return false
}

// stepsInside is how many steps of d from file f, rank r stay on the
// rectangle.
func (p *problem) stepsInside(f, r int, d model.Vector) int {
	n := p.squares // more than any line
	bound := func(x, dx, size int) {
		switch {
		case dx > 0:
			n = min(n, (size-1-x)/dx)
		case dx < 0:
			n = min(n, x/-dx)
		}
	}
	bound(f, d.File, p.cols)
	bound(r, d.Rank, p.rows)
	return n
}

// openAt reports whether the square on file f, rank r is open.
func (p *problem) openAt(f, r int) bool {
	return f >= 0 && f < p.cols && r >= 0 && r < p.rows && p.open.Has(r*p.cols+f)
}

// copiesInOrder reports whether each identical piece stacked on a square
// comes with the ones before it: the form in which a placement is counted.
func (p *problem) copiesInOrder(vertices []int32) bool {
	if !p.stackCopies {
		return true
	}
	n := int32(p.squares)
	for _, v := range vertices {
		if p.copyOf[v/n] > 0 && !slices.Contains(vertices, v-n) {
			return false
		}
	}
	return true
}

func (p *problem) kindOf(v int) int   { return v / p.squares }
func (p *problem) squareOf(v int) int { return v % p.squares }

// solution turns vertices and free walls into a normalised model solution.
func (p *problem) solution(vertices []int32, walls []int32) model.Solution {
	b := p.m.Board
	s := model.Solution{Pieces: make([]model.Placed, 0, len(vertices))}
	for _, v := range vertices {
		s.Pieces = append(s.Pieces, model.Placed{Piece: p.kinds[p.kindOf(int(v))].name, Square: b.Square(p.squareOf(int(v)))})
	}
	for _, w := range walls {
		s.Walls = append(s.Walls, b.Square(int(w)))
	}
	s.Normalize()
	return s
}
