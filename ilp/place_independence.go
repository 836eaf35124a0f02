package ilp

import (
	"sort"

	"github.com/chessmodel/chessmodel/model"
)

// Independence: no piece attacks another.
//
// Lines. Under independence strong and weak attack allow the same
// placements: a piece standing between a rider and its target would itself
// be attacked. So along a line direction d only walls matter, and within a
// segment (a maximal run of open squares between walls, the edge and squares
// off the board) a rider of d attacks every other piece of the segment. A
// segment therefore holds at most one rider of d, and a rider excludes any
// other piece from it:
//
//	seg_<d>_<first square>:      sum of riders in the segment <= 1
//	seg_<d>_<first>_<square t>:  riders elsewhere in it + any piece on t <= 1
//
// the second only where a piece that does not ride d may stand. Each is one
// row for the whole segment, not a row per pair, and its LP relaxation is
// the clique it describes.
//
// Free walls. Two riders on a line may both stand only if a wall stands
// strictly between them. For a window [i, j] of a segment the pieces in it,
// in order, need a wall between each consecutive pair, so
//
//	win_<d>_<i>_<j>:  riders on i..j  -  walls strictly inside (i, j)  <= 1
//
// which is stronger than the pair rows (a window row counts every rider in
// it, a pair row two) and as many. The pair and the visibility-chain
// formulations are kept for comparison (wallFormulation); the benchmarks
// and TestMeasureWallFormulations measure them. On least walls for q
// queens on 8x8 the windows give the LP bound q-8, the pairs and the chain
// 0; lp_solve proves q = 10 in 0.07 s with windows, 20 s with pairs, 35 s
// with the chain, and q = 11 only with windows.
//
// Leaps do not depend on walls. Their conflicts are covered by cliques:
// each uncovered conflict grows greedily into a maximal set of mutually
// attacking (piece, square) variables, one "at most one" row per clique
// (clique_<first variable>): for kings every 2x2 block. With free walls the
// conflicts of riders on neighbouring squares, which no wall can separate,
// are covered the same way.

// independence writes every independence row.
func (pc *placement) independence() {
	for _, d := range pc.rideDirections() {
		if !canonical(d) {
			continue
		}
		for _, seg := range pc.segments(d) {
			pc.segmentRows(d, seg)
		}
	}
	pc.cliqueRows()
}

// lineSquare says what may stand on one square of a segment.
type lineSquare struct {
	s        model.Square
	rider    linear // indicator of a rider of the line's direction
	all      linear // indicator of any piece
	canRider bool
	canOther bool // a piece that does not ride the direction
}

func (pc *placement) lineSquares(d model.Vector, seg []model.Square) []lineSquare {
	name := directionName(d)
	out := make([]lineSquare, len(seg))
	for i, s := range seg {
		q := lineSquare{s: s, canRider: pc.mayHold(s, rides(d)), canOther: pc.mayHold(s, notRides(d))}
		// Indicators may cost variables (with stacking): made only when
		// some row can use them.
		if q.canRider {
			q.rider = pc.indicator(s, "rider_"+name, rides(d))
		}
		q.all = q.rider
		if q.canOther {
			q.all = pc.indicator(s, "piece", anyPiece)
		}
		out[i] = q
	}
	return out
}

func (pc *placement) segmentRows(d model.Vector, seg []model.Square) {
	squares := pc.lineSquares(d, seg)
	riders, others, walls := 0, 0, 0
	for _, q := range squares {
		if q.canRider {
			riders++
		}
		if q.canOther {
			others++
		}
		if _, ok := pc.walls[q.s]; ok {
			walls++
		}
	}
	if riders == 0 || (riders == 1 && others == 0) {
		return
	}
	prefix := directionName(d) + "_" + seg[0].String()
	if walls == 0 {
		pc.fixedSegmentRows(prefix, squares)
		return
	}
	switch pc.form.freeWalls {
	case wallPairs:
		pc.pairRows(d, squares)
	case wallChain:
		if others == 0 {
			pc.chainRows(d, squares)
			return
		}
		pc.windowRows(d, squares)
	default:
		pc.windowRows(d, squares)
	}
}

