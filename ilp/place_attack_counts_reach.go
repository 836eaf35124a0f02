package ilp

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// Attack counts along the board's own lines (model.Board.Line), for what
// the straight segments of place_attack_counts.go do not describe: a
// wrapped board (lines that wrap round and, on a twisted board, pass a
// square twice), a one-sided piece (attack one way), a piece that reaches a
// square by two of its moves. A piece attacks a square once however many
// of its lines reach it.
//
// For each ride direction d and square s, the lines' empty prefixes are
// the chain of place_attack_counts.go, by position on the line:
//
//	clear_1 = 1, clear_{j+1} = clear_j AND NOT occ(t_j)
//
// (rclear_<d>_<s>_<j>, three rows each; under weak attack every clear is
// 1). The piece P on s sees a target t when some line of P from s reaches
// it with its prefix clear (leaps always do): see is that clear, or, when
// several lines reach t, a column or_<n> with or >= each clear and or <=
// their sum. Then attacks(P on s) adds see AND occ(t) (for one line, the
// first-occupied difference clear_j - clear_{j+1}, no new column) and
// attackers(t) adds P on s AND see.

// rayChain is one ride direction's line from one square: its squares, and
// per square the clear before it and after it.
type rayChain struct {
	squares     []model.Square
	clear, next []linear
}

// reachCounts adds every attack of every piece that can stand on each
// open square, along the board's lines.
func (pc *placement) reachCounts(ct countTerms) {
	chains := map[[2]any]*rayChain{}
	chain := func(d model.Vector, s model.Square) *rayChain {
		key := [2]any{d, s}
		if c := chains[key]; c != nil {
			return c
		}
		c := pc.rayChain(d, s)
		chains[key] = c
		return c
	}
	for _, s := range pc.open {
		for _, p := range pc.onBoard {
			on := pc.piecesOn(s, func(q *model.Piece) bool { return q == p })
			if on.isZero() {
				continue
			}
			pc.pieceReachCounts(p, s, on, chain, ct)
		}
	}
}

// A sighting is one line of a piece reaching a target: the clear before
// it and after it on that line.
type sighting struct{ clear, next linear }

// pieceReachCounts adds the attacks of piece p standing on s (on: its
// pieces there).
func (pc *placement) pieceReachCounts(p *model.Piece, s model.Square, on linear, chain func(model.Vector, model.Square) *rayChain, ct countTerms) {
	seen := map[model.Square][]sighting{}
	var targets []model.Square
	sight := func(t model.Square, v sighting) {
		if seen[t] == nil {
			targets = append(targets, t)
		}
		seen[t] = append(seen[t], v)
	}
	one := linear{constant: 1}
	for _, v := range p.Leaps {
		pc.board.Line(s, v, false, func(t model.Square) bool {
			sight(t, sighting{one, linear{}})
			return true
		})
	}
	for _, d := range p.Rides {
		c := chain(d, s)
		passed := map[model.Square]bool{}
		for j, t := range c.squares {
			if !passed[t] { // a line that passes a square twice reaches it at the first pass
				passed[t] = true
				sight(t, sighting{c.clear[j], c.next[j]})
			}
		}
	}
	for _, t := range targets {
		pc.targetCounts(p, s, t, on, seen[t], ct)
	}
}

// targetCounts adds what p on s does to the target t that the lines of
// sightings reach.
func (pc *placement) targetCounts(p *model.Piece, s, t model.Square, on linear, sightings []sighting, ct countTerms) {
	occ := pc.piecesOn(t, anyPiece)
	name := "r_" + piecePrefix(p) + "_" + s.String() + "_" + t.String()
	see, always := pc.sees(name, sightings)
	l, a := ct.attacks[s][p], ct.attackers[t]
	switch {
	case always:
		l.plusLinear(occ, 1)
		a.plusLinear(on, 1)
	case see.isZero():
		return
	default:
		a.plusLinear(pc.both(name+"_hit", on, see), 1)
	}
	switch {
	case always || occ.isZero():
	case len(sightings) == 1: // the first occupied square of the one line
		l.plusLinear(sightings[0].clear, 1).plusLinear(sightings[0].next, -1)
	default:
		l.plusLinear(pc.both(name+"_first", occ, see), 1)
	}
	ct.attacks[s][p], ct.attackers[t] = l, a
}

// sees is the expression that is 1 when one of the sightings' lines is
// clear up to the target; always when one of them is the constant 1.
func (pc *placement) sees(name string, sightings []sighting) (see linear, always bool) {
	var clears []linear
	for _, v := range sightings {
		switch {
		case v.clear.constant >= 1 && len(v.clear.terms) == 0:
			return linear{constant: 1}, true
		case !v.clear.isZero():
			clears = append(clears, v.clear)
		}
	}
	switch len(clears) {
	case 0:
		return linear{}, false
	case 1:
		return clears[0], false
	}
	or := pc.p.addVariable(unitVariable(name + "_or"))
	var most linear
	most.plus(or, 1)
	for i, c := range clears {
		var least linear
		pc.addRow(fmt.Sprintf("%s_or%d", name, i+1), *least.plus(or, 1).plusLinear(c, -1), GreaterEqual, 0)
		most.plusLinear(c, -1)
	}
	pc.addRow(name+"_or", most, LessEqual, 0)
	var out linear
	return *out.plus(or, 1), false
}

// rayChain walks the ride of d from s and writes its clear chain: under
// weak attack every square is clear; under strong a fixed piece ends the
// chain past it and a square no piece can take keeps it.
func (pc *placement) rayChain(d model.Vector, s model.Square) *rayChain {
	c := &rayChain{}
	strong := pc.m.Rules.Attack == model.Strong
	clear := linear{constant: 1}
	pc.board.Line(s, d, true, func(t model.Square) bool {
		c.squares = append(c.squares, t)
		c.clear = append(c.clear, clear)
		next := clear
		if occ := pc.piecesOn(t, anyPiece); strong && !occ.isZero() {
			next = pc.clearPast(fmt.Sprintf("rclear_%s_%s_%d", dirName(d), s, len(c.squares)), clear, occ)
		}
		c.next = append(c.next, next)
		clear = next
		return !clear.isZero()
	})
	return c
}

// clearPast is clear AND NOT occ: the line is clear past a square.
func (pc *placement) clearPast(name string, clear, occ linear) linear {
	var next linear
	switch {
	case occ.constant >= 1: // a fixed piece: nothing is clear beyond
	case clear.constant == 1 && len(clear.terms) == 0:
		next.plusConst(1).plusLinear(occ, -1)
	default:
		v := pc.p.addVariable(unitVariable(name))
		next.plus(v, 1)
		var a, b, c linear
		pc.addRow(name+"_a", *a.plus(v, 1).plusLinear(clear, -1), LessEqual, 0)
		pc.addRow(name+"_b", *b.plus(v, 1).plusLinear(occ, 1), LessEqual, 1)
		pc.addRow(name+"_c", *c.plus(v, 1).plusLinear(clear, -1).plusLinear(occ, 1), GreaterEqual, 0)
	}
	return next
}
