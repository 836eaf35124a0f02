package ilp

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/chessmodel/chessmodel/model"
)

// A placement model becomes a program in layers, each in its own file:
//
//	pieces and walls  one binary per (piece, square) and per free-wall square
//	                  (this file), with stacked copies as extra levels;
//	counts            the place list's counts and colours (place_counts.go);
//	independence      segment and window rows along lines, clique rows for
//	                  leaps (place_independence.go);
//	coverage          attack and domination with visibility variables for
//	                  strong attack (place_coverage.go);
//	objective         pieces, attacked, dominated or walls (this file).

// A kind is one piece of the place list, with every entry that names it.
type kind struct {
	piece   *model.Piece
	group   string // in a group model each (piece, group) is a kind (place_armies.go)
	prefix  string
	entries []model.PlaceEntry
}

// allows reports whether some entry lets the piece stand on s.
func (k *kind) allows(s model.Square) bool {
	for _, e := range k.entries {
		if e.Colour.Allows(s) {
			return true
		}
	}
	return false
}

// maxOn is the most pieces of this kind the place list allows on squares
// of s's colour, model.Unbounded when open-ended.
func (k *kind) maxOn(s model.Square) int {
	total := 0
	for _, e := range k.entries {
		if !e.Colour.Allows(s) {
			continue
		}
		if e.Count.Max == model.Unbounded {
			return model.Unbounded
		}
		total += e.Count.Max
	}
	return total
}

// minOn is the least number of pieces of this kind the entries allowing s's
// colour ask for.
func (k *kind) minOn(s model.Square) int {
	total := 0
	for _, e := range k.entries {
		if e.Colour.Allows(s) {
			total += e.Count.Min
		}
	}
	return total
}

// A presence is a piece variable of level 1: the piece stands on the square.
type presence struct {
	kind *kind
	v    int
}

// placement compiles one placement model.
type placement struct {
	*builder
	m     *model.Model
	board *model.Board
	form  formulation
	stack bool

	kinds []*kind
	open  []model.Square // open squares of the board, in index order
	// onBoard are the pieces that can stand on the board: the kinds placed
	// and the fixed pieces.
	onBoard []*model.Piece
	fixed   map[model.Square][]*model.Piece

	presences map[model.Square][]presence // level-1 variables, kinds in order
	pieceVars []int                       // every piece variable, all levels
	walls     map[model.Square]int        // free-wall variables
	attVars   []int                       // att_<t>, when a measure needs them
	domVars   []int                       // dom_<t>
	// indicators memoises the stacked-square indicators (indicator()).
	indicators map[string]linear
	// varsOn lists the piece variables by square (piecesOn, attack counts)
	varsOn map[model.Square][]int
}

func compilePlacement(m *model.Model, form formulation, limit int64) (*Program, error) {
	pc := &placement{
		builder:    newBuilder(m.Name),
		m:          m,
		board:      m.Board,
		form:       form,
		stack:      m.Rules.Stack,
		fixed:      map[model.Square][]*model.Piece{},
		presences:  map[model.Square][]presence{},
		walls:      map[model.Square]int{},
		indicators: map[string]linear{},
	}
	pc.p.limit = limit
	if err := pc.collect(); err != nil {
		return nil, err
	}
	if err := pc.checkPieceCost(); err != nil {
		return nil, err
	}
	plain := m.Plain()
	if !plain {
		if err := pc.refuseGeneral(); err != nil { // place_general.go
			return nil, err
		}
	}
	pc.pieceVariables()
	pc.wallVariables()
	pc.squareRows()
	pc.countRows()
	pc.wallCountRows()
	switch {
	case m.HasGroups():
		if err := pc.armies(); err != nil { // place_armies.go
			return nil, err
		}
	case m.Rules.Independent && plain:
		pc.independence()
	case m.Rules.Independent:
		pc.reachIndependence()
	}
	pc.coverage()
	if err := pc.attackCounts(); err != nil { // place_attack_counts.go
		return nil, err
	}
	if form.breakSymmetry {
		pc.breakSymmetry() // place_symmetry.go
	}
	pc.objective()
	if pc.p.overLimit {
		return nil, fmt.Errorf("ilp: the program grew past %d columns and %d rows, about %s, above the bound of %s: %w",
			len(pc.p.Variables), len(pc.p.Rows), model.ByteSize(pc.p.cost), model.ByteSize(limit), model.ErrTooLarge)
	}
	return pc.p, nil
}

