package slide

import (
	"fmt"
	"math"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// maxSquares bounds the open squares of a board: square numbers are int32
// and every square has a next-square table per direction.
const maxSquares = 1 << 24

// maxSymmetries bounds the symmetries other than the identity: a move's
// folding keeps them in a word (movefold.go), and a set of elements of the
// group, the identity included, is a word too (group.go). A board has at
// most 8.
const maxSymmetries = 63

// A space is a slide model compiled to integers. The open squares are
// numbered 0..squares-1 rank by rank from a1; a state is the sorted list of
// the squares the pieces stand on, ranked by the combinatorial number system.
type space struct {
	m       *model.Model
	squares int // open squares
	pieces  int // identical pieces that slide
	at      []model.Square
	// rideNext[d][s] is the open square one step of ride direction d from s,
	// or -1 at the edge, a wall or a square off the board; rideBack[d] is the
	// direction opposite d.
	rideNext [][]int32
	rideBack []int
	// rideLines[d] reads ride direction d by lines of occupancy words
	// (lines.go), layout -1 when a line is too long for a word.
	rideLines []rideLine
	layouts   []*lineLayout
	// leapTo[v][s] is the open square a leap v from s lands on, or -1.
	leapTo [][]int32
	// group is the model's symmetry group as it acts on the open squares:
	// its distinct permutations of square numbers other than the identity
	// (actingGroup).
	group [][]int32
	// imagesOf[s*len(group)+g] is group[g][s]: the images of one square
	// side by side, as the folding of a move reads them.
	imagesOf    []int32
	binom       *binomials
	start, goal []int32
}

// compile numbers the squares of a slide model and lays out its moves. It
// fails, wrapping model.ErrUnsupported, on a board or a number of pieces
// whose states cannot be ranked in 64 bits.
func compile(m *model.Model) (*space, error) {
	if m.Kind != model.KindSlide || m.Slide == nil {
		return nil, fmt.Errorf("slide: a %s model is not a sliding puzzle: %w", m.Kind, model.ErrUnsupported)
	}
	b := m.Board
	if b.Size() > maxSquares {
		return nil, fmt.Errorf("slide: the %s board has %d squares, more than the %d this backend numbers: %w",
			b.Dims(), b.Size(), maxSquares, model.ErrUnsupported)
	}
	sp := &space{m: m, pieces: len(m.Slide.From)}
	lookup := sp.numberSquares()
	if err := sp.layOutMoves(lookup); err != nil {
		return nil, err
	}
	sp.group = actingGroup(m, sp.at, lookup)
	if len(sp.group) > maxSymmetries {
		return nil, fmt.Errorf("slide: a symmetry group of order %d, more than the %d a move's folding tracks: %w", len(sp.group)+1, maxSymmetries+1, model.ErrUnsupported)
	}
	sp.imagesOf = make([]int32, sp.squares*len(sp.group))
	for g, perm := range sp.group {
		for s, image := range perm {
			sp.imagesOf[s*len(sp.group)+g] = image
		}
	}
	var err error
	if sp.binom, err = newBinomials(sp.squares, sp.pieces); err != nil {
		return nil, fmt.Errorf("slide: %d pieces on the %d open squares of the %s board: %w", sp.pieces, sp.squares, b.Dims(), err)
	}
	if sp.start, err = endState(m.Slide.From, lookup); err != nil {
		return nil, err
	}
	if sp.goal, err = endState(m.Slide.To, lookup); err != nil {
		return nil, err
	}
	return sp, nil
}

// numberSquares numbers the open squares rank by rank from a1 and returns
// the number of a board square (-1 when it is not open).
func (sp *space) numberSquares() func(model.Square) int32 {
	b := sp.m.Board
	number := make([]int32, b.Size())
	for i := range number {
		number[i] = -1
		if s := b.Square(i); b.IsOpen(s) {
			number[i] = int32(len(sp.at))
			sp.at = append(sp.at, s)
		}
	}
	sp.squares = len(sp.at)
	return func(s model.Square) int32 {
		if !b.IsOpen(s) {
			return -1
		}
		return number[b.Index(s)]
	}
}

// layOutMoves builds the next-square tables of the piece's rides and
// leaps and the line layouts; it refuses a ride without its opposite.
func (sp *space) layOutMoves(lookup func(model.Square) int32) error {
	if err := sp.m.SlideGeometryError(); err != nil {
		return fmt.Errorf("slide: %w", err)
	}
	b := sp.m.Board
	table := func(v model.Vector) []int32 {
		next := make([]int32, sp.squares)
		for i, s := range sp.at {
			// folded across glued edges (a cylinder or torus: the next
			// square along a direction does not depend on the way in)
			t, ok := b.Reduce(s.File+v.File, s.Rank+v.Rank)
			next[i] = -1
			if ok && t != s {
				next[i] = lookup(t)
			}
		}
		return next
	}
	pc := sp.m.Slide.Piece
	for _, d := range pc.Rides {
		sp.rideNext = append(sp.rideNext, table(d))
	}
	for i, d := range pc.Rides {
		sp.rideBack = append(sp.rideBack, -1)
		for j, e := range pc.Rides {
			if e.File == -d.File && e.Rank == -d.Rank {
				sp.rideBack[i] = j
			}
		}
		if sp.rideBack[i] < 0 {
			return fmt.Errorf("slide: piece %s rides %v but not back: %w", pc.Name, d, model.ErrUnsupported)
		}
	}
	sp.layOutLines()
	for _, v := range pc.Leaps {
		sp.leapTo = append(sp.leapTo, table(v))
	}
	return nil
}

// endState is the sorted squares of the start or the goal; it refuses a
// square that is not open or named twice.
func endState(squares []model.Square, lookup func(model.Square) int32) ([]int32, error) {
	var state []int32
	for _, s := range squares {
		state = append(state, lookup(s))
	}
	sortSquares(state)
	for i, s := range state {
		if s < 0 || (i > 0 && state[i-1] == s) {
			return nil, fmt.Errorf("slide: the squares %v are not distinct open squares", squares)
		}
	}
	return state, nil
}

// actingGroup is the model's symmetry group as permutations of the open
// squares (at, numbered by lookup), the identity left out: each distinct
// permutation once. Distinct symmetries of the model can move the open
// squares alike — the mirror that swaps the files of a board one file wide
// moves none, nor does a symmetry whose only moved squares are walls — and
// the folding and the component search need the group that acts: there a
// state's stabilizer and the stabilizer of a component are subgroups of
// it, and an orbit has as many states as its index. (Counting elements
// that act alike would count a kernel of the action in one and not the
// other.)
func actingGroup(m *model.Model, at []model.Square, lookup func(model.Square) int32) [][]int32 {
	b := m.Board
	group := [][]int32{identity(len(at))}
	for _, t := range m.Symmetries() {
		perm := make([]int32, len(at))
		for i, s := range at {
			perm[i] = lookup(t.Apply(s, b.Rows, b.Cols))
		}
		if !slices.ContainsFunc(group, func(p []int32) bool { return slices.Equal(p, perm) }) {
			group = append(group, perm)
		}
	}
	return group[1:]
}

// states is the number of ways to put the pieces on the open squares.
func (sp *space) states() uint64 { return sp.binom.total }

// groupOrder is the order of the group acting on the open squares.
func (sp *space) groupOrder() int { return len(sp.group) + 1 }

// squaresOf names the squares of a state.
func (sp *space) squaresOf(state []int32) []model.Square {
	out := make([]model.Square, len(state))
	for i, s := range state {
		out[i] = sp.at[s]
	}
	return out
}

// sortSquares sorts a short list of square numbers in place (insertion sort:
// states hold a handful of pieces).
func sortSquares(a []int32) {
	for i := 1; i < len(a); i++ {
		v := a[i]
		j := i - 1
		for j >= 0 && a[j] > v {
			a[j+1] = a[j]
			j--
		}
		a[j+1] = v
	}
}

// noDepth marks a state not reached from one side.
const noDepth = math.MaxUint16
