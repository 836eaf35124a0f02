package model

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
)

// A Report is the checker's verdict on a claimed solution.
type Report struct {
	Valid    bool
	Problems []string // what is wrong, precisely; empty when Valid
	// Measures are the quantities of the solution: for a placement pieces,
	// walls and (on boards small enough to scan) attacked and dominated; for a
	// tour its squares; for a slide its moves.
	Measures map[string]int64
	// Value is the measure the model's objective speaks of, or the number of
	// placed pieces, squares toured or moves made.
	Value int64
}

// maxProblems bounds how many problems a report lists.
const maxProblems = 20

// denseLimit bounds the boards on which the checker scans every square.
const denseLimit = 1 << 26

// measureLimit bounds the boards on which the checker counts attacked and
// dominated squares even when no rule asks for them.
const measureLimit = 1 << 12

func (r *Report) fail(format string, args ...any) {
	r.Valid = false
	if len(r.Problems) == maxProblems {
		r.Problems = append(r.Problems, "(further problems not listed)")
	}
	if len(r.Problems) <= maxProblems {
		r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
	}
}

// Check verifies a claimed solution against the model from first principles:
// it shares no code with the backends and recomputes every attack along the
// lines of the board. It never panics on a malformed solution; it says what
// is wrong with it.
func Check(m *Model, s *Solution) *Report {
	r := &Report{Valid: true, Measures: make(map[string]int64, 4)} // pieces, walls, attacked, dominated
	switch m.Kind {
	case KindPlace:
		checkPlacement(m, s, r)
	case KindTour:
		checkTour(m, s, r)
	case KindSlide:
		if m.Slide.Labelled() {
			checkLabelledSlide(m, s, r) // check_slide_groups.go
		} else {
			checkSlide(m, s, r)
		}
	case KindGame:
		checkGame(m, s, r) // game.go
	}
	return r
}

// position is a placement laid out for checking: what blocks lines and what
// stands where.
type position struct {
	m      *Model
	walls  map[Square]bool // free walls added by the solution (nil for none)
	pieces []Placed        // fixed pieces first, then placed ones
	kind   []int           // index into kinds, per piece
	kinds  []*Piece
	// bySquare lists piece indices in square order, so that the pieces on a
	// square are found by binary search even on a board of a million ranks.
	bySquare []int
	// reported holds the attacking pairs already reported (nil for none).
	reported map[[2]int]bool
}

func (p *position) blocked(s Square) bool {
	return !p.m.Board.IsOpen(s) || p.walls[s]
}

// index sorts the pieces by square and numbers their kinds.
func (p *position) index() {
	kindOf := map[string]int{}
	p.kind = make([]int, len(p.pieces))
	p.bySquare = make([]int, len(p.pieces))
	for i, pc := range p.pieces {
		k, ok := kindOf[pc.Piece]
		if !ok {
			k = len(p.kinds)
			kindOf[pc.Piece] = k
			p.kinds = append(p.kinds, p.m.Pieces[pc.Piece])
		}
		p.kind[i] = k
		p.bySquare[i] = i
	}
	slices.SortFunc(p.bySquare, func(a, b int) int {
		x, y := p.pieces[a].Square, p.pieces[b].Square
		return cmp.Or(cmp.Compare(x.Rank, y.Rank), cmp.Compare(x.File, y.File))
	})
}

// at returns the indices of the pieces standing on s.
func (p *position) at(s Square) []int {
	lo := sort.Search(len(p.bySquare), func(i int) bool { return !p.pieces[p.bySquare[i]].Square.Less(s) })
	hi := lo
	for hi < len(p.bySquare) && p.pieces[p.bySquare[hi]].Square == s {
		hi++
	}
	return p.bySquare[lo:hi]
}

func checkPlacement(m *Model, s *Solution, r *Report) {
	if len(s.Squares) > 0 || len(s.Moves) > 0 {
		r.fail("a placement model takes pieces and walls, not tour squares or moves")
	}
	pos := &position{m: m, pieces: make([]Placed, 0, len(m.Fixed)+len(s.Pieces))}
	pos.addWalls(s.Walls, r)
	pos.pieces = append(pos.pieces, m.Fixed...)
	pos.addPieces(s.Pieces, r)
	pos.index()
	if !m.Rules.Stack {
		for i := 1; i < len(pos.bySquare); i++ {
			a, b := pos.pieces[pos.bySquare[i-1]], pos.pieces[pos.bySquare[i]]
			if a.Square == b.Square {
				r.fail("%s and %s share %v; pieces stack only with stack: true", a.Piece, b.Piece, b.Square)
			}
		}
	}
	checkCounts(m, s.Pieces, r)
	checkEqualGroups(m, s.Pieces, r)
	pos.checkAttacks(r)
	pos.checkCountsAndWeights(s.Pieces, r) // check_counts.go
	r.Measures["pieces"] = int64(len(s.Pieces))
	r.Value = r.Measures["pieces"]
	if m.Objective.Measure != MeasureNone {
		r.Value = r.Measures[m.Objective.Measure.String()]
	}
}

