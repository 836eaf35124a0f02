package model

import (
	"fmt"
	"sort"
)

// The checker's encoder: the formula of a certificate derived again from
// the model, written from the specification in package sat's doc.go and
// sharing no code with that package. Lines are walked by the checker's own
// wrapWalk (check_wrap.go), not by Board.Line, so that a difference in the
// geometry shows as a difference of formulas. Clause by clause:
//
//	(T)                                   T, the variable after x and w, is true
//	(¬x(k,i))                             no placed piece where a fixed one stands
//	(¬x(k,i) ∨ ¬x(k',i)), k < k'          one piece a square
//	(¬w(i) ∨ ¬x(k,i))                     no piece on a free wall
//	(¬p ∨ ¬y ∨ w(between)...)             independence: p on s attacks y on t
//	h1 ⇔ OR riders; hj ⇔ hj-1 ∧ ¬blockers  the ray from s in d is open to t_j
//	a(t) ⇔ ¬w(t) ∧ OR reasons             t is attacked
//	dom(t) ⇔ a(t) ∨ OR occ(t)             t is dominated
//	(a(t) ∨ w(t)) or (dom(t) ∨ w(t))      cover every square
//	totalizers                            free walls, the place list, cover of n, the bound

// certEncoder builds the formula of a certificate.
type certEncoder struct {
	m        *Model
	open     []Square
	number   map[Square]int
	kinds    []*Piece
	fixedOn  map[int]*Piece
	walls    bool // free walls
	vars     int
	clauses  [][]int
	attacked []int
	dom      []int
}

// certPiece is a piece that may stand on a square, with the literal that
// says it does.
type certPiece struct {
	lit int
	p   *Piece
}

// newCertEncoder lays out a model's squares, kinds and fixed pieces and
// the x variables (and none else yet), refusing what it does not encode.
func newCertEncoder(m *Model) (*certEncoder, error) {
	switch {
	case m.Kind != KindPlace || m.Rules.Stack || m.HasGroups() || len(m.Rules.Counts) > 0 ||
		m.Objective.Measure == MeasureWeight || m.Objective.Measure == MeasureAttackedWeight ||
		m.FreeWalls != nil && len(m.Fixed) > 0:
		return nil, fmt.Errorf("the certificate checker encodes placement models without stacking, groups, attack counts, weights, or free walls beside fixed pieces")
	}
	c := &certEncoder{m: m, number: map[Square]int{}, fixedOn: map[int]*Piece{}, walls: m.FreeWalls != nil}
	for rank := 0; rank < m.Board.Rows; rank++ {
		for file := 0; file < m.Board.Cols; file++ {
			sq := Square{File: file, Rank: rank}
			if m.Board.IsOpen(sq) {
				c.number[sq] = len(c.open)
				c.open = append(c.open, sq)
			}
		}
	}
	seen := map[string]bool{}
	for _, e := range m.Place {
		if !seen[e.Piece.Name] {
			seen[e.Piece.Name] = true
			c.kinds = append(c.kinds, e.Piece)
		}
	}
	for _, f := range m.Fixed {
		if i, ok := c.number[f.Square]; ok {
			c.fixedOn[i] = m.Pieces[f.Piece]
		}
	}
	c.vars = len(c.kinds) * len(c.open)
	return c, nil
}

// certFormula derives the formula of a certificate: with bound nil the
// formula "a solution exists", otherwise "a solution whose measure is at
// least (atLeast) or at most the bound exists".
func certFormula(m *Model, bound *int64, atLeast bool) (vars int, clauses [][]int, err error) {
	c, err := newCertEncoder(m)
	if err != nil {
		return 0, nil, err
	}
	n, K := len(c.open), len(c.kinds)
	if c.walls {
		c.vars += n
	}
	T := c.fresh()
	c.clause(T)
	for i := 0; i < n; i++ {
		for k := 0; k < K; k++ {
			if c.fixedOn[i] != nil {
				c.clause(-c.x(k, i))
			}
			for k2 := k + 1; k2 < K; k2++ {
				c.clause(-c.x(k, i), -c.x(k2, i))
			}
			if c.walls {
				c.clause(-c.w(i), -c.x(k, i))
			}
		}
	}
	if m.Rules.Independent {
		c.independence(T)
	}
	cover, measure := m.Rules.Cover, m.Objective.Measure
	wantDom := cover != nil && cover.What == MeasureDominated || measure == MeasureDominated
	if cover != nil || measure == MeasureAttacked || measure == MeasureDominated {
		c.attackClauses(T, wantDom)
	}
	if cover != nil && cover.AtLeast == 0 {
		for t := 0; t < n; t++ {
			lit := c.attacked[t]
			if cover.What == MeasureDominated {
				lit = c.dom[t]
			}
			c.clause(append([]int{lit}, c.wallLits(t)...)...)
		}
	}
	c.cardinalities(cover, bound, atLeast)
	return c.vars, c.clauses, nil
}

func (c *certEncoder) x(k, i int) int { return k*len(c.open) + i + 1 }
func (c *certEncoder) w(i int) int    { return len(c.kinds)*len(c.open) + i + 1 }
func (c *certEncoder) fresh() int     { c.vars++; return c.vars }

