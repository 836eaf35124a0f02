package ilp

import (
	"context"
	"fmt"
	"math/big"

	"github.com/chessmodel/chessmodel/model"
)

// A slide with different pieces (model.SlideSpec.Labelled) is the same
// time-expanded network with one flow per group, a label class:
//
//	occupancy  x_t_g_s = 1 when a piece of group g stands on s after step t;
//	moves      m_t_g_a_b per geometric move of group g's piece (a ride
//	           that slides as far as it goes needs a piece beyond b; one
//	           that makes ordinary moves does not);
//	one move   the moves of a step add up to at most 1;
//	a move     of group g from a needs a piece of g on a; the squares it
//	           crosses or lands on hold no piece of any group before the
//	           step; the square beyond a slide holds a piece of some group;
//	flow       x_t_g_s = x_(t-1)_g_s - (g's moves out of s) + (g's moves in);
//	pieces     each group keeps its number of pieces at every step;
//	goal       x_T_g_s = 1 on g's goal squares, 0 elsewhere;
//	objective  minimise the moves.
//
// None of the cuts of the identical-piece program (slide_cuts.go) is
// added: they are proved for one kind of piece. solveSlide tries the
// horizons in turn as for any slide.

// labelledStates is the number of positions of a labelled slide: the
// multinomial of the open squares over the groups and the empty squares.
func labelledStates(m *model.Model) *big.Int {
	left := int64(m.Board.OpenCount())
	out := big.NewInt(1)
	for _, g := range m.Slide.SlideGroups() {
		k := int64(len(g.From))
		out.Mul(out, new(big.Int).Binomial(left, k))
		left -= k
	}
	return out
}

// labelledBuild is the program of a labelled slide under construction.
type labelledBuild struct {
	m      *model.Model
	bl     *builder
	open   []model.Square
	groups []model.SlideGroup
	moves  [][]geometricMove         // of each group's piece
	prev   []map[model.Square]linear // occupancy of each group before the step
	obj    []Term
	cols   [][][]int        // cols[t][g][i]: the column of group g's move i at step t
	x      []map[[2]int]int // x[t][{g, square index}]: occupancy columns made in advance
	form   slideForm
	steps  []linear // the moves of each step
}

func buildLabelledSlide(ctx context.Context, m *model.Model, horizon int, form slideForm) (*Program, error) {
	lb := &labelledBuild{m: m, bl: newBuilder(m.Name), groups: m.Slide.SlideGroups(), form: form}
	b := m.Board
	for i := 0; i < b.Size(); i++ {
		if s := b.Square(i); b.IsOpen(s) {
			lb.open = append(lb.open, s)
		}
	}
	for _, g := range lb.groups {
		lb.moves = append(lb.moves, pieceMoves(b, g.Piece, g.Move))
		at := map[model.Square]linear{}
		for _, s := range lb.open {
			at[s] = linear{}
		}
		for _, s := range g.From {
			l := at[s]
			at[s] = *l.plusConst(1)
		}
		lb.prev = append(lb.prev, at)
	}
	lb.cols = make([][][]int, horizon+1)
	lb.steps = make([]linear, horizon+1)
	lb.x = make([]map[[2]int]int, horizon+1)
	if form.occupancyFirst {
		// lp_solve branches on the lowest fractional column: the positions
		// first fix the solution step by step (see lpSolveSlideForm)
		for t := 1; t <= horizon; t++ {
			lb.x[t] = map[[2]int]int{}
			for g := range lb.groups {
				for i, s := range lb.open {
					lb.x[t][[2]int{g, i}] = lb.occupancy(t, g, s)
				}
			}
		}
	}
	for t := 1; t <= horizon; t++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		lb.step(t)
	}
	lb.goalRows()
	lb.idleAndDetours(horizon)
	lb.bl.p.Objective = Objective{Sense: model.Minimize, Quantity: slideQuantity, Terms: lb.obj}
	return lb.bl.p, nil
}