// addWalls takes the free walls of a solution: on the board, free squares
// of a model that has free walls, each once, as many as the model allows.
// A fixed wall repeated is harmless.
func (pos *position) addWalls(walls []Square, r *Report) {
	m, b := pos.m, pos.m.Board
	if len(walls) > 0 {
		pos.walls = map[Square]bool{}
	}
	for _, w := range walls {
		switch {
		case !b.Contains(w):
			r.fail("wall %v is not on the %s board", w, b.Dims())
		case b.Cell(w) == Wall:
			// A fixed wall repeated in the solution: harmless.
		case m.FreeWalls == nil:
			r.fail("wall %v is not a wall of the model, which has no free walls", w)
		case pos.walls[w]:
			r.fail("wall %v listed twice", w)
		default:
			pos.walls[w] = true
		}
	}
	if m.FreeWalls != nil && !m.FreeWalls.Contains(len(pos.walls)) {
		r.fail("%d free walls placed; the model allows %s", len(pos.walls), rangeText(*m.FreeWalls))
	}
}

// addPieces takes the placed pieces that name a piece of the model and
// stand on an open square; it reports the others.
func (pos *position) addPieces(pieces []Placed, r *Report) {
	m, b := pos.m, pos.m.Board
	for _, pc := range pieces {
		switch _, known := m.Pieces[pc.Piece]; {
		case !known:
			r.fail("unknown piece %q on %v", pc.Piece, pc.Square)
		case !b.InBounds(pc.Square):
			r.fail("%s on %v is not on the %s board", pc.Piece, pc.Square, b.Dims())
		case !b.Contains(pc.Square):
			r.fail("%s on %v: %v is not on the board", pc.Piece, pc.Square, pc.Square)
		case b.Cell(pc.Square) == Wall:
			r.fail("%s on %v stands on a wall", pc.Piece, pc.Square)
		case pos.walls[pc.Square]:
			r.fail("%s on %v stands on a wall the solution adds", pc.Piece, pc.Square)
		case !knownGroup(m, pc.Group):
			r.fail("%s on %v: %s", pc.Piece, pc.Square, groupProblem(m, pc.Group))
		default:
			pos.pieces = append(pos.pieces, pc)
		}
	}
}

// checkAttacks checks independence and the cover rule, and measures the
// walls and (on boards small enough to scan) the squares attacked and
// dominated.
func (pos *position) checkAttacks(r *Report) {
	m, b := pos.m, pos.m.Board
	needCover := m.Rules.Cover != nil || m.Objective.Measure == MeasureAttacked || m.Objective.Measure == MeasureDominated
	measure := needCover && b.Size() <= denseLimit || b.Size() <= measureLimit
	var grid, occupied, closed []bool
	if measure {
		grid, occupied, closed = pos.attackGrid()
	}
	// The grid holds every attack the lines do (and more where pieces
	// stack), so when it attacks no piece the lines need not be read.
	if m.AnyForbidden() && (!measure || attacksSome(grid, occupied)) {
		pos.checkIndependent(r)
	}
	r.Measures["walls"] = int64(b.WallCount() + len(pos.walls))
	if needCover && b.Size() > denseLimit {
		r.fail("the %s board is too large for the checker to count attacked squares", b.Dims())
		return
	}
	if !measure {
		return
	}
	attacked, dominated := coverage(grid, occupied, closed)
	r.Measures["attacked"] = attacked
	r.Measures["dominated"] = dominated
	if c := m.Rules.Cover; c != nil {
		got := attacked
		if c.What == MeasureDominated {
			got = dominated
		}
		need := int64(c.AtLeast)
		if need == 0 {
			need = int64(b.OpenCount() - len(pos.walls))
		}
		if got < need {
			r.fail("%d squares %s, the rule asks for %d%s", got, c.What, need, pos.uncovered(c.What))
		}
	}
}