func (c *certEncoder) clause(lits ...int) {
	c.clauses = append(c.clauses, append([]int(nil), lits...))
}

func (c *certEncoder) wallLits(i int) []int {
	if c.walls {
		return []int{c.w(i)}
	}
	return nil
}

// onSquare lists the pieces that may stand on square i.
func (c *certEncoder) onSquare(i int, T int) []certPiece {
	if p := c.fixedOn[i]; p != nil {
		return []certPiece{{T, p}}
	}
	var out []certPiece
	for k, p := range c.kinds {
		out = append(out, certPiece{c.x(k, i), p})
	}
	return out
}

func (c *certEncoder) occupied(i int, T int) []int {
	var out []int
	for _, p := range c.onSquare(i, T) {
		out = append(out, p.lit)
	}
	return out
}

// walk lists the squares (numbers) of a leap or ride of d from square i.
func (c *certEncoder) walk(i int, d Vector, ride bool) []int {
	var out []int
	blocked := func(s Square) bool { return !c.m.Board.IsOpen(s) }
	wrapWalk(c.m.Board, c.open[i], d, ride, blocked, func(s Square) bool {
		out = append(out, c.number[s])
		return true
	})
	return out
}

func (c *certEncoder) independence(T int) {
	for s := range c.open {
		for _, p := range c.onSquare(s, T) {
			for _, v := range p.p.Leaps {
				for _, t := range c.walk(s, v, false) {
					for _, y := range c.occupied(t, T) {
						c.clause(-p.lit, -y)
					}
				}
			}
			for _, d := range p.p.Rides {
				between := []int{}
				for _, t := range c.walk(s, d, true) {
					for _, y := range c.occupied(t, T) {
						c.clause(append([]int{-p.lit, -y}, between...)...)
					}
					between = append(between, c.wallLits(t)...)
				}
			}
		}
	}
}

// rideDirections: the sorted union of the rides of the kinds and the
// fixed pieces.
func (c *certEncoder) rideDirections() []Vector {
	set := map[Vector]bool{}
	for _, p := range c.kinds {
		for _, d := range p.Rides {
			set[d] = true
		}
	}
	for _, p := range c.fixedOn {
		for _, d := range p.Rides {
			set[d] = true
		}
	}
	var out []Vector
	for d := range set {
		out = append(out, d)
	}
	sort.Slice(out, func(a, b int) bool {
		return out[a].File < out[b].File || out[a].File == out[b].File && out[a].Rank < out[b].Rank
	})
	return out
}

func ridesAlong(p *Piece, d Vector) bool {
	for _, r := range p.Rides {
		if r == d {
			return true
		}
	}
	return false
}

func (c *certEncoder) attackClauses(T int, wantDom bool) {
	n := len(c.open)
	why := make([][]int, n) // per square, the literals that attack it
	dirs := c.rideDirections()
	strong := c.m.Rules.Attack == Strong
	for s := 0; s < n; s++ {
		for _, d := range dirs {
			var riders []int
			for _, p := range c.onSquare(s, T) {
				if ridesAlong(p.p, d) {
					riders = append(riders, p.lit)
				}
			}
			ray := c.walk(s, d, true)
			if len(riders) == 0 || len(ray) == 0 {
				continue
			}
			h := make([]int, len(ray))
			for j := range ray {
				h[j] = c.fresh()
				if j == 0 { // h1 ⇔ some rider of d stands on s
					c.clause(append([]int{-h[0]}, riders...)...)
					for _, r := range riders {
						c.clause(-r, h[0])
					}
				} else { // hj ⇔ hj-1 and nothing blocks t_{j-1}
					var blockers []int
					blockers = append(blockers, c.wallLits(ray[j-1])...)
					if strong {
						blockers = append(blockers, c.occupied(ray[j-1], T)...)
					}
					c.clause(-h[j], h[j-1])
					for _, b := range blockers {
						c.clause(-h[j], -b)
					}
					c.clause(append(append([]int{-h[j-1]}, blockers...), h[j])...)
				}
				why[ray[j]] = append(why[ray[j]], h[j])
			}
		}
		for _, p := range c.onSquare(s, T) {
			for _, v := range p.p.Leaps {
				for _, t := range c.walk(s, v, false) {
					why[t] = append(why[t], p.lit)
				}
			}
		}
	}
	c.attacked = make([]int, n)
	for t := 0; t < n; t++ {
		a := c.fresh()
		c.attacked[t] = a
		if len(why[t]) == 0 {
			c.clause(-a)
			continue
		}
		if c.walls {
			c.clause(-a, -c.w(t))
		}
		c.clause(append([]int{-a}, why[t]...)...)
		for _, r := range why[t] {
			c.clause(append(append([]int{-r}, c.wallLits(t)...), a)...)
		}
	}
	if !wantDom {
		return
	}
	c.dom = make([]int, n)
	for t := 0; t < n; t++ {
		d := c.fresh()
		c.dom[t] = d
		occ := c.occupied(t, T)
		c.clause(append([]int{-d, c.attacked[t]}, occ...)...)
		c.clause(-c.attacked[t], d)
		for _, o := range occ {
			c.clause(-o, d)
		}
	}
}

