package ilp

import (
	"context"
	"fmt"
	"math"

	"github.com/chessmodel/chessmodel/model"
)

// A slide model becomes a time-expanded program at a horizon of T steps:
//
//	occupancy  x_t_s = 1 when a piece stands on open square s after step t
//	           (t = 1..T; step 0 is the start, folded in as constants);
//	moves      m_t_a_b = 1 when step t moves the piece on a to b, one
//	           variable per geometric move: a leap, or a ride from a to b
//	           along one direction over open squares;
//	one move   the move variables of a step add up to at most 1 (a step
//	           may idle: lp_solve proves the short horizons infeasible far
//	           faster than with exactly one move, 1.6 s against more than
//	           two minutes at horizon 5 of the 4x4 queens);
//	a move     needs a piece on a and no piece on b or between them before
//	           the step, and, for a ride, a piece on the square beyond b
//	           unless that square is off the board or a wall (the slide is
//	           maximal); with one move per step these add up per square:
//	           (moves from s) <= x_(t-1)_s, (moves over or onto s) +
//	           x_(t-1)_s <= 1, (moves stopped by s) <= x_(t-1)_s;
//	flow       x_t_s = x_(t-1)_s - (moves out of s) + (moves into s);
//	pieces     the occupancy of each step adds up to the number of pieces
//	           (implied by the flow; it tightens the relaxation);
//	goal       x_T_s = 1 on the goal squares, 0 elsewhere;
//	objective  minimise the moves.
//
// Horizons are solved in turn from 0: the first feasible horizon T is the
// least number of moves, proved by the infeasibility of the one step
// shorter (which holds every solution of fewer than T moves, idling).

// maxSlideSquares bounds the boards CompileSlide accepts: the program has a
// variable per square and per geometric move at every step, and lp_solve
// already stalls at horizon 9 of the 6x6 queens (36 squares); on the 8x8
// seed boards it would run without end, so they are refused at once.
const maxSlideSquares = 36

// slideQuantity is what a slide's program minimises; Decode reads moves
// from a program that minimises it.
const slideQuantity = "moves"

// geometricMove is a move on the board without pieces: the squares it
// crosses (to included) and the square beyond a ride's end that must hold
// a piece, when it is open.
type geometricMove struct {
	from, to model.Square
	path     []model.Square // squares strictly between from and to, then to
	beyond   *model.Square
	leap     bool
	dir      model.Vector // a ride's direction
}

func geometricMoves(m *model.Model) []geometricMove {
	b := m.Board
	pc := m.Slide.Piece
	var out []geometricMove
	for i := 0; i < b.Size(); i++ {
		from := b.Square(i)
		if !b.IsOpen(from) {
			continue
		}
		for _, v := range pc.Leaps {
			if to, ok := b.Reduce(from.File+v.File, from.Rank+v.Rank); ok && to != from && b.IsOpen(to) {
				out = append(out, geometricMove{from: from, to: to, path: []model.Square{to}, leap: true})
			}
		}
		for _, d := range pc.Rides {
			out = append(out, rideMoves(b, from, d)...)
		}
	}
	return out
}

// rideMoves lists the rides of d from from, one per square where the ride
// may stop. The line is folded across glued edges (model.Board.Reduce); a
// ride stops before a closed square, an edge that is not glued, or a
// piece beyond; where the square beyond is the start itself, which the
// moving piece has left, nothing stops it there.
func rideMoves(b *model.Board, from model.Square, d model.Vector) []geometricMove {
	var out []geometricMove
	var path []model.Square
	at := func(k int) (model.Square, bool) { return b.Reduce(from.File+k*d.File, from.Rank+k*d.Rank) }
	for k := 1; k <= 2*b.Size(); k++ {
		to, ok := at(k)
		if !ok || to == from || !b.IsOpen(to) {
			break
		}
		path = append(path, to)
		g := geometricMove{from: from, to: to, path: append([]model.Square(nil), path...), dir: d}
		next, ok := at(k + 1)
		if ok && next == from {
			continue
		}
		if ok && b.IsOpen(next) {
			g.beyond = &next
		}
		out = append(out, g)
	}
	return out
}

// CompileSlide translates a slide model into its time-expanded program at
// the given horizon. Compile does not take slide models: the horizon is
// found by solving.
func CompileSlide(m *model.Model, horizon int) (*Program, error) {
	return compileSlide(m, horizon, defaultSlideForm)
}

// CompileSlideWithin is CompileSlide under a memory bound, maxMemory as in
// model.Options.MaxMemory (0 for model.DefaultMaxMemory, negative for
// none): the program's size is estimated from the horizon before it is
// built (slideCost), and one above the bound is refused with an error
// wrapping model.ErrTooLarge. The build stops between steps when ctx is
// done, with its error.
func CompileSlideWithin(ctx context.Context, m *model.Model, horizon int, maxMemory int64) (*Program, error) {
	return buildSlide(ctx, m, horizon, defaultSlideForm, model.MemoryLimit(maxMemory))
}

