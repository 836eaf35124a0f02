package ilp

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// The time-expanded program of a slide (slide_compile.go) holds every
// sequence of at most T moves, in every order and with idle steps anywhere;
// lp_solve then spends its time proving the same infeasibility again for
// each of them. The rows below keep, of the shortest solutions, one kind
// of representative only, so each is valid for the question the program
// answers ("is there a solution in at most T moves?"): take a shortest
// solution, map it by the symmetry that makes its first move least (first
// below), and list its moves greedily, always the least move that can come
// next; then pad it with idle steps. The result is a shortest solution,
// and it satisfies every row:
//
//	idle last   an idle step is followed by idle steps:
//	            step_(t+1) <= step_t;
//	no detour   a move is not followed by the same piece moving along the
//	            same line: back the other way it either undoes the move or
//	            goes where one move from the square it left went, and on
//	            the same way it is blocked (the square beyond is occupied);
//	            either would make a shorter solution;
//	in order    two moves that neither touches a square the other reads
//	            (its square, the squares it crosses, the square that stops
//	            it) can be swapped; the greedy listing puts the lesser
//	            first, so "the greater, then the lesser" is cut;
//	first move  the first move is the least of its images under the
//	            model's symmetries (those that map the start and the goal
//	            onto themselves);
//	distance    d(s) is the least number of moves one piece needs from s to
//	            some goal square when every other square may hold a blocker
//	            or not, as suits it (a search on the moves of the empty
//	            board); a move changes sum_s d(s) x_t_s by at most 1, so
//	            it is at most the number of moves still to come:
//	            sum_s d(s) x_t_s <= step_(t+1) + ... + step_T, and a square
//	            from which no goal square can be reached stays empty.
//
// No detour and in order share their rows: with one move per step, "move i
// at step t, then one of the moves it excludes" is one row per move and
// step, m_t_i + sum_(j excluded after i) m_(t+1)_j <= 1.

// slideForm selects the rows above, and how the in-process solver sees the
// program. Only the first move is on by default: with lp_solve the other
// rows make the 4x4 rooks slower (TestSlideFormulations measures each; the
// numbers are in docs/slide.md).
type slideForm struct {
	idleLast, order, firstMove, distance bool
	idleFirst                            bool // a move is followed by moves (the idle steps first)
	noDetour                             bool // the detour rows aggregated per square and line (slide_detour.go)
	primalSimplex                        bool // lp_solve's primal simplex in both phases
	occupancyFirst                       bool // the occupancy columns before the move columns
	lateMoves                            bool // a move at step t of T costs T+1-t (moveCost)
}

// defaultSlideForm is the program CompileSlide writes for every solver.
var defaultSlideForm = slideForm{firstMove: true}

// lpSolveSlideForm is the program the in-process backend solves: the same
// rows, with the occupancy columns first, which lp_solve's default branching
// (the lowest-indexed fractional column) then fixes step by step from the
// start, and the moves costed to come late, which pushes the relaxation's
// moves to the end of the horizon. On the 4x4 rooks they take lp_solve
// from more than 115 s of CPU at horizon 10 (unfinished) to 19 s, and
// the whole horizon loop to 12 moves within minutes (docs/slide.md).
var lpSolveSlideForm = slideForm{firstMove: true, occupancyFirst: true, lateMoves: true}

// moveCost is the objective coefficient of a move at step t of horizon T:
// 1, or T+1-t with lateMoves. Either way the program's least objective has
// the fewest moves only among solutions of as many moves; the horizon loop
// needs no more, since every solution of the first feasible horizon has
// exactly T moves.
func (f slideForm) moveCost(t, horizon int) float64 {
	if f.lateMoves {
		return float64(horizon + 1 - t)
	}
	return 1
}

func addSlideCuts(bl *builder, m *model.Model, v *slideVars, form slideForm) {
	if form.idleLast {
		idleLast(bl, v)
	}
	if form.order {
		orderMoves(bl, v)
	}
	if form.firstMove {
		leastFirstMove(bl, m, v)
	}
	if form.idleFirst {
		idleFirst(bl, v)
	}
	if form.noDetour {
		noDetours(bl, v) // slide_detour.go
	}
	if form.distance {
		distanceRows(bl, m, v)
	}
}

func idleLast(bl *builder, v *slideVars) {
	for t := 1; t+1 < len(v.step); t++ {
		var row linear
		row.plusLinear(v.step[t+1], 1).plusLinear(v.step[t], -1)
		bl.addRow(fmt.Sprintf("idle%d", t), row, LessEqual, 0)
	}
}

