package ilp

import (
	"fmt"
	"strconv"

	"github.com/chessmodel/chessmodel/model"
)

// Attack counts: "every piece attacks N", "every PIECE attacked
// N", "every square attacked N".
//
// attacks(P) is the number of pieces P attacks, attackers(t) the number of
// pieces attacking square t (and so each piece on t). Under weak attack
// both are linear in the piece variables: attacks(P on s) sums the pieces
// on the squares P reaches from s, attackers(t) the pieces that reach t.
// Under strong attack a rider attacks the first occupied square of each
// line. For every ride direction d and square s, clear_<d>_<s>_<j> is 1
// when the first j-1 squares of the ray from s are empty:
//
//	clear_1 = 1, clear_2 = 1 - occ(t_1), clear_{j+1} = clear_j AND NOT occ(t_j)
//
// (clear_{j+1} <= clear_j, clear_{j+1} <= 1 - occ(t_j), clear_{j+1} >=
// clear_j - occ(t_j): tight): the ray reaches t_j exactly when clear_j,
// and first(s, j) = clear_j - clear_{j+1} is 1 exactly when t_j is the
// first occupied square, a linear expression. attacks(P on s) adds
// first(s, j) over P's rides; attackers(t) adds hit_<d>_<s>_<j> =
// rider(s) AND clear_j, three rows each. A per-piece
// range is switched on by the piece's variable x: lo*x <= count and count
// <= hi + M(1-x), M the most the count can exceed hi.
//
// On a wrapped board, with a one-sided piece, or with a piece that reaches
// one square by two of its moves (a leap that is a multiple of one of its
// rides, or two rides along one line), which these sums would count twice,
// the counts are written along the board's own lines instead
// (place_attack_counts_reach.go). Groups change nothing here: the counts
// are of pieces, whatever their group.
//
// Limits (model.ErrUnsupported): free walls; strong attack with pieces
// that stack (a first square holding several pieces is not linear).

// piecesOn is the number of pieces on a square that match: their
// variables (every level) and the fixed pieces there as a constant.
func (pc *placement) piecesOn(s model.Square, match func(*model.Piece) bool) linear {
	var l linear
	if pc.varsOn == nil {
		pc.varsOn = map[model.Square][]int{}
		for _, v := range pc.pieceVars {
			sq := pc.p.Variables[v].Square
			pc.varsOn[sq] = append(pc.varsOn[sq], v)
		}
	}
	for _, v := range pc.varsOn[s] {
		if match(pc.m.Pieces[pc.p.Variables[v].Piece]) {
			l.plus(v, 1)
		}
	}
	for _, f := range pc.fixed[s] {
		if match(f) {
			l.plusConst(1)
		}
	}
	return l
}

// countsSupported refuses what the rows below cannot say.
func (pc *placement) countsSupported() error {
	if pc.m.FreeWalls != nil {
		return fmt.Errorf("ilp: attack counts and weights are compiled without free walls: %w", model.ErrUnsupported)
	}
	for _, p := range pc.onBoard {
		if len(p.Rides) > 0 && pc.stack && pc.m.Rules.Attack == model.Strong && len(pc.m.Rules.Counts) > 0 {
			return fmt.Errorf("ilp: attack counts under strong attack with stacked riders are not linear here: %w", model.ErrUnsupported)
		}
	}
	return nil
}

// straightCounts reports whether the segment sums below count every attack
// once: a plain model (model.Model.Plain) none of whose pieces reaches a
// square by two of its moves.
func (pc *placement) straightCounts() bool {
	if !pc.m.Plain() {
		return false
	}
	for _, p := range pc.onBoard {
		if overlapping(p) {
			return false
		}
	}
	return true
}

// overlapping reports whether two moves of p can reach one square: a leap
// or ride along the line of another ride.
func overlapping(p *model.Piece) bool {
	along := func(v, d model.Vector) bool { // v = k*d for some k >= 1
		for k := 1; k <= 64; k++ {
			if v.File == k*d.File && v.Rank == k*d.Rank {
				return true
			}
		}
		return false
	}
	for _, d := range p.Rides {
		for _, v := range p.Leaps {
			if along(v, d) {
				return true
			}
		}
		for _, e := range p.Rides {
			if e != d && along(e, d) {
				return true
			}
		}
	}
	return false
}