// slideVars are the columns of a time-expanded program, for the cuts:
// move[t][i] is the variable of geometric move i at step t, at[t][s] the
// occupancy of square s after step t (1..T), step[t] the moves of step t.
type slideVars struct {
	moves []geometricMove
	open  []model.Square
	move  [][]int
	at    []map[model.Square]int
	step  []linear
}

// compileSlide builds the program at a horizon with no memory bound.
func compileSlide(m *model.Model, horizon int, form slideForm) (*Program, error) {
	return buildSlide(context.Background(), m, horizon, form, math.MaxInt64)
}

// slideCost estimates the bytes of the program at a horizon (as
// Program.cost counts them) from the programs of horizons 2, 3 and 4,
// which it builds: every step adds the same columns and rows, only their
// names grow, except the distance rows, which reach to the last step, so
// the cost is a quadratic in the horizon. It saturates at MaxInt64.
func slideCost(m *model.Model, horizon int, form slideForm) (int64, error) {
	var c [3]float64
	for i := range c {
		p, err := compileSlide(m, 2+i, form)
		if err != nil {
			return 0, err
		}
		c[i] = float64(p.cost)
	}
	x := float64(horizon - 2)
	est := c[0] + x*(c[1]-c[0]) + x*(x-1)/2*max(0, c[2]-2*c[1]+c[0])
	if est >= math.MaxInt64 {
		return math.MaxInt64, nil
	}
	return int64(est), nil
}

// checkSlideCost refuses a horizon whose program is estimated above limit.
func checkSlideCost(m *model.Model, horizon int, form slideForm, limit int64) error {
	if horizon <= 4 || limit == math.MaxInt64 {
		return nil
	}
	cost, err := slideCost(m, horizon, form)
	if err != nil || cost <= limit {
		return err
	}
	return fmt.Errorf("ilp: the time-expanded program of a slide at horizon %d would take about %s, above the bound of %s: %w",
		horizon, model.ByteSize(cost), model.ByteSize(limit), model.ErrTooLarge)
}

func buildSlide(ctx context.Context, m *model.Model, horizon int, form slideForm, limit int64) (*Program, error) {
	if err := checkSlide(m, horizon, form, limit); err != nil {
		return nil, err
	}
	sb := newSlideBuild(m, horizon, form)
	if form.occupancyFirst {
		for t := 1; t <= horizon; t++ {
			sb.occupancy(t)
		}
	}
	for t := 1; t <= horizon; t++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sb.step(t)
	}
	sb.goalRows()
	addSlideCuts(sb.bl, m, sb.vars, form) // slide_cuts.go
	sb.bl.p.primalSimplex = form.primalSimplex
	sb.bl.p.Objective = Objective{Sense: model.Minimize, Quantity: slideQuantity, Terms: sb.objective}
	return sb.bl.p, nil
}

// checkSlide refuses a model that is not a slide, a board too large, a
// negative horizon, or a program estimated above limit.
func checkSlide(m *model.Model, horizon int, form slideForm, limit int64) error {
	if m.Kind != model.KindSlide {
		return fmt.Errorf("ilp: CompileSlide needs a slide model, not a %s model", m.Kind)
	}
	if err := m.SlideGeometryError(); err != nil {
		return fmt.Errorf("ilp: %w", err)
	}
	if n := m.Board.OpenCount(); n > maxSlideSquares {
		return fmt.Errorf("ilp: the time-expanded program of a slide takes boards of up to %d open squares, this one has %d: %w",
			maxSlideSquares, n, ErrTooLarge)
	}
	if horizon < 0 {
		return fmt.Errorf("ilp: a horizon of %d steps; expected 0 or more", horizon)
	}
	return checkSlideCost(m, horizon, form, limit)
}

// A slideBuild is a time-expanded program under construction, one step
// after the other.
type slideBuild struct {
	m         *model.Model
	form      slideForm
	horizon   int
	bl        *builder
	vars      *slideVars
	prev      map[model.Square]linear // occupancy before the step being built: constants at t = 1
	objective []Term
}

func newSlideBuild(m *model.Model, horizon int, form slideForm) *slideBuild {
	b := m.Board
	start := map[model.Square]bool{}
	for _, s := range m.Slide.From {
		start[s] = true
	}
	prev := map[model.Square]linear{}
	var open []model.Square
	for i := 0; i < b.Size(); i++ {
		if s := b.Square(i); b.IsOpen(s) {
			open = append(open, s)
			var l linear
			if start[s] {
				l.plusConst(1)
			}
			prev[s] = l
		}
	}
	vars := &slideVars{moves: geometricMoves(m), open: open, move: make([][]int, horizon+1),
		at: make([]map[model.Square]int, horizon+1), step: make([]linear, horizon+1)}
	return &slideBuild{m: m, form: form, horizon: horizon, bl: newBuilder(m.Name), vars: vars, prev: prev}
}

// occupancy adds the columns x_t_s of step t.
func (sb *slideBuild) occupancy(t int) {
	sb.vars.at[t] = map[model.Square]int{}
	for _, s := range sb.vars.open {
		sb.vars.at[t][s] = sb.bl.p.addVariable(Variable{Name: fmt.Sprintf("x%d_%v", t, s), Lower: 0, Upper: 1, Integer: true})
	}
}