func rangeText(c Range) string {
	switch {
	case c.Max == Unbounded:
		return fmt.Sprintf("at least %d", c.Min)
	case c.Min == c.Max:
		return fmt.Sprint(c.Min)
	}
	return fmt.Sprintf("%d to %d", c.Min, c.Max)
}

// checkCounts matches the placed pieces against the place list: for each
// kind of piece, the pieces on light and dark squares must be shared out
// among the entries for light, dark and either colour within their counts.
func checkCounts(m *Model, placed []Placed, r *Report) {
	type tally struct{ light, dark int }
	have := map[string]*tally{}
	for _, p := range placed {
		t := have[placedName(p)]
		if t == nil {
			t = &tally{}
			have[placedName(p)] = t
		}
		if p.Square.Dark() {
			t.dark++
		} else {
			t.light++
		}
	}
	type bounds struct {
		min [3]int64
		max [3]int64
	}
	want := map[string]*bounds{}
	for _, e := range m.Place {
		w := want[entryName(e)]
		if w == nil {
			w = &bounds{}
			want[entryName(e)] = w
		}
		w.min[e.Colour] += int64(e.Count.Min)
		w.max[e.Colour] += int64(e.Count.Max)
	}
	var names []string
	for name := range have {
		names = append(names, name)
	}
	for name := range want {
		if have[name] == nil {
			names = append(names, name)
			have[name] = &tally{}
		}
	}
	sort.Strings(names)
	for _, name := range names {
		t, w := have[name], want[name]
		if w == nil {
			r.fail("%s placed, but the place list has no %s", countOf(int64(t.light+t.dark), name), name)
			continue
		}
		light, dark := int64(t.light), int64(t.dark)
		// Pieces on light squares served by "on light" entries: x; on dark by
		// "on dark" entries: y; the rest by entries of either colour.
		xMax, yMax := min(w.max[Light], light), min(w.max[Dark], dark)
		switch {
		case light < w.min[Light]:
			r.fail("%s on light squares, the place list asks for at least %d", countOf(light, name), w.min[Light])
		case dark < w.min[Dark]:
			r.fail("%s on dark squares, the place list asks for at least %d", countOf(dark, name), w.min[Dark])
		case light+dark-xMax-yMax > w.max[AnyColour]:
			r.fail("%s placed (%d on light, %d on dark); the place list allows fewer, or not on those colours", countOf(light+dark, name), light, dark)
		case light+dark-w.min[Light]-w.min[Dark] < w.min[AnyColour]:
			r.fail("%s placed, the place list asks for at least %d", countOf(light+dark, name), w.min[Light]+w.min[Dark]+w.min[AnyColour])
		}
	}
}

// checkIndependent finds pieces that attack one another. Leaps are looked up
// square by square. Rides are checked line by line: every piece and blocking
// square is filed under the ride line it lies on, so that even a board of a
// million ranks is checked in time proportional to its pieces.
func (p *position) checkIndependent(r *Report) {
	if p.m.Board.Wrapped() {
		p.checkIndependentWrapped(r)
		return
	}
	for i, pc := range p.pieces {
		for _, v := range p.kinds[p.kind[i]].Leaps {
			for _, j := range p.at(pc.Square.Add(v)) {
				if !p.attack(r, i, j) {
					return
				}
			}
		}
	}
	// One pass per axis serves a direction and its opposite.
	axes := map[Vector]bool{}
	for _, k := range p.kinds {
		for _, d := range k.Rides {
			if d.Rank < 0 || (d.Rank == 0 && d.File < 0) {
				d = Vector{-d.File, -d.Rank}
			}
			axes[d] = true
		}
	}
	for d := range axes {
		if !p.checkLines(d, r) {
			return
		}
	}
}

// attack reports that piece i attacks piece j, once for each such pair. It
// returns false once the report is full, to stop the search.
func (p *position) attack(r *Report, i, j int) bool {
	if !p.forbidden(i, j) {
		return true // an attack the group rules allow
	}
	if !p.reported[[2]int{i, j}] {
		if p.reported == nil {
			p.reported = map[[2]int]bool{}
		}
		p.reported[[2]int{i, j}] = true
		a, b := p.pieces[i], p.pieces[j]
		r.fail("%s on %v attacks %s on %v", placedName(a), a.Square, placedName(b), b.Square)
	}
	return len(r.Problems) <= maxProblems
}