// countTerms are the two sides of every attack count, per square.
type countTerms struct {
	attacks   map[model.Square]map[*model.Piece]linear // per square, per piece on it: what it attacks
	attackers map[model.Square]linear                  // per square: the pieces attacking it
}

// attackCounts writes the rows of the attack-count rules.
func (pc *placement) attackCounts() error {
	if !pc.m.HasCounts() {
		return nil
	}
	if err := pc.countsSupported(); err != nil {
		return err
	}
	if len(pc.m.Rules.Counts) == 0 {
		return nil
	}
	ct := countTerms{attacks: map[model.Square]map[*model.Piece]linear{}, attackers: map[model.Square]linear{}}
	for _, s := range pc.open {
		ct.attacks[s] = map[*model.Piece]linear{}
	}
	if pc.straightCounts() {
		pc.leapCounts(ct)
		for _, d := range pc.rideDirections() {
			pc.rideCounts(d, ct)
		}
	} else {
		pc.reachCounts(ct) // place_attack_counts_reach.go
	}
	for _, rule := range pc.m.Rules.Counts {
		for _, s := range pc.open {
			pc.attackCountRows(rule, s, ct)
		}
	}
	return nil
}

// attackCountRows writes one rule on one square.
func (pc *placement) attackCountRows(rule model.AttackCount, s model.Square, ct countTerms) {
	name := "count_" + strconv.Itoa(int(rule.What)) + "_" + rule.Piece + "_" + s.String()
	if rule.What == model.CountSquares {
		addRange(pc.builder, name, ct.attackers[s], rule.Count)
		return
	}
	for _, p := range pc.onBoard {
		if !rule.Applies(p.Name) {
			continue
		}
		count := ct.attackers[s]
		if rule.What == model.CountAttacks {
			count = ct.attacks[s][p]
		}
		on := pc.presenceSum(s, func(q *model.Piece) bool { return q == p })
		pc.gatedRange(name+"_"+p.Name, count, on, rule.Count)
	}
}

// gatedRange writes lo <= count <= hi for when a piece stands there (on:
// the first level of each kind of the piece, one kind per group, at most 1
// in all since groups do not stack; a fixed piece makes it the constant 1).
func (pc *placement) gatedRange(name string, count, on linear, r model.Range) {
	if on.isZero() {
		return
	}
	if on.constant >= 1 {
		addRange(pc.builder, name, count, r)
		return
	}
	if r.Min > 0 {
		var l linear
		pc.addRow(name+"_min", *l.plusLinear(count, 1).plusLinear(on, -float64(r.Min)), GreaterEqual, 0)
	}
	most := upper(count)
	if r.Max != model.Unbounded && most > float64(r.Max) {
		big := most - float64(r.Max)
		var l linear
		pc.addRow(name+"_max", *l.plusLinear(count, 1).plusLinear(on, big), LessEqual, float64(r.Max)+big)
	}
}

// upper is the most a sum of binaries with coefficients can be.
func upper(l linear) float64 {
	most := l.constant
	for _, t := range l.terms {
		if t.Coef > 0 {
			most += t.Coef
		}
	}
	return most
}

// leapCounts adds every leap: from s to t the piece on s attacks the
// pieces on t, and each piece on s is an attacker of t.
func (pc *placement) leapCounts(ct countTerms) {
	for _, s := range pc.open {
		for _, p := range pc.onBoard {
			for _, v := range p.Leaps {
				t := s.Add(v)
				if !pc.board.IsOpen(t) {
					continue
				}
				l := ct.attacks[s][p]
				ct.attacks[s][p] = *l.plusLinear(pc.piecesOn(t, anyPiece), 1)
				a := ct.attackers[t]
				ct.attackers[t] = *a.plusLinear(pc.piecesOn(s, func(q *model.Piece) bool { return q == p }), 1)
			}
		}
	}
}