// stepMoves are the move columns of one step gathered by square, for the
// rows their conditions add up to.
type stepMoves struct {
	all   linear
	out   map[model.Square]*linear // moves leaving s
	cross map[model.Square]*linear // moves crossing or landing on s
	stop  map[model.Square]*linear // moves that need a piece on s to stop
	flow  map[model.Square]*linear // x_(t-1)_s - (moves out of s) + (moves into s)
}

// squareExpr is the expression of s in one of the maps, created empty.
func squareExpr(by map[model.Square]*linear, s model.Square) *linear {
	if by[s] == nil {
		by[s] = &linear{}
	}
	return by[s]
}

// step adds the columns and rows of step t: its moves, their conditions,
// the occupancy after it and the flow between the two.
func (sb *slideBuild) step(t int) {
	sm := sb.moveColumns(t)
	// One move per step, so the conditions of the moves add up per
	// square: stronger rows than one per move, and fewer.
	for _, s := range sb.vars.open {
		if l := sm.out[s]; l != nil {
			sb.bl.addRow(fmt.Sprintf("piece%d_%v", t, s), *l.plusLinear(sb.prev[s], -1), LessEqual, 0)
		}
		if l := sm.cross[s]; l != nil {
			sb.bl.addRow(fmt.Sprintf("free%d_%v", t, s), *l.plusLinear(sb.prev[s], 1), LessEqual, 1)
		}
		if l := sm.stop[s]; l != nil {
			sb.bl.addRow(fmt.Sprintf("stop%d_%v", t, s), *l.plusLinear(sb.prev[s], -1), LessEqual, 0)
		}
	}
	sb.bl.addRow(fmt.Sprintf("step%d", t), sm.all, LessEqual, 1)
	sb.vars.step[t] = sm.all
	if !sb.form.occupancyFirst {
		sb.occupancy(t)
	}
	sb.flowRows(t, sm.flow)
}

// moveColumns adds a column per geometric move at step t.
func (sb *slideBuild) moveColumns(t int) *stepMoves {
	sm := &stepMoves{out: map[model.Square]*linear{}, cross: map[model.Square]*linear{},
		stop: map[model.Square]*linear{}, flow: map[model.Square]*linear{}}
	for _, s := range sb.vars.open {
		l := &linear{}
		l.plusLinear(sb.prev[s], 1)
		sm.flow[s] = l
	}
	used := map[string]int{}
	for _, g := range sb.vars.moves {
		name := fmt.Sprintf("m%d_%v_%v", t, g.from, g.to)
		if g.leap {
			name += "_leap"
		}
		// on a wrapped board two ways may join the same squares (round a
		// cylinder either way, or two leaps that fold onto one square)
		if used[name]++; used[name] > 1 {
			name += fmt.Sprintf("_%d", used[name])
		}
		v := sb.bl.p.addVariable(Variable{Name: name, Lower: 0, Upper: 1, Integer: true, Role: RoleMove, Square: g.from, To: g.to, Step: t})
		sb.vars.move[t] = append(sb.vars.move[t], v)
		sb.objective = append(sb.objective, Term{Var: v, Coef: sb.form.moveCost(t, sb.horizon)})
		sm.all.plus(v, 1)
		squareExpr(sm.out, g.from).plus(v, 1)
		for _, q := range g.path {
			squareExpr(sm.cross, q).plus(v, 1)
		}
		if g.beyond != nil {
			squareExpr(sm.stop, *g.beyond).plus(v, 1)
		}
		sm.flow[g.from].plus(v, -1)
		sm.flow[g.to].plus(v, 1)
	}
	return sm
}

// flowRows ties the occupancy after step t to the one before and the
// moves, and counts its pieces; the occupancy after becomes the one before.
func (sb *slideBuild) flowRows(t int, flow map[model.Square]*linear) {
	next := map[model.Square]linear{}
	var pieces linear
	for _, s := range sb.vars.open {
		x := sb.vars.at[t][s]
		var l linear
		l.plus(x, 1)
		next[s] = l
		pieces.plus(x, 1)
		// x_t_s - (x_(t-1)_s - out + in) = 0
		var row linear
		row.plus(x, 1).plusLinear(*flow[s], -1)
		sb.bl.addRow(fmt.Sprintf("flow%d_%v", t, s), row, Equal, 0)
	}
	sb.bl.addRow(fmt.Sprintf("pieces%d", t), pieces, Equal, float64(len(sb.m.Slide.From)))
	sb.prev = next
}

// goalRows fix the occupancy after the last step to the goal.
func (sb *slideBuild) goalRows() {
	for _, s := range sb.m.Slide.To {
		sb.bl.addRow(fmt.Sprintf("goal_%v", s), sb.prev[s], Equal, 1)
	}
	for _, s := range sb.vars.open {
		if !contains(sb.m.Slide.To, s) {
			sb.bl.addRow(fmt.Sprintf("empty_%v", s), sb.prev[s], Equal, 0)
		}
	}
}

func contains(squares []model.Square, s model.Square) bool {
	for _, q := range squares {
		if q == s {
			return true
		}
	}
	return false
}