// A lineItem is a piece or a blocking square on a ride line, at a position
// counted in steps along the line.
type lineItem struct {
	line  [2]int
	step  int
	piece int // index into pieces, or -1 for a blocker
}

// checkLines reports attacks along the axis d, in both directions. It
// returns false once the report is full.
func (p *position) checkLines(d Vector, r *Report) bool {
	back := Vector{-d.File, -d.Rank}
	forward, backward := make([]bool, len(p.kinds)), make([]bool, len(p.kinds))
	for k, pc := range p.kinds {
		forward[k], backward[k] = rides(pc, d), rides(pc, back)
	}
	items := make([]lineItem, 0, len(p.pieces)+len(p.m.Board.cells)+len(p.walls))
	add := func(s Square, piece int) {
		line, step := lineOf(s, d)
		items = append(items, lineItem{line, step, piece})
	}
	for i, pc := range p.pieces {
		if !p.blocked(pc.Square) {
			add(pc.Square, i)
		}
	}
	for s := range p.m.Board.cells {
		add(s, -1)
	}
	for s := range p.walls {
		add(s, -1)
	}
	slices.SortFunc(items, func(x, y lineItem) int {
		return cmp.Or(cmp.Compare(x.line[0], y.line[0]), cmp.Compare(x.line[1], y.line[1]),
			cmp.Compare(x.step, y.step), cmp.Compare(x.piece, y.piece))
	})
	strong := p.m.Rules.Attack == Strong
	// scan attacks from items[a] over the items in direction dir (+1 or -1).
	scan := func(a, dir int) bool {
		from := items[a]
		for b := a + dir; b >= 0 && b < len(items) && items[b].line == from.line; b += dir {
			to := items[b]
			if to.step == from.step {
				continue // a piece stacked on the same square
			}
			if to.piece < 0 {
				return true
			}
			if !p.attack(r, from.piece, to.piece) {
				return false
			}
			// Every piece on the first occupied square is attacked; under
			// strong attack nothing beyond it.
			for c := b + dir; strong && c >= 0 && c < len(items) && items[c].line == from.line && items[c].step == to.step; c += dir {
				if !p.attack(r, from.piece, items[c].piece) {
					return false
				}
			}
			if strong {
				return true
			}
		}
		return true
	}
	for a, it := range items {
		if it.piece < 0 {
			continue
		}
		k := p.kind[it.piece]
		if forward[k] && !scan(a, +1) {
			return false
		}
		if backward[k] && !scan(a, -1) {
			return false
		}
	}
	return true
}

func rides(pc *Piece, d Vector) bool {
	for _, v := range pc.Rides {
		if v == d {
			return true
		}
	}
	return false
}

// lineOf names the ride line through s in direction d (the squares s + k*d
// for every integer k) and gives the position of s on it.
func lineOf(s Square, d Vector) (key [2]int, step int) {
	// Points on the line share cross = d.Rank*File - d.File*Rank; among those,
	// the residue of the coordinate that d advances tells which lattice line
	// of steps of d they belong to.
	cross := d.Rank*s.File - d.File*s.Rank
	if d.File != 0 {
		return [2]int{cross, mod(s.File, abs(d.File))}, floorDiv(s.File, d.File)
	}
	return [2]int{cross, mod(s.Rank, abs(d.Rank))}, floorDiv(s.Rank, d.Rank)
}

func mod(a, n int) int { return ((a % n) + n) % n }

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// coverage counts the open squares of the grids attacked, and those
// occupied or attacked.
func coverage(grid, occupied, closed []bool) (attacked, dominated int64) {
	for i := range grid {
		if closed[i] {
			continue
		}
		if grid[i] {
			attacked++
		}
		if grid[i] || occupied[i] {
			dominated++
		}
	}
	return attacked, dominated
}

// attacksSome tells whether a piece stands on an attacked square.
func attacksSome(attacked, occupied []bool) bool {
	for i, o := range occupied {
		if o && attacked[i] {
			return true
		}
	}
	return false
}