// step adds the move columns of step t, their conditions, the occupancy
// after the step and the flow of each group.
func (lb *labelledBuild) step(t int) {
	var all linear
	cross, stop := map[model.Square]*linear{}, map[model.Square]*linear{}
	flows := make([]map[model.Square]*linear, len(lb.groups))
	lb.cols[t] = make([][]int, len(lb.groups))
	for g := range lb.groups {
		out := map[model.Square]*linear{}
		flows[g] = map[model.Square]*linear{}
		for _, s := range lb.open {
			l := &linear{}
			flows[g][s] = l.plusLinear(lb.prev[g][s], 1)
		}
		for _, mv := range lb.moves[g] {
			name := fmt.Sprintf("m%d_%s_%v_%v", t, groupName(g), mv.from, mv.to)
			v := lb.bl.p.addVariable(Variable{Name: name, Lower: 0, Upper: 1, Integer: true, Role: RoleMove, Square: mv.from, To: mv.to, Step: t})
			lb.cols[t][g] = append(lb.cols[t][g], v)
			lb.obj = append(lb.obj, Term{Var: v, Coef: lb.form.moveCost(t, len(lb.cols)-1)})
			all.plus(v, 1)
			squareExpr(out, mv.from).plus(v, 1)
			for _, q := range mv.path {
				squareExpr(cross, q).plus(v, 1)
			}
			if mv.beyond != nil {
				squareExpr(stop, *mv.beyond).plus(v, 1)
			}
			flows[g][mv.from].plus(v, -1)
			flows[g][mv.to].plus(v, 1)
		}
		for _, s := range lb.open {
			if l := out[s]; l != nil {
				lb.bl.addRow(fmt.Sprintf("piece%d_%s_%v", t, groupName(g), s), *l.plusLinear(lb.prev[g][s], -1), LessEqual, 0)
			}
		}
	}
	for _, s := range lb.open {
		var occupied linear
		for g := range lb.groups {
			occupied.plusLinear(lb.prev[g][s], 1)
		}
		if l := cross[s]; l != nil {
			lb.bl.addRow(fmt.Sprintf("free%d_%v", t, s), *l.plusLinear(occupied, 1), LessEqual, 1)
		}
		if l := stop[s]; l != nil {
			lb.bl.addRow(fmt.Sprintf("stop%d_%v", t, s), *l.plusLinear(occupied, -1), LessEqual, 0)
		}
	}
	lb.bl.addRow(fmt.Sprintf("step%d", t), all, LessEqual, 1)
	lb.steps[t] = all
	lb.flowRows(t, flows)
}

// flowRows adds the occupancy after step t and ties it to the one before.
func (lb *labelledBuild) flowRows(t int, flows []map[model.Square]*linear) {
	for g, group := range lb.groups {
		next := map[model.Square]linear{}
		var pieces linear
		for i, s := range lb.open {
			x, made := lb.x[t][[2]int{g, i}]
			if !made {
				x = lb.occupancy(t, g, s)
			}
			var l linear
			next[s] = *l.plus(x, 1)
			pieces.plus(x, 1)
			var row linear
			row.plus(x, 1).plusLinear(*flows[g][s], -1)
			lb.bl.addRow(fmt.Sprintf("flow%d_%s_%v", t, groupName(g), s), row, Equal, 0)
		}
		lb.bl.addRow(fmt.Sprintf("pieces%d_%s", t, groupName(g)), pieces, Equal, float64(len(group.From)))
		lb.prev[g] = next
	}
}

// goalRows fix each group's occupancy after the last step to its goal.
func (lb *labelledBuild) goalRows() {
	for g, group := range lb.groups {
		for _, s := range lb.open {
			want := 0.0
			if contains(group.To, s) {
				want = 1
			}
			lb.bl.addRow(fmt.Sprintf("goal_%s_%v", groupName(g), s), lb.prev[g][s], Equal, want)
		}
	}
}

// groupName names group g in columns and rows: labels are free text, so
// the group's number stands for it.
func groupName(g int) string { return fmt.Sprintf("g%d", g+1) }

// idleAndDetours adds the rows that keep one representative of the
// shortest solutions (as slide_cuts.go argues for identical pieces): idle
// steps come last, step_(t+1) <= step_t; and a piece does not make a
// detour (detour in slide_cuts.go: straight back, or on along the line of
// its ride) at the step after its move, since the two moves could be
// replaced by one or none. The detour is judged within a group: the piece
// that arrived is the one that leaves.
func (lb *labelledBuild) idleAndDetours(horizon int) {
	for t := 1; t < horizon; t++ {
		var row linear
		row.plusLinear(lb.steps[t+1], 1).plusLinear(lb.steps[t], -1)
		lb.bl.addRow(fmt.Sprintf("idle%d", t), row, LessEqual, 0)
		for g, moves := range lb.moves {
			for i, mv := range moves {
				var row linear
				row.plus(lb.cols[t][g][i], 1)
				for j, next := range moves {
					if detour(mv, next) {
						row.plus(lb.cols[t+1][g][j], 1)
					}
				}
				if len(row.terms) > 1 {
					lb.bl.addRow(fmt.Sprintf("detour%d_%s_%v_%v", t, groupName(g), mv.from, mv.to), row, LessEqual, 1)
				}
			}
		}
	}
}

// occupancy adds the column x_t_g_s.
func (lb *labelledBuild) occupancy(t, g int, s model.Square) int {
	return lb.bl.p.addVariable(Variable{Name: fmt.Sprintf("x%d_%s_%v", t, groupName(g), s), Lower: 0, Upper: 1, Integer: true})
}