// fixedSegmentRows: no wall can be added inside the segment.
func (pc *placement) fixedSegmentRows(prefix string, squares []lineSquare) {
	hasOthers := false
	for _, q := range squares {
		hasOthers = hasOthers || q.canOther
	}
	if !hasOthers {
		var l linear
		for _, q := range squares {
			l.plusLinear(q.rider, 1)
		}
		pc.addRow("seg_"+prefix, l, LessEqual, 1)
		return
	}
	for t, qt := range squares {
		if !qt.canOther {
			continue
		}
		var l linear
		elsewhere := false
		for i, q := range squares {
			if i != t && q.canRider {
				l.plusLinear(q.rider, 1)
				elsewhere = true
			}
		}
		if !elsewhere {
			continue
		}
		l.plusLinear(qt.all, 1)
		pc.addRow("seg_"+prefix+"_"+qt.s.String(), l, LessEqual, 1)
	}
}

// wallsBetween sums the free walls strictly between squares i and j.
func (pc *placement) wallsBetween(squares []lineSquare, i, j int) linear {
	var l linear
	for k := i + 1; k < j; k++ {
		l.plusLinear(pc.wall(squares[k].s), 1)
	}
	return l
}

// windowRows writes the window rows of a segment with free walls. A window
// whose end cannot hold the piece the row counts there is dominated by the
// shorter window without that end, and is skipped. Where a piece that does
// not ride d may stand at an end, that end counts any piece (_hi, _lo): the
// pieces in the window still need a wall between consecutive ones, since
// every pair of them includes a rider.
func (pc *placement) windowRows(d model.Vector, squares []lineSquare) {
	dir := directionName(d)
	ridersIn := func(from, to int) linear {
		var l linear
		for k := from; k <= to; k++ {
			if squares[k].canRider {
				l.plusLinear(squares[k].rider, 1)
			}
		}
		return l
	}
	for i := range squares {
		for j := i + 1; j < len(squares); j++ {
			qi, qj := squares[i], squares[j]
			name := "win_" + dir + "_" + qi.s.String() + "_" + qj.s.String()
			walls := pc.wallsBetween(squares, i, j)
			if !qi.canOther && !qj.canOther {
				if qi.canRider && qj.canRider {
					l := ridersIn(i, j)
					pc.addRow(name, *l.plusLinear(walls, -1), LessEqual, 1)
				}
				continue
			}
			if qi.canRider && qj.canOther {
				l := ridersIn(i, j-1)
				pc.addRow(name+"_hi", *l.plusLinear(qj.all, 1).plusLinear(walls, -1), LessEqual, 1)
			}
			if qi.canOther && qj.canRider {
				l := ridersIn(i+1, j)
				pc.addRow(name+"_lo", *l.plusLinear(qi.all, 1).plusLinear(walls, -1), LessEqual, 1)
			}
		}
	}
}

// pairRows writes one row per pair of squares: the textbook formulation.
func (pc *placement) pairRows(d model.Vector, squares []lineSquare) {
	dir := directionName(d)
	for i := range squares {
		for j := i + 1; j < len(squares); j++ {
			qi, qj := squares[i], squares[j]
			name := "pair_" + dir + "_" + qi.s.String() + "_" + qj.s.String()
			walls := pc.wallsBetween(squares, i, j)
			if qi.canRider && (qj.canRider || qj.canOther) {
				var l linear
				pc.addRow(name, *l.plusLinear(qi.rider, 1).plusLinear(qj.all, 1).plusLinear(walls, -1), LessEqual, 1)
			}
			if qi.canOther && qj.canRider {
				var l linear
				pc.addRow(name+"_lo", *l.plusLinear(qi.all, 1).plusLinear(qj.rider, 1).plusLinear(walls, -1), LessEqual, 1)
			}
		}
	}
}