// cardinalities: the totalizers, in the specification's order.
func (c *certEncoder) cardinalities(cover *Cover, bound *int64, atLeast bool) {
	n := len(c.open)
	if f := c.m.FreeWalls; f != nil {
		var ws []int
		for i := 0; i < n; i++ {
			ws = append(ws, c.w(i))
		}
		c.atLeastAtMost(ws, f.Min, min(f.Max, n))
	}
	for k, p := range c.kinds {
		minAny, maxAny, minL, maxL, minD, maxD := 0, 0, 0, 0, 0, 0
		colours := false
		for _, e := range c.m.Place {
			if e.Piece.Name != p.Name {
				continue
			}
			hi := min(e.Count.Max, n)
			switch e.Colour {
			case Light:
				minL, maxL, colours = minL+e.Count.Min, min(n, maxL+hi), true
			case Dark:
				minD, maxD, colours = minD+e.Count.Min, min(n, maxD+hi), true
			default:
				minAny, maxAny = minAny+e.Count.Min, min(n, maxAny+hi)
			}
		}
		var light, dark, all []int
		for i, sq := range c.open {
			if sq.Dark() {
				dark = append(dark, c.x(k, i))
			} else {
				light = append(light, c.x(k, i))
			}
			all = append(all, c.x(k, i))
		}
		if !colours {
			c.atLeastAtMost(all, minAny, maxAny)
			continue
		}
		c.atLeastAtMost(light, minL, min(n, maxL+maxAny))
		c.atLeastAtMost(dark, minD, min(n, maxD+maxAny))
		c.atLeastAtMost(all, minL+minD+minAny, min(n, maxL+maxD+maxAny))
	}
	if cover != nil && cover.AtLeast > 0 {
		lits := c.attacked
		if cover.What == MeasureDominated {
			lits = c.dom
		}
		c.atLeastAtMost(lits, cover.AtLeast, len(lits))
	}
	if bound == nil {
		return
	}
	var lits []int
	offset := int64(0)
	switch c.m.Objective.Measure {
	case MeasureAttacked:
		lits = c.attacked
	case MeasureDominated:
		lits = c.dom
	case MeasureWalls:
		for i := 0; i < n && c.walls; i++ {
			lits = append(lits, c.w(i))
		}
		offset = int64(c.m.Board.WallCount())
	default:
		for k := range c.kinds {
			for i := 0; i < n; i++ {
				lits = append(lits, c.x(k, i))
			}
		}
	}
	v := *bound - offset
	v = max(min(v, int64(len(lits)+1)), -1)
	if atLeast {
		c.atLeastAtMost(lits, int(v), len(lits))
	} else {
		c.atLeastAtMost(lits, 0, int(v))
	}
}

// atLeastAtMost: lo <= (true lits) <= hi by a totalizer.
func (c *certEncoder) atLeastAtMost(lits []int, lo, hi int) {
	n := len(lits)
	if lo > n || hi < 0 || lo > hi {
		c.clauses = append(c.clauses, []int{})
		return
	}
	if lo <= 0 && hi >= n {
		return
	}
	top := 0
	if lo > 0 {
		top = lo
	}
	if hi < n && hi+1 > top {
		top = hi + 1
	}
	out := c.count(lits, top)
	if lo >= 1 {
		c.clause(out[lo-1])
	}
	if hi < n {
		c.clause(-out[hi])
	}
}

// count builds a totalizer: out[i-1] true exactly when at least i of lits
// are, for i up to min(len, top).
func (c *certEncoder) count(lits []int, top int) []int {
	if len(lits) == 1 {
		return lits[:1:1]
	}
	half := len(lits) / 2
	left, right := c.count(lits[:half], top), c.count(lits[half:], top)
	size := min(len(lits), top)
	out := make([]int, size)
	for i := range out {
		out[i] = c.fresh()
	}
	for i := 0; i <= len(left); i++ {
		for j := 0; j <= len(right); j++ {
			if i+j > 0 { // at least i left and j right: at least i+j
				cl := []int{}
				if i > 0 {
					cl = append(cl, -left[i-1])
				}
				if j > 0 {
					cl = append(cl, -right[j-1])
				}
				c.clause(append(cl, out[min(i+j, size)-1])...)
			}
			if i+j < size { // at most i left and j right: at most i+j
				cl := []int{}
				if i < len(left) {
					cl = append(cl, left[i])
				}
				if j < len(right) {
					cl = append(cl, right[j])
				}
				c.clause(append(cl, -out[i+j])...)
			}
		}
	}
	return out
}

// CertificateFormula is the checker's formula of a model (the number of
// variables and the clauses): with bound nil "a solution exists", else "a
// solution of measure at least (atLeast) or at most bound exists". Tests
// hold it against the SAT backend's encoding clause by clause.
func CertificateFormula(m *Model, bound *int64, atLeast bool) (int, [][]int, error) {
	return certFormula(m, bound, atLeast)
}