// checkPieceCost estimates, before any is made, the piece variables and
// their copy rows — with stacking, one per piece that may stand on a square,
// which a count like 10^9 makes arbitrarily many — and refuses the model
// when they alone are above the memory bound.
func (pc *placement) checkPieceCost() error {
	const perColumn = bytesPerColumn + bytesPerRow + 2*bytesPerTerm + 16
	var columns int64
	refuse := func() error {
		return fmt.Errorf("ilp: the place list needs %d or more piece variables (stacked copies count), about %s, above the bound of %s: %w",
			columns, model.ByteSize(columns*perColumn), model.ByteSize(pc.p.limit), model.ErrTooLarge)
	}
	for _, k := range pc.kinds {
		for _, s := range pc.open {
			if !k.allows(s) {
				continue
			}
			copies := int64(1)
			if pc.stack {
				copies = int64(k.maxOn(s))
				if copies >= model.Unbounded {
					copies = int64(max(1, k.minOn(s)))
				}
			}
			columns += copies
			if columns > pc.p.limit/perColumn {
				return refuse() // checked as it grows: the sum cannot wrap
			}
		}
	}
	return nil
}

// collect gathers the kinds, the open squares and the fixed pieces.
func (pc *placement) collect() error {
	byName := map[[2]string]*kind{}
	for _, e := range pc.m.Place {
		k := byName[[2]string{e.Piece.Name, e.Group}]
		if k == nil {
			k = &kind{piece: e.Piece, group: e.Group, prefix: piecePrefix(e.Piece) + groupSuffix(e.Group)}
			byName[[2]string{e.Piece.Name, e.Group}] = k
			pc.kinds = append(pc.kinds, k)
		}
		k.entries = append(k.entries, e)
	}
	sort.SliceStable(pc.kinds, func(i, j int) bool { return pc.kinds[i].piece.Name < pc.kinds[j].piece.Name })
	// Variable names must be unique even where prefixes are not (two names
	// the same once sanitized or cut short): a prefix already taken gets the
	// kind's index.
	prefixes := map[string]bool{}
	for i, k := range pc.kinds {
		if prefixes[k.prefix] {
			k.prefix = "p" + strconv.Itoa(i) + "_" + shortName(k.piece.Name)
		}
		prefixes[k.prefix] = true
	}
	seen := map[string]bool{}
	for _, k := range pc.kinds {
		if !seen[k.piece.Name] {
			seen[k.piece.Name] = true
			pc.onBoard = append(pc.onBoard, k.piece)
		}
	}
	for _, f := range pc.m.Fixed {
		piece, ok := pc.m.Pieces[f.Piece]
		if !ok {
			return fmt.Errorf("ilp: fixed piece %q on %v is not defined", f.Piece, f.Square)
		}
		pc.fixed[f.Square] = append(pc.fixed[f.Square], piece)
		if !seen[f.Piece] {
			seen[f.Piece] = true
			pc.onBoard = append(pc.onBoard, piece)
		}
	}
	for i := 0; i < pc.board.Size(); i++ {
		if s := pc.board.Square(i); pc.board.IsOpen(s) {
			pc.open = append(pc.open, s)
		}
	}
	return nil
}