// rideCounts adds the rides along d: every square of the ray under weak
// attack, the first occupied one under strong.
func (pc *placement) rideCounts(d model.Vector, ct countTerms) {
	riders := rides(d)
	for _, seg := range pc.segments(d) {
		for i, s := range seg {
			ray := seg[i+1:]
			var clears, first []linear
			if pc.m.Rules.Attack == model.Strong {
				clears, first = pc.lineOf(d, s, ray)
			}
			rider := pc.piecesOn(s, riders)
			for j, t := range ray {
				if first != nil && clears[j].isZero() {
					continue
				}
				for _, p := range pc.onBoard {
					if !riders(p) {
						continue
					}
					l := ct.attacks[s][p]
					switch {
					case first == nil:
						l.plusLinear(pc.piecesOn(t, anyPiece), 1)
					case !first[j].isZero():
						l.plusLinear(first[j], 1)
					}
					ct.attacks[s][p] = l
				}
				a := ct.attackers[t]
				if first == nil {
					a.plusLinear(rider, 1)
				} else {
					a.plusLinear(pc.both("hit_"+dirName(d)+"_"+s.String()+"_"+t.String(), rider, clears[j]), 1)
				}
				ct.attackers[t] = a
			}
		}
	}
}

// dirName names a direction in a variable name: m for minus, since LP
// and MPS names take no sign ("m1_1" is one file left, one rank up).
func dirName(d model.Vector) string { return signed(d.File) + "_" + signed(d.Rank) }

func signed(n int) string {
	if n < 0 {
		return "m" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// lineOf is, for each square t_j of the ray from s, clear_j (1 when
// every square before it on the ray is empty: the ray reaches t_j) and
// first_j (1 when t_j is the ray's first occupied square); a zero
// expression when it cannot be.
func (pc *placement) lineOf(d model.Vector, s model.Square, ray []model.Square) (clears, firsts []linear) {
	clears, firsts = make([]linear, len(ray)), make([]linear, len(ray))
	clear := linear{constant: 1}
	for j, t := range ray {
		clears[j] = clear
		occ := pc.piecesOn(t, anyPiece)
		if occ.isZero() {
			continue // clear stays, nothing is first here
		}
		var next linear
		switch {
		case occ.constant >= 1: // a fixed piece: first when the line is clear, and nothing beyond
		case clear.constant == 1 && len(clear.terms) == 0:
			next.plusConst(1).plusLinear(occ, -1)
		default:
			v := pc.p.addVariable(unitVariable("clear_" + dirName(d) + "_" + s.String() + "_" + t.String()))
			next.plus(v, 1)
			name := pc.p.Variables[v].Name
			var a, b, c linear
			pc.addRow(name+"_a", *a.plus(v, 1).plusLinear(clear, -1), LessEqual, 0)
			pc.addRow(name+"_b", *b.plus(v, 1).plusLinear(occ, 1), LessEqual, 1)
			pc.addRow(name+"_c", *c.plus(v, 1).plusLinear(clear, -1).plusLinear(occ, 1), GreaterEqual, 0)
		}
		var f linear
		firsts[j] = *f.plusLinear(clear, 1).plusLinear(next, -1)
		if next.isZero() {
			break
		}
		clear = next
	}
	return clears, firsts
}

// both is an expression that is 1 exactly when a (0 or 1, or the constant
// 1) and b (0 or 1) both are.
func (pc *placement) both(name string, a, b linear) linear {
	if a.constant >= 1 {
		return b
	}
	if a.isZero() || b.isZero() {
		return linear{}
	}
	v := pc.p.addVariable(unitVariable(name))
	var r1, r2, r3 linear
	pc.addRow(name+"_a", *r1.plus(v, 1).plusLinear(a, -1), LessEqual, 0)
	pc.addRow(name+"_b", *r2.plus(v, 1).plusLinear(b, -1), LessEqual, 0)
	pc.addRow(name+"_c", *r3.plus(v, 1).plusLinear(a, -1).plusLinear(b, -1), GreaterEqual, -1)
	var out linear
	out.plus(v, 1)
	return out
}