// chainRows writes the visibility chain of a segment that only riders of d
// can stand on: vis_<d>_<s> is 1 when a rider stands on s or before it with
// no wall since; a rider may not stand where the previous square sees one.
func (pc *placement) chainRows(d model.Vector, squares []lineSquare) {
	dir := directionName(d)
	previous := -1
	for i, q := range squares {
		name := dir + "_" + q.s.String()
		if previous >= 0 {
			var l linear
			pc.addRow("vissee_"+name, *l.plusLinear(q.rider, 1).plus(previous, 1), LessEqual, 1)
		}
		if i == len(squares)-1 {
			break
		}
		v := pc.p.addVariable(unitVariable("vis_" + name))
		var from linear
		pc.addRow("visfrom_"+name, *from.plus(v, 1).plusLinear(q.rider, -1), GreaterEqual, 0)
		if previous >= 0 {
			var pass linear
			pc.addRow("vispass_"+name, *pass.plus(v, 1).plus(previous, -1).plusLinear(pc.wall(q.s), 1), GreaterEqual, 0)
		}
		previous = v
	}
}

// cliqueRows covers the conflicts of leaps with clique rows, and fixes at 0
// the pieces a fixed piece attacks (or that would attack one). With free
// walls it also covers the conflicts of riders on neighbouring squares of
// their lines, which no wall can separate: for queens the cliques are the
// 2x2 blocks, which the window rows (one line each) do not see.
func (pc *placement) cliqueRows() {
	g := newConflictGraph()
	for _, s := range pc.open {
		pc.fixedLeapRows(s)
		for _, pr := range pc.presences[s] {
			pc.leapConflicts(g, s, pr)
			// Without free walls the segment rows hold these conflicts
			// already; the 2x2 cliques would cut fractional points too,
			// but measured on blocked boards they double the solve time
			// (2.5 ms to 4.5 ms a board) and help only amazons.
			if len(pc.walls) == 0 {
				continue
			}
			for _, d := range pr.kind.piece.Rides {
				for _, other := range pc.presences[s.Add(d)] {
					g.add(pr.v, other.v)
				}
			}
		}
	}
	g.sortEdges()
	conflict := pc.conflictTest(func(a, b int) bool { return g.adjacent[conflictEdge{min(a, b), max(a, b)}] })
	covered := map[conflictEdge]bool{}
	for _, e := range g.edges {
		if covered[e] {
			continue
		}
		clique := g.growClique(e, conflict)
		var l linear
		for x, a := range clique {
			l.plus(a, 1)
			for _, b := range clique[x+1:] {
				covered[conflictEdge{a, b}] = true
			}
		}
		pc.addRow("clique_"+pc.p.Variables[clique[0]].Name, l, LessEqual, 1)
	}
}

// fixedLeapRows keeps every piece off the squares the leaps of the fixed
// pieces on s reach.
func (pc *placement) fixedLeapRows(s model.Square) {
	for _, f := range pc.fixed[s] {
		for _, v := range f.Leaps {
			t := s.Add(v)
			if !pc.board.IsOpen(t) {
				continue
			}
			var l linear
			l.plusConst(1)
			l.plusLinear(pc.presenceSum(t, anyPiece), 1)
			pc.addRow("leapfix_"+s.String()+"_"+t.String(), l, LessEqual, 1)
		}
	}
}

// leapConflicts keeps the piece pr on s off when its leap reaches a fixed
// piece, and joins it to the pieces its leaps reach.
func (pc *placement) leapConflicts(g *conflictGraph, s model.Square, pr presence) {
	for _, v := range pr.kind.piece.Leaps {
		t := s.Add(v)
		if !pc.board.IsOpen(t) {
			continue
		}
		if len(pc.fixed[t]) > 0 {
			var l linear
			pc.addRow("leapfix_"+s.String()+"_"+t.String(), *l.plus(pr.v, 1).plusConst(1), LessEqual, 1)
		}
		for _, other := range pc.presences[t] {
			g.add(pr.v, other.v)
		}
	}
}