// pieceVariables creates one binary per kind and square it may stand on;
// with stacking, a square that may hold several pieces of a kind gets one
// binary per copy, q_d4 (at least one queen on d4), q_d4_2 (at least two),
// ordered by rows, so that each multiset of pieces has exactly one 0/1
// image and no-good cuts count it once.
func (pc *placement) pieceVariables() {
	for _, k := range pc.kinds {
		for _, s := range pc.open {
			if !k.allows(s) || (len(pc.fixed[s]) > 0 && !pc.stack) {
				continue
			}
			copies := 1
			if pc.stack {
				copies = k.maxOn(s)
				if copies == model.Unbounded {
					// Identical pieces on one square attack alike; beyond
					// the least the place list asks for, copies only add to
					// the number of pieces.
					copies = max(1, k.minOn(s))
					pc.p.unboundedStack = true
				}
			}
			name := k.prefix + "_" + s.String()
			first := pc.p.addVariable(Variable{Name: name, Upper: 1, Integer: true, Role: RolePiece,
				Piece: k.piece.Name, Group: k.group, Square: s, Level: 1})
			pc.presences[s] = append(pc.presences[s], presence{kind: k, v: first})
			pc.pieceVars = append(pc.pieceVars, first)
			previous := first
			for level := 2; level <= copies; level++ {
				v := pc.p.addVariable(Variable{Name: name + "_" + strconv.Itoa(level), Upper: 1, Integer: true,
					Role: RolePiece, Piece: k.piece.Name, Square: s, Level: level})
				pc.pieceVars = append(pc.pieceVars, v)
				var l linear
				pc.addRow("copy_"+pc.p.Variables[v].Name, *l.plus(v, 1).plus(previous, -1), LessEqual, 0)
				previous = v
			}
		}
	}
}

// wallVariables creates a binary per square that may take a free wall: open
// and without a fixed piece.
func (pc *placement) wallVariables() {
	if pc.m.FreeWalls == nil {
		return
	}
	for _, s := range pc.open {
		if len(pc.fixed[s]) > 0 {
			continue
		}
		pc.walls[s] = pc.p.addVariable(Variable{Name: "w_" + s.String(), Upper: 1, Integer: true,
			Role: RoleWall, Square: s})
	}
}

// wall returns the free wall of s as an expression (zero when s cannot
// take one).
func (pc *placement) wall(s model.Square) linear {
	var l linear
	if w, ok := pc.walls[s]; ok {
		l.plus(w, 1)
	}
	return l
}

// squareRows keeps a square to one piece (without stacking) and pieces off
// free walls.
func (pc *placement) squareRows() {
	for _, s := range pc.open {
		w, hasWall := pc.walls[s]
		if !pc.stack {
			var l linear
			for _, pr := range pc.presences[s] {
				l.plus(pr.v, 1)
			}
			if hasWall {
				l.plus(w, 1)
			}
			if len(l.terms) >= 2 {
				pc.addRow("square_"+s.String(), l, LessEqual, 1)
			}
			continue
		}
		if !hasWall {
			continue
		}
		for _, pr := range pc.presences[s] {
			var l linear
			pc.addRow("square_"+s.String()+"_"+pr.kind.prefix, *l.plus(pr.v, 1).plus(w, 1), LessEqual, 1)
		}
	}
}

// wallCountRows bounds the number of free walls.
func (pc *placement) wallCountRows() {
	r := pc.m.FreeWalls
	if r == nil {
		return
	}
	var l linear
	for _, s := range pc.open {
		if w, ok := pc.walls[s]; ok {
			l.plus(w, 1)
		}
	}
	addRange(pc.builder, "walls_count", l, *r)
}

// addRange adds min <= l <= max as one row or two.
func addRange(b *builder, name string, l linear, r model.Range) {
	switch {
	case r.Min == r.Max:
		b.addRow(name, l, Equal, float64(r.Min))
	default:
		if r.Min > 0 {
			b.addRow(name+"_min", l, GreaterEqual, float64(r.Min))
		}
		if r.Max != model.Unbounded {
			b.addRow(name+"_max", l, LessEqual, float64(r.Max))
		}
	}
}

// presenceSum is the number of pieces (at level 1: one per kind) on s that
// satisfy match, fixed pieces included as constants. It is at least 1
// exactly when such a piece stands there; without stacking it is 0 or 1.
func (pc *placement) presenceSum(s model.Square, match func(*model.Piece) bool) linear {
	var l linear
	for _, pr := range pc.presences[s] {
		if match(pr.kind.piece) {
			l.plus(pr.v, 1)
		}
	}
	for _, f := range pc.fixed[s] {
		if match(f) {
			l.plusConst(1)
		}
	}
	return l
}

// mayHold reports whether a piece satisfying match can stand on s.
func (pc *placement) mayHold(s model.Square, match func(*model.Piece) bool) bool {
	return !pc.presenceSum(s, match).isZero()
}