// idleFirst: a move is followed by moves, step_t <= step_(t+1) (the idle
// steps of a solution come first).
func idleFirst(bl *builder, v *slideVars) {
	for t := 1; t+1 < len(v.step); t++ {
		var row linear
		row.plusLinear(v.step[t], 1).plusLinear(v.step[t+1], -1)
		bl.addRow(fmt.Sprintf("busy%d", t), row, LessEqual, 0)
	}
}

func orderMoves(bl *builder, v *slideVars) {
	excluded := make([][]int, len(v.moves))
	for i, g := range v.moves {
		for j, h := range v.moves {
			if detour(g, h) || (j < i && independent(g, h)) {
				excluded[i] = append(excluded[i], j)
			}
		}
	}
	for t := 1; t+1 < len(v.move); t++ {
		for i, g := range v.moves {
			if len(excluded[i]) == 0 {
				continue
			}
			var row linear
			row.plus(v.move[t][i], 1)
			for _, j := range excluded[i] {
				row.plus(v.move[t+1][j], 1)
			}
			bl.addRow(fmt.Sprintf("next%d_%v_%v", t, g.from, g.to), row, LessEqual, 1)
		}
	}
}

// detour reports whether h, made by the piece g has just moved, goes back
// to where it came from or along the line of g's ride.
func detour(g, h geometricMove) bool {
	if h.from != g.to {
		return false
	}
	if h.to == g.from {
		return true
	}
	return !g.leap && !h.leap && (h.dir == g.dir || h.dir == model.Vector{File: -g.dir.File, Rank: -g.dir.Rank})
}

// independent reports whether neither move changes a square the other
// reads: then both orders are legal and end in the same position.
func independent(g, h geometricMove) bool {
	return !touches(g, h.from) && !touches(g, h.to) && !touches(h, g.from) && !touches(h, g.to)
}

// touches reports whether the legality of g depends on square s.
func touches(g geometricMove, s model.Square) bool {
	if s == g.from || (g.beyond != nil && *g.beyond == s) {
		return true
	}
	for _, q := range g.path {
		if q == s {
			return true
		}
	}
	return false
}

// leastFirstMove forbids at step 1 every move that a symmetry of the model
// maps to a lesser move. Symmetries that do not map the moves onto moves
// are left out.
func leastFirstMove(bl *builder, m *model.Model, v *slideVars) {
	if len(v.move) < 2 {
		return
	}
	type key struct {
		from, to model.Square
		leap     bool
	}
	index := map[key]int{}
	for i, g := range v.moves {
		index[key{g.from, g.to, g.leap}] = i
	}
	rows, cols := m.Board.Rows, m.Board.Cols
	images := [][]int{}
next:
	for _, t := range m.Symmetries() {
		image := make([]int, len(v.moves))
		for i, g := range v.moves {
			j, ok := index[key{t.Apply(g.from, rows, cols), t.Apply(g.to, rows, cols), g.leap}]
			if !ok {
				continue next
			}
			image[i] = j
		}
		images = append(images, image)
	}
	for i := range v.moves {
		for _, image := range images {
			if image[i] < i {
				bl.fixUpper("sym_off_"+bl.p.Variables[v.move[1][i]].Name, v.move[1][i], 0)
				break
			}
		}
	}
}

func distanceRows(bl *builder, m *model.Model, v *slideVars) {
	d := goalDistances(m, v.moves)
	var start linear
	for _, s := range m.Slide.From {
		if k, ok := d[s]; ok {
			start.plusConst(float64(k))
		} else {
			start.plusConst(float64(len(v.move))) // a piece that cannot reach a goal: infeasible
		}
	}
	for t := 0; t < len(v.step); t++ {
		row := start
		if t > 0 {
			row = linear{}
			for _, s := range v.open {
				if k, ok := d[s]; !ok {
					bl.fixUpper("far_"+bl.p.Variables[v.at[t][s]].Name, v.at[t][s], 0)
				} else if k > 0 {
					row.plus(v.at[t][s], float64(k))
				}
			}
		}
		for u := t + 1; u < len(v.step); u++ {
			row.plusLinear(v.step[u], -1)
		}
		bl.addRow(fmt.Sprintf("distance%d", t), row, LessEqual, 0)
	}
}

// goalDistances is d(s) for every open square from which one piece can
// reach a goal square on the empty board; the others are missing.
func goalDistances(m *model.Model, moves []geometricMove) map[model.Square]int {
	into := map[model.Square][]model.Square{}
	for _, g := range moves {
		into[g.to] = append(into[g.to], g.from)
	}
	d := map[model.Square]int{}
	var queue []model.Square
	for _, s := range m.Slide.To {
		if _, seen := d[s]; !seen {
			d[s] = 0
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, r := range into[s] {
			if _, seen := d[r]; !seen {
				d[r] = d[s] + 1
				queue = append(queue, r)
			}
		}
	}
	return d
}