// attackGrid marks every square some piece attacks, stepping along each
// ride, every square a piece stands on, and every square a wall or the
// board's shape closes.
func (p *position) attackGrid() (attacked, occupied, closed []bool) {
	b := p.m.Board
	grids := make([]bool, 3*b.Size())
	attacked, occupied, closed = grids[:b.Size()], grids[b.Size():2*b.Size()], grids[2*b.Size():]
	for s := range b.cells {
		closed[b.Index(s)] = true
	}
	for s := range p.walls {
		closed[b.Index(s)] = true
	}
	blocked := func(t Square) bool { return !b.InBounds(t) || closed[b.Index(t)] }
	for _, pc := range p.pieces {
		if b.InBounds(pc.Square) {
			occupied[b.Index(pc.Square)] = true
		}
	}
	strong := p.m.Rules.Attack == Strong
	for i, pc := range p.pieces {
		def := p.kinds[p.kind[i]]
		if b.Wrapped() {
			p.markWrapped(pc.Square, def, attacked, occupied, blocked)
			continue
		}
		for _, v := range def.Leaps {
			if t := pc.Square.Add(v); !blocked(t) {
				attacked[b.Index(t)] = true
			}
		}
		for _, d := range def.Rides {
			for t := pc.Square.Add(d); !blocked(t); t = t.Add(d) {
				attacked[b.Index(t)] = true
				if strong && occupied[b.Index(t)] {
					break
				}
			}
		}
	}
	return attacked, occupied, closed
}

// markWrapped marks what a piece of kind def on s attacks on a wrapped
// board.
func (p *position) markWrapped(s Square, def *Piece, attacked, occupied []bool, blocked func(Square) bool) {
	b := p.m.Board
	strong := p.m.Rules.Attack == Strong
	mark := func(t Square) bool {
		attacked[b.Index(t)] = true
		return !strong || !occupied[b.Index(t)]
	}
	for _, v := range def.Leaps {
		wrapWalk(b, s, v, false, blocked, mark)
	}
	for _, d := range def.Rides {
		wrapWalk(b, s, d, true, blocked, mark)
	}
}

// uncovered names a few squares a coverage rule misses.
func (p *position) uncovered(what Measure) string {
	grid, occupied, closed := p.attackGrid()
	b := p.m.Board
	var missed []Square
	for i := 0; i < b.Size() && len(missed) < 8; i++ {
		s := b.Square(i)
		if closed[i] || grid[i] || (what == MeasureDominated && occupied[i]) {
			continue
		}
		missed = append(missed, s)
	}
	if len(missed) == 0 {
		return ""
	}
	return fmt.Sprintf(" (not %s: %v)", what, missed)
}

// ---- tours ----

// steps tells how many steps of d make diff, when a whole positive number
// of them does.
func steps(d, diff Vector) (int, bool) {
	k := 0
	if d.File != 0 {
		k = diff.File / d.File
	} else {
		k = diff.Rank / d.Rank
	}
	return k, k >= 1 && d.File*k == diff.File && d.Rank*k == diff.Rank
}

// move reports whether pc can go from a to b on an empty board with walls:
// a leap, or a ride whose intermediate squares are all open.
func move(b *Board, pc *Piece, from, to Square, occupied func(Square) bool) bool {
	if b.Wrapped() {
		return wrapMove(b, pc, from, to, occupied, false)
	}
	diff := Vector{to.File - from.File, to.Rank - from.Rank}
	for _, v := range pc.Leaps {
		if v == diff {
			return true
		}
	}
	for _, d := range pc.Rides {
		k, ok := steps(d, diff)
		if !ok {
			continue
		}
		clear := true
		for i := 1; i < k && clear; i++ {
			s := from.Add(Vector{d.File * i, d.Rank * i})
			clear = b.IsOpen(s) && !occupied(s)
		}
		if clear {
			return true
		}
	}
	return false
}

func checkTour(m *Model, s *Solution, r *Report) {
	b := m.Board
	if len(s.Pieces) > 0 || len(s.Walls) > 0 || len(s.Moves) > 0 {
		r.fail("a tour model takes squares, not pieces, walls or moves")
	}
	r.Measures["squares"] = int64(len(s.Squares))
	r.Value = int64(len(s.Squares))
	if len(s.Squares) == 0 {
		r.fail("the tour is empty")
		return
	}
	if b.Size() > denseLimit {
		r.fail("the %s board is too large for the tour checker", b.Dims())
		return
	}
	t := m.Tour
	if t.Start != nil && s.Squares[0] != *t.Start {
		r.fail("the tour starts on %v, the model asks for %v", s.Squares[0], *t.Start)
	}
	seen := make([]bool, b.Size())
	none := func(Square) bool { return false }
	for i, q := range s.Squares {
		if !b.IsOpen(q) {
			r.fail("square %d of the tour, %v, is not an open square of the board", i+1, q)
			continue
		}
		if seen[b.Index(q)] {
			r.fail("square %v visited twice (again at step %d)", q, i+1)
		}
		seen[b.Index(q)] = true
		if i > 0 && b.IsOpen(s.Squares[i-1]) && !move(b, t.Piece, s.Squares[i-1], q, none) {
			r.fail("step %d, %v to %v, is not a %s move", i, s.Squares[i-1], q, t.Piece.Name)
		}
	}
	if want := b.OpenCount(); len(s.Squares) != want {
		r.fail("the tour visits %d squares, the board has %d", len(s.Squares), want)
	}
	if t.Closed {
		checkClosing(b, t.Piece, s.Squares, r)
	}
}

