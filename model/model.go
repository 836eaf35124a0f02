package model

import "math"

// Kind is the kind of puzzle, set by which section a model file has.
type Kind int

const (
	KindPlace Kind = iota // place pieces under rules
	KindTour              // one piece visits every square once
	KindSlide             // pieces slide as far as they go, from one set of squares to another
	KindGame              // two sides slide their pieces in turn, each racing to its goal squares (game.go)
)

func (k Kind) String() string {
	return [...]string{"place", "tour", "slide", "game"}[k]
}

// A Model is one puzzle, as data. Exactly one of Place (with Rules and
// Objective), Tour or Slide is meaningful, as Kind says.
type Model struct {
	Name   string
	Source string // the file it was read from, for messages
	Kind   Kind
	Board  *Board
	Pieces map[string]*Piece // every piece the model may name, built-ins included

	// Place
	Place     []PlaceEntry
	Fixed     []Placed // pieces standing on the board before anything is placed
	FreeWalls *Range   // nil: walls are fixed; otherwise how many walls may be added
	Rules     Rules
	Objective Objective

	Tour  *TourSpec
	Slide *SlideSpec
	Game  *GameSpec // game.go

	// Armies (groups.go): the groups of a place model and the
	// rules between them; the zero value is a model without groups.
	Army GroupModel

	// Weights (parse_counts.go): the number each square carries,
	// for the weight objectives; only non-zero weights are stored, on open
	// squares or not. nil when the board has no weights.
	Weights map[Square]int64
}

// A Range is an inclusive count range; Max is Unbounded when open.
type Range struct{ Min, Max int }

// Unbounded is the Max of a range with no upper end.
const Unbounded = math.MaxInt32

// Contains reports whether n lies in the range.
func (r Range) Contains(n int) bool { return n >= r.Min && n <= r.Max }

// Optimize says whether a count is fixed, maximised or minimised.
type Optimize int

const (
	Fixed Optimize = iota
	Maximize
	Minimize
)

// Colour restricts the squares a piece may stand on.
type Colour int

const (
	AnyColour Colour = iota
	Light
	Dark
)

func (c Colour) String() string { return [...]string{"", "light", "dark"}[c] }

// Allows reports whether a piece of this colour rule may stand on s.
func (c Colour) Allows(s Square) bool {
	switch c {
	case Light:
		return !s.Dark()
	case Dark:
		return s.Dark()
	}
	return true
}

// A PlaceEntry is one item of the place list: "2 rook", "max queen",
// "1 bishop on light", "3..5 knight".
type PlaceEntry struct {
	Piece  *Piece
	Count  Range
	Opt    Optimize // Maximize for "max", Minimize for "min"; the Count is then 0..Unbounded
	Colour Colour

	// Group is the group ("as white") of a group model's entry; "" without
	// groups (and then left out of the JSON form, which shard digests read).
	Group string `json:",omitempty"`
}

// A Placed piece stands on a square.
type Placed struct {
	Piece  string `json:"piece"`
	Square Square `json:"square"`
	// Group is the piece's group in a group model (groups.go), "" otherwise.
	Group string `json:"group,omitempty"`
}

// AttackMode says what stops a rider's line.
type AttackMode int

const (
	Strong AttackMode = iota // lines stop at the first occupied square (the chess rule)
	Weak                     // lines stop only at walls, the edge and squares off the board
)

func (a AttackMode) String() string { return [...]string{"strong", "weak"}[a] }

// Measure is a quantity of a placement that rules and objectives speak of.
type Measure int

const (
	MeasureNone      Measure = iota
	MeasurePieces            // number of placed pieces
	MeasureAttacked          // open squares attacked by at least one piece
	MeasureDominated         // open squares occupied or attacked
	MeasureWalls             // walls on the board, fixed and free

	// Weights: sums of the board's square weights.
	MeasureWeight         // over the placed pieces, the weight of each one's square
	MeasureAttackedWeight // over the open squares attacked, their weight
)