// indicator is an expression that is at least 1 when a piece satisfying
// match stands on s and that can be 0 otherwise, for the left side of "at
// most one" rows. Without stacking the presence sum is that already; with
// stacking two pieces may share s, so several candidates get an auxiliary
// variable bounded below by each of them.
func (pc *placement) indicator(s model.Square, tag string, match func(*model.Piece) bool) linear {
	l := pc.presenceSum(s, match)
	if !pc.stack || len(l.terms) <= 1 && l.constant == 0 {
		return l
	}
	if l.constant > 0 {
		return linear{constant: 1}
	}
	key := tag + "_" + s.String()
	if memo, ok := pc.indicators[key]; ok {
		return memo
	}
	has := pc.p.addVariable(unitVariable("has_" + key))
	for _, t := range l.terms {
		var row linear
		pc.addRow("has_"+key+"_"+pc.p.Variables[t.Var].Name, *row.plus(has, 1).plus(t.Var, -1), GreaterEqual, 0)
	}
	var out linear
	out.plus(has, 1)
	pc.indicators[key] = out
	return out
}

func anyPiece(*model.Piece) bool { return true }

// rides returns a matcher for pieces that ride direction d.
func rides(d model.Vector) func(*model.Piece) bool {
	return func(p *model.Piece) bool {
		for _, r := range p.Rides {
			if r == d {
				return true
			}
		}
		return false
	}
}

// notRides returns a matcher for pieces that do not ride direction d.
func notRides(d model.Vector) func(*model.Piece) bool {
	r := rides(d)
	return func(p *model.Piece) bool { return !r(p) }
}

// rideDirections lists every direction some piece on the board rides, in
// a fixed order.
func (pc *placement) rideDirections() []model.Vector {
	seen := map[model.Vector]bool{}
	var out []model.Vector
	for _, p := range pc.onBoard {
		for _, d := range p.Rides {
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return directionLess(out[i], out[j]) })
	return out
}

// segments lists the maximal runs of open squares along direction d, each
// in order of steps along d: the stretches a rider's line crosses before a
// wall, a square off the board or the edge stops it.
func (pc *placement) segments(d model.Vector) [][]model.Square {
	var out [][]model.Square
	for i := 0; i < pc.board.Size(); i++ {
		start := pc.board.Square(i)
		if pc.board.InBounds(start.Add(model.Vector{File: -d.File, Rank: -d.Rank})) {
			continue // not the first square of its line
		}
		var run []model.Square
		for s := start; pc.board.InBounds(s); s = s.Add(d) {
			if pc.board.IsOpen(s) {
				run = append(run, s)
				continue
			}
			if len(run) > 0 {
				out = append(out, run)
			}
			run = nil
		}
		if len(run) > 0 {
			out = append(out, run)
		}
	}
	return out
}

// objective sets what the program optimises.
func (pc *placement) objective() {
	o := pc.m.Objective
	pc.p.Objective = Objective{Sense: o.Sense, Measure: o.Measure}
	if o.Sense == model.Fixed || o.Measure == model.MeasureNone {
		pc.p.Objective.Sense = model.Fixed
		pc.p.Objective.Measure = model.MeasureNone
		return
	}
	var l linear
	switch o.Measure {
	case model.MeasurePieces:
		for _, v := range pc.pieceVars {
			l.plus(v, 1)
		}
	case model.MeasureAttacked:
		l = pc.attackedSum()
	case model.MeasureDominated:
		l = pc.dominatedSum()
	case model.MeasureWeight: // each piece scores its square's weight
		for _, v := range pc.pieceVars {
			l.plus(v, float64(pc.m.Weight(pc.p.Variables[v].Square)))
		}
	case model.MeasureAttackedWeight: // att_<t> is exact both ways (coverageNeeds)
		for i, v := range pc.attVars {
			l.plus(v, float64(pc.m.Weight(pc.open[i])))
		}
	case model.MeasureWalls:
		for _, s := range pc.open {
			l.plusLinear(pc.wall(s), 1)
		}
		if fixed := len(pc.board.Walls()); fixed > 0 {
			l.plus(pc.constantOne(), float64(fixed))
		}
	}
	pc.p.Objective.Terms = merged(l.terms)
}