// checkClosing checks the move that closes a tour. A closed tour is a
// cycle of the move graph, which joins two squares once however many
// moves go between them (docs/tour.md), so it has at least 3 squares: on
// 2 the closing step would join the first two squares again, even where a
// wrapped board gives it a move of its own, and 1 square is joined to no
// square.
func checkClosing(b *Board, pc *Piece, squares []Square, r *Report) {
	if len(squares) < 3 {
		r.fail("a closed tour visits at least 3 squares (a cycle joins two squares once, even where two moves join them), this one %d", len(squares))
		return
	}
	first, last := squares[0], squares[len(squares)-1]
	if b.IsOpen(first) && b.IsOpen(last) && !move(b, pc, last, first, func(Square) bool { return false }) {
		r.fail("the tour is not closed: %v to %v is not a %s move", last, first, pc.Name)
	}
}

// ---- slides ----

func checkSlide(m *Model, s *Solution, r *Report) {
	b := m.Board
	if len(s.Pieces) > 0 || len(s.Walls) > 0 || len(s.Squares) > 0 {
		r.fail("a slide model takes moves, not pieces, walls or squares")
	}
	pc := m.Slide.Piece
	occupied := map[Square]bool{}
	for _, q := range m.Slide.From {
		occupied[q] = true
	}
	isOccupied := func(q Square) bool { return occupied[q] }
	for i, mv := range s.Moves {
		n := i + 1
		switch {
		case !occupied[mv.From]:
			r.fail("move %d, %v-%v: no %s on %v", n, mv.From, mv.To, pc.Name, mv.From)
		case !b.IsOpen(mv.To) || occupied[mv.To]:
			r.fail("move %d, %v-%v: %v is not a free open square", n, mv.From, mv.To, mv.To)
		case !move(b, pc, mv.From, mv.To, isOccupied):
			r.fail("move %d, %v-%v: not a %s move", n, mv.From, mv.To, pc.Name)
		case !maximal(b, pc, mv, isOccupied):
			r.fail("move %d, %v-%v: the %s does not slide as far as it goes", n, mv.From, mv.To, pc.Name)
		}
		if !r.Valid {
			return // later moves would be judged on a wrong position
		}
		delete(occupied, mv.From)
		occupied[mv.To] = true
	}
	for _, q := range m.Slide.To {
		if !occupied[q] {
			var at []Square
			for o := range occupied {
				at = append(at, o)
			}
			SortSquares(at)
			r.fail("after %d moves the pieces stand on %v, not on %v", len(s.Moves), at, m.Slide.To)
			break
		}
	}
	r.Measures["moves"] = int64(len(s.Moves))
	r.Value = int64(len(s.Moves))
}

// maximal reports whether a slide stops only because the next square along
// its line is blocked. A leap is always maximal.
func maximal(b *Board, pc *Piece, mv Move, occupied func(Square) bool) bool {
	if b.Wrapped() {
		return wrapMove(b, pc, mv.From, mv.To, occupied, true)
	}
	diff := Vector{mv.To.File - mv.From.File, mv.To.Rank - mv.From.Rank}
	for _, v := range pc.Leaps {
		if v == diff {
			return true
		}
	}
	for _, d := range pc.Rides {
		if _, ok := steps(d, diff); !ok {
			continue
		}
		next := mv.To.Add(d)
		if !b.IsOpen(next) || occupied(next) {
			return true
		}
	}
	return false
}

// countOf is a number of pieces in words: "1 queen", "2 queens", "0 queens".
func countOf(n int64, piece string) string {
	if n == 1 {
		return "1 " + piece
	}
	return fmt.Sprintf("%d %ss", n, piece)
}
