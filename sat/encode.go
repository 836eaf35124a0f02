package sat

import (
	"fmt"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// MaxSquares bounds the open squares of a model this backend encodes: the
// independence clauses grow with the cube of the board's side.
const MaxSquares = 4096

// A Card is a cardinality constraint: between Min and Max of Lits are true.
type Card struct {
	Lits     []int
	Min, Max int
}

// An Encoding is a placement model compiled to clauses (doc.go), with its
// cardinality constraints kept apart: CNF compiles them by totalizers,
// WriteOPB writes them as they are.
type Encoding struct {
	Model   *model.Model
	Squares []model.Square // the open squares, rank-major
	Kinds   []*model.Piece // the kinds of the place list, in order
	NumVars int            // variables of the clauses (before totalizers)
	Clauses [][]int
	Cards   []Card
	// Objective are the literals whose number, plus Offset, is the measure
	// the objective speaks of (pieces when it names none).
	Objective []int
	Offset    int64
	True      int // the literal that is always true

	index     map[model.Square]int
	freeWalls bool
	fixed     []*model.Piece // per square, the fixed piece standing there
	attacked  []int          // a(t), 0 when not encoded
	dominated []int          // dom(t), 0 when not encoded
}

// Supports reports, as an error wrapping model.ErrUnsupported, what of the
// model this encoding does not cover; nil when it covers all of it.
func Supports(m *model.Model) error {
	why := ""
	switch {
	case m.Kind != model.KindPlace:
		why = fmt.Sprintf("%s models are not encoded (placement models only)", m.Kind)
	case m.Rules.Stack:
		why = "stacked pieces (stack: true) are not encoded"
	case m.HasGroups():
		why = "pieces in groups (as GROUP) are not encoded"
	case len(m.Rules.Counts) > 0:
		why = "attack counts (every piece attacks N, ...) are not encoded"
	case m.Objective.Measure == model.MeasureWeight || m.Objective.Measure == model.MeasureAttackedWeight:
		why = "the weight objectives are not encoded (cardinality only)"
	case m.FreeWalls != nil && len(m.Fixed) > 0:
		why = "free walls beside fixed pieces are not encoded"
	case m.Board.OpenCount() > MaxSquares:
		return fmt.Errorf("sat: %d open squares, more than the %d this encoding writes: %w", m.Board.OpenCount(), MaxSquares, model.ErrTooLarge)
	}
	if why != "" {
		return fmt.Errorf("sat: %s: %w", why, model.ErrUnsupported)
	}
	return nil
}

// Encode compiles a placement model to clauses and cardinality
// constraints, as doc.go specifies.
func Encode(m *model.Model) (*Encoding, error) {
	if err := Supports(m); err != nil {
		return nil, err
	}
	e := &Encoding{Model: m, index: map[model.Square]int{}, freeWalls: m.FreeWalls != nil}
	b := m.Board
	for r := 0; r < b.Rows; r++ {
		for f := 0; f < b.Cols; f++ {
			if s := (model.Square{File: f, Rank: r}); b.IsOpen(s) {
				e.index[s] = len(e.Squares)
				e.Squares = append(e.Squares, s)
			}
		}
	}
	for _, p := range m.Place {
		if !slices.ContainsFunc(e.Kinds, func(k *model.Piece) bool { return k.Name == p.Piece.Name }) {
			e.Kinds = append(e.Kinds, p.Piece)
		}
	}
	n := len(e.Squares)
	e.NumVars = len(e.Kinds) * n
	if e.freeWalls {
		e.NumVars += n
	}
	e.True = e.newVar()
	e.fixed = make([]*model.Piece, n)
	for _, f := range m.Fixed {
		if i, ok := e.index[f.Square]; ok {
			e.fixed[i] = m.Pieces[f.Piece]
		}
	}
	e.add(e.True)
	e.squareRules()
	if m.Rules.Independent {
		e.independence()
	}
	cover := m.Rules.Cover
	measure := m.Objective.Measure
	if cover != nil || measure == model.MeasureAttacked || measure == model.MeasureDominated {
		e.attack(cover != nil && cover.What == model.MeasureDominated || measure == model.MeasureDominated)
	}
	if cover != nil {
		e.coverRule(cover)
	}
	e.countCards()
	if cover != nil && cover.AtLeast > 0 {
		lits := e.attacked
		if cover.What == model.MeasureDominated {
			lits = e.dominated
		}
		e.Cards = append(e.Cards, Card{Lits: lits, Min: cover.AtLeast, Max: len(lits)})
	}
	e.objective()
	return e, nil
}

// X is the variable of a piece of kind k on square i; W of a free wall.
func (e *Encoding) X(k, i int) int { return k*len(e.Squares) + i + 1 }
func (e *Encoding) W(i int) int    { return len(e.Kinds)*len(e.Squares) + i + 1 }

func (e *Encoding) newVar() int {
	e.NumVars++
	return e.NumVars
}

func (e *Encoding) add(lits ...int) { e.Clauses = append(e.Clauses, slices.Clone(lits)) }

// wall is w(i) as a list: empty without free walls.
func (e *Encoding) wall(i int) []int {
	if !e.freeWalls {
		return nil
	}
	return []int{e.W(i)}
}

// occ lists the literals "something stands on square i".
func (e *Encoding) occ(i int) []int {
	if e.fixed[i] != nil {
		return []int{e.True}
	}
	out := make([]int, len(e.Kinds))
	for k := range e.Kinds {
		out[k] = e.X(k, i)
	}
	return out
}

// A standing is a piece that may stand on a square, with its literal.
type standing struct {
	lit   int
	piece *model.Piece
}

// standings are the pieces that may stand on square i.
func (e *Encoding) standings(i int) []standing {
	if e.fixed[i] != nil {
		return []standing{{e.True, e.fixed[i]}}
	}
	out := make([]standing, len(e.Kinds))
	for k, p := range e.Kinds {
		out[k] = standing{e.X(k, i), p}
	}
	return out
}

// squareRules: clauses 1 and 2 (doc.go).
func (e *Encoding) squareRules() {
	for i := range e.Squares {
		for k := range e.Kinds {
			if e.fixed[i] != nil {
				e.add(-e.X(k, i))
			}
			for k2 := k + 1; k2 < len(e.Kinds); k2++ {
				e.add(-e.X(k, i), -e.X(k2, i))
			}
			if e.freeWalls {
				e.add(-e.W(i), -e.X(k, i))
			}
		}
	}
}

// line lists the squares a leap or a ride of d from square i reaches on
// the board with its fixed walls.
func (e *Encoding) line(i int, d model.Vector, ride bool) []int {
	var out []int
	e.Model.Board.Line(e.Squares[i], d, ride, func(t model.Square) bool {
		out = append(out, e.index[t])
		return true
	})
	return out
}

// independence: clauses 3.
func (e *Encoding) independence() {
	for s := range e.Squares {
		for _, p := range e.standings(s) {
			for _, v := range p.piece.Leaps {
				for _, t := range e.line(s, v, false) {
					for _, y := range e.occ(t) {
						e.add(-p.lit, -y)
					}
				}
			}
			for _, d := range p.piece.Rides {
				var walls []int
				for _, t := range e.line(s, d, true) {
					for _, y := range e.occ(t) {
						e.add(append([]int{-p.lit, -y}, walls...)...)
					}
					walls = append(walls, e.wall(t)...)
				}
			}
		}
	}
}

// directions are the sorted union of the rides of every piece that may
// stand on the board.
func (e *Encoding) directions() []model.Vector {
	var out []model.Vector
	addAll := func(p *model.Piece) {
		for _, d := range p.Rides {
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	for _, k := range e.Kinds {
		addAll(k)
	}
	for _, f := range e.fixed {
		if f != nil {
			addAll(f)
		}
	}
	slices.SortFunc(out, func(a, b model.Vector) int {
		if a.File != b.File {
			return a.File - b.File
		}
		return a.Rank - b.Rank
	})
	return out
}

// attack: clauses 4, 5 and, when asked, 6.
func (e *Encoding) attack(dominated bool) {
	n := len(e.Squares)
	reasons := make([][]int, n)
	strong := e.Model.Rules.Attack == model.Strong
	for s := range e.Squares {
		for _, d := range e.directions() {
			var riders []int
			for _, p := range e.standings(s) {
				if slices.Contains(p.piece.Rides, d) {
					riders = append(riders, p.lit)
				}
			}
			ray := e.line(s, d, true)
			if len(riders) == 0 || len(ray) == 0 {
				continue
			}
			prev := 0
			for j, t := range ray {
				h := e.newVar()
				if j == 0 {
					e.add(append([]int{-h}, riders...)...)
					for _, r := range riders {
						e.add(-r, h)
					}
				} else {
					block := e.wall(ray[j-1])
					if strong {
						block = append(block, e.occ(ray[j-1])...)
					}
					e.add(-h, prev)
					for _, b := range block {
						e.add(-h, -b)
					}
					e.add(append(append([]int{-prev}, block...), h)...)
				}
				reasons[t] = append(reasons[t], h)
				prev = h
			}
		}
		for _, p := range e.standings(s) {
			for _, v := range p.piece.Leaps {
				for _, t := range e.line(s, v, false) {
					reasons[t] = append(reasons[t], p.lit)
				}
			}
		}
	}
	e.attacked = make([]int, n)
	for t := range e.Squares {
		a := e.newVar()
		e.attacked[t] = a
		if len(reasons[t]) == 0 {
			e.add(-a)
			continue
		}
		for _, w := range e.wall(t) {
			e.add(-a, -w)
		}
		e.add(append([]int{-a}, reasons[t]...)...)
		for _, r := range reasons[t] {
			e.add(append(append([]int{-r}, e.wall(t)...), a)...)
		}
	}
	if !dominated {
		return
	}
	e.dominated = make([]int, n)
	for t := range e.Squares {
		d := e.newVar()
		e.dominated[t] = d
		occ := e.occ(t)
		e.add(append([]int{-d, e.attacked[t]}, occ...)...)
		e.add(-e.attacked[t], d)
		for _, o := range occ {
			e.add(-o, d)
		}
	}
}

// coverRule: clauses 7, for a cover of every square.
func (e *Encoding) coverRule(c *model.Cover) {
	if c.AtLeast > 0 {
		return
	}
	lits := e.attacked
	if c.What == model.MeasureDominated {
		lits = e.dominated
	}
	for t := range e.Squares {
		e.add(append([]int{lits[t]}, e.wall(t)...)...)
	}
}

// countCards: the cardinality constraints of the free walls and the place
// list (8 in doc.go).
func (e *Encoding) countCards() {
	n := len(e.Squares)
	if f := e.Model.FreeWalls; f != nil {
		lits := make([]int, n)
		for i := range lits {
			lits[i] = e.W(i)
		}
		e.Cards = append(e.Cards, Card{Lits: lits, Min: f.Min, Max: min(f.Max, n)})
	}
	for k, kind := range e.Kinds {
		var lo, hi [3]int // per colour: any, light, dark
		colours := false
		for _, p := range e.Model.Place {
			if p.Piece.Name == kind.Name {
				lo[p.Colour] += p.Count.Min
				hi[p.Colour] = min(n, hi[p.Colour]+min(p.Count.Max, n))
				colours = colours || p.Colour != model.AnyColour
			}
		}
		var light, dark, all []int
		for i, s := range e.Squares {
			if s.Dark() {
				dark = append(dark, e.X(k, i))
			} else {
				light = append(light, e.X(k, i))
			}
			all = append(all, e.X(k, i))
		}
		any, l, d := model.AnyColour, model.Light, model.Dark
		if !colours {
			e.Cards = append(e.Cards, Card{all, lo[any], hi[any]})
			continue
		}
		e.Cards = append(e.Cards,
			Card{light, lo[l], min(n, hi[l]+hi[any])},
			Card{dark, lo[d], min(n, hi[d]+hi[any])},
			Card{all, lo[l] + lo[d] + lo[any], min(n, hi[l]+hi[d]+hi[any])})
	}
}

// objective sets the literals of the measure the objective speaks of.
func (e *Encoding) objective() {
	switch e.Model.Objective.Measure {
	case model.MeasureAttacked:
		e.Objective = e.attacked
	case model.MeasureDominated:
		e.Objective = e.dominated
	case model.MeasureWalls:
		for i := range e.Squares {
			e.Objective = append(e.Objective, e.wall(i)...)
		}
		e.Offset = int64(e.Model.Board.WallCount())
	default:
		for k := range e.Kinds {
			for i := range e.Squares {
				e.Objective = append(e.Objective, e.X(k, i))
			}
		}
	}
}

// Bound is the cardinality constraint "the measure is at least value"
// (atLeast) or "at most value".
func (e *Encoding) Bound(value int64, atLeast bool) Card {
	c := Card{Lits: e.Objective, Min: 0, Max: len(e.Objective)}
	v := int(max(min(value-e.Offset, int64(len(e.Objective)+1)), -1))
	if atLeast {
		c.Min = v
	} else {
		c.Max = v
	}
	return c
}

// Decode reads a placement from an assignment (true[v] for variable v).
func (e *Encoding) Decode(value func(v int) bool) model.Solution {
	sol := model.Solution{Pieces: []model.Placed{}}
	for k, kind := range e.Kinds {
		for i, s := range e.Squares {
			if value(e.X(k, i)) {
				sol.Pieces = append(sol.Pieces, model.Placed{Piece: kind.Name, Square: s})
			}
		}
	}
	if e.freeWalls {
		for i, s := range e.Squares {
			if value(e.W(i)) {
				sol.Walls = append(sol.Walls, s)
			}
		}
	}
	sol.Normalize()
	return sol
}

// Decision are the variables that make a solution: x and w.
func (e *Encoding) Decision() int {
	n := len(e.Kinds) * len(e.Squares)
	if e.freeWalls {
		n += len(e.Squares)
	}
	return n
}