func (m Measure) String() string {
	return [...]string{"", "pieces", "attacked", "dominated", "walls", "weight", "attacked-weight"}[m]
}

// Rules are the constraints on a placement.
type Rules struct {
	Independent bool       // no piece attacks another
	Attack      AttackMode // strong by default
	Stack       bool       // pieces may share a square
	Cover       *Cover     // nil: no coverage rule

	// Attack counts (parse_counts.go): every rule must hold.
	Counts []AttackCount `json:",omitempty"` // omitted when none: model digests stay as they were
}

// CountSubject is what an attack-count rule counts.
type CountSubject int

const (
	CountAttacks   CountSubject = iota // per piece: the pieces it attacks
	CountAttackers                     // per piece: the pieces that attack it
	CountSquares                       // per open square: the pieces that attack it
)

func (c CountSubject) String() string {
	return [...]string{"attacks", "attacked", "square attacked"}[c]
}

// An AttackCount is a rule "every piece attacks 1", "every queen attacked
// 1..", "every square attacked ..2": for every piece (of kind Piece, or of
// any kind when Piece is "") or every open square, the number of pieces it
// attacks or that attack it lies in Count.
type AttackCount struct {
	What  CountSubject
	Piece string // the kind the rule speaks of; "" for every piece (and for squares)
	Count Range
}

// Applies reports whether a per-piece rule speaks of a piece of this name.
func (a AttackCount) Applies(piece string) bool {
	return a.What != CountSquares && (a.Piece == "" || a.Piece == piece)
}

// Cover asks that squares be attacked or dominated: all open squares when
// AtLeast is 0, otherwise at least AtLeast of them.
type Cover struct {
	What    Measure // MeasureAttacked or MeasureDominated
	AtLeast int
}

// Objective is what a placement optimises; Sense Fixed means feasibility only.
type Objective struct {
	Sense   Optimize
	Measure Measure
}

// TourSpec describes a tour: Piece visits every open square exactly once.
type TourSpec struct {
	Piece  *Piece
	Start  *Square
	Closed bool

	// Undirected tours: with Undirected an open tour is a path
	// and its reverse together, one tour, and classes are orbits under the
	// symmetry group and reversal. With a start square each such path is
	// written from it, so the counts are those of the directed tours from
	// it. Closed tours are undirected cycles either way.
	Undirected bool
}

// Reversible reports whether the tour's counts join a path and its
// reverse: an undirected open tour without a start square.
func (t *TourSpec) Reversible() bool { return t.Undirected && !t.Closed && t.Start == nil }

// SlideSpec describes a sliding puzzle: identical pieces on From move, one at
// a time and each as far as it goes, until they stand on To.
type SlideSpec struct {
	Piece *Piece
	From  []Square
	To    []Square

	// Slides with different pieces (slide_groups.go): each
	// group is a label class of interchangeable pieces with its own piece
	// and move rule. The parser always fills Groups (one group for a slide
	// of identical pieces); Piece is then the first group's, From and To
	// the union of the groups' squares. Groups may be empty in a spec
	// built by hand: one group of Piece from From to To, moving as far as
	// it goes.
	Groups []SlideGroup
}

// MaxPieces is the largest number of pieces the place list allows, Unbounded
// when some entry is open-ended.
func (m *Model) MaxPieces() int {
	total := 0
	for _, e := range m.Place {
		if e.Count.Max == Unbounded {
			return Unbounded
		}
		total += e.Count.Max
	}
	return total
}

// MinPieces is the least number of pieces the place list asks for.
func (m *Model) MinPieces() int {
	total := 0
	for _, e := range m.Place {
		total += e.Count.Min
	}
	return total
}

// WithWalls returns a copy of the model whose board has the given squares
// walled as well; the copy shares the pieces and place list, which are
// never modified.
func (m *Model) WithWalls(walls []Square) *Model {
	c := *m
	c.Board = m.Board.Clone()
	for _, s := range walls {
		c.Board.Set(s, Wall)
	}
	return &c
}