// A conflictEdge joins two piece variables, a < b.
type conflictEdge struct{ a, b int }

// A conflictGraph holds the conflicts the clique rows cover, edges in the
// order they were met.
type conflictGraph struct {
	adjacent   map[conflictEdge]bool
	edges      []conflictEdge
	neighbours map[int][]int
}

func newConflictGraph() *conflictGraph {
	return &conflictGraph{adjacent: map[conflictEdge]bool{}, neighbours: map[int][]int{}}
}

// add joins a and b once.
func (g *conflictGraph) add(a, b int) {
	if a > b {
		a, b = b, a
	}
	if !g.adjacent[conflictEdge{a, b}] {
		g.adjacent[conflictEdge{a, b}] = true
		g.edges = append(g.edges, conflictEdge{a, b})
		g.neighbours[a] = append(g.neighbours[a], b)
		g.neighbours[b] = append(g.neighbours[b], a)
	}
}

// sortEdges orders the edges by their ends, so that the rows come out in
// the same order on every run.
func (g *conflictGraph) sortEdges() {
	sort.Slice(g.edges, func(i, j int) bool {
		if g.edges[i].a != g.edges[j].a {
			return g.edges[i].a < g.edges[j].a
		}
		return g.edges[i].b < g.edges[j].b
	})
}

// growClique grows the edge e greedily, in increasing order, by the
// neighbours of its ends in conflict with every member so far; the clique
// comes out sorted.
func (g *conflictGraph) growClique(e conflictEdge, conflict func(a, b int) bool) []int {
	clique := []int{e.a, e.b}
	var candidates []int
	candidates = append(candidates, g.neighbours[e.a]...)
	candidates = append(candidates, g.neighbours[e.b]...)
	sort.Ints(candidates)
	for i, c := range candidates {
		if (i > 0 && candidates[i-1] == c) || c == e.a || c == e.b {
			continue
		}
		all := true
		for _, m := range clique {
			if !conflict(c, m) {
				all = false
				break
			}
		}
		if all {
			clique = append(clique, c)
		}
	}
	sort.Ints(clique)
	return clique
}

// conflictTest returns a test of whether two level-1 piece variables can
// never both be 1: a leap between them, the same square without stacking,
// or a line one of them rides with no square between them that a wall
// could take.
func (pc *placement) conflictTest(leap func(a, b int) bool) func(a, b int) bool {
	directions := pc.rideDirections()
	return func(a, b int) bool {
		if leap(a, b) {
			return true
		}
		va, vb := pc.p.Variables[a], pc.p.Variables[b]
		if va.Square == vb.Square {
			return !pc.stack
		}
		pa, pb := pc.m.Pieces[va.Piece], pc.m.Pieces[vb.Piece]
		diff := model.Vector{File: vb.Square.File - va.Square.File, Rank: vb.Square.Rank - va.Square.Rank}
		for _, d := range directions {
			if !rides(d)(pa) && !rides(d)(pb) {
				continue
			}
			steps := 0
			switch {
			case d.File != 0:
				steps = diff.File / d.File
			default:
				steps = diff.Rank / d.Rank
			}
			if steps < 1 || d.File*steps != diff.File || d.Rank*steps != diff.Rank {
				continue
			}
			clear := true
			for k := 1; k < steps && clear; k++ {
				s := va.Square.Add(model.Vector{File: d.File * k, Rank: d.Rank * k})
				_, wallable := pc.walls[s]
				clear = pc.board.IsOpen(s) && !wallable
			}
			if clear {
				return true
			}
		}
		return false
	}
}
