package ilp

import (
	"strconv"

	"github.com/chessmodel/chessmodel/model"
)

// Coverage: which open squares are attacked, or dominated (occupied or
// attacked). Only squares that are open in the end count: a free wall
// removes its square from both measures.
//
// An attack on t is a witness: a piece that leaps to t, or a rider whose
// line reaches t. Along a direction d:
//
//   - when every piece that can stand on the board rides d, or attack is
//     weak, or independence holds, pieces never stop a line short of a
//     target that another piece would not attack anyway, so the witness is
//     the sum of the riders of d behind t in its segment (no new variables);
//   - otherwise (strong attack with blockers, or free walls), a visibility
//     variable see_<d>_<t> is 1 when the line of some rider of d reaches t:
//     the square before t holds a rider, or is empty and itself seen.
//     Linearised with the blockers of that square: see <= rider + see(prev),
//     see <= 1 - (pieces that do not ride d) - wall. O(squares x directions)
//     variables, where one variable per (rider square, direction, distance)
//     would be O(n^3). Measured (TestMeasureAttackFormulations): the same
//     LP bound as those rays, half the columns, a third of the rows, and
//     lp_solve 2-3 times faster (5x5 queen, rook, bishop, knight: 4.8 s
//     against 9.1 s; 8x8 queen, two rooks, knight: 55 s, rays unfinished
//     at 60 s).
//
// A measure or a rule only ever pushes a coverage variable one way, so only
// that side is written: "upper" rows (att <= its witnesses) when the model
// wants squares attacked (maximize attacked, cover), "lower" rows (att >= each
// witness) when it wants them not attacked (minimize attacked); the lower
// rows are tightened by clique rows (place_coverage_cliques.go).

// coverageNeeds says which sides of which measures the model uses.
type coverageNeeds struct {
	attackedVar, dominatedVar  bool // the measure has one variable per square
	attackedUp, attackedDown   bool // upper / lower rows for att_<t>
	dominatedUp, dominatedDown bool
	coverAll                   model.Measure // cover every open square: attacked or dominated
}

func (n coverageNeeds) any() bool {
	return n.attackedVar || n.dominatedVar || n.coverAll != model.MeasureNone
}

func (n coverageNeeds) up() bool {
	return n.attackedUp || n.dominatedUp || n.coverAll != model.MeasureNone
}

func (n coverageNeeds) down() bool { return n.attackedDown || n.dominatedDown }

func (pc *placement) coverageNeeds() coverageNeeds {
	var n coverageNeeds
	if c := pc.m.Rules.Cover; c != nil {
		switch {
		case c.AtLeast == 0:
			n.coverAll = c.What
		case c.What == model.MeasureAttacked:
			n.attackedVar, n.attackedUp = true, true
		default:
			n.dominatedVar, n.dominatedUp = true, true
		}
	}
	if o := pc.m.Objective; o.Sense != model.Fixed {
		switch o.Measure {
		case model.MeasureAttacked:
			n.attackedVar = true
			n.attackedUp = n.attackedUp || o.Sense == model.Maximize
			n.attackedDown = o.Sense == model.Minimize
		case model.MeasureDominated:
			n.dominatedVar = true
			n.dominatedUp = n.dominatedUp || o.Sense == model.Maximize
			n.dominatedDown = o.Sense == model.Minimize
		case model.MeasureAttackedWeight: // weights of either sign pull both ways
			n.attackedVar, n.attackedUp, n.attackedDown = true, true, true
		}
	}
	return n
}

// witnesses are the attacks that may reach one square: up is their sum
// (at least 1 when the square is attacked), down lists single terms each of
// which is at most 1 only when the square is attacked.
type witnesses struct {
	up   linear
	down []linear
}

func (w *witnesses) add(l linear) {
	w.up.plusLinear(l, 1)
	for _, t := range l.terms {
		var one linear
		w.down = append(w.down, *one.plus(t.Var, t.Coef))
	}
	if l.constant > 0 {
		w.down = append(w.down, linear{constant: 1})
	}
}

// coverage writes the coverage variables and rows the model needs.
func (pc *placement) coverage() {
	need := pc.coverageNeeds()
	if !need.any() {
		return
	}
	attacks := map[model.Square]*witnesses{}
	for _, s := range pc.open {
		attacks[s] = &witnesses{}
	}
	plain := pc.m.Plain()
	pc.witnessAttacks(need, plain, attacks)
	var near map[model.Square][]nearAttack
	if need.down() && !pc.form.noAttackCliques && plain {
		near = pc.nearAttackers() // place_coverage_cliques.go
	}
	for _, t := range pc.open {
		w := attacks[t]
		name := t.String()
		wall := pc.wall(t)
		occupied := pc.presenceSum(t, anyPiece)
		switch need.coverAll {
		case model.MeasureAttacked:
			var l linear
			pc.addRow("cover_"+name, *l.plusLinear(w.up, 1).plusLinear(wall, 1), GreaterEqual, 1)
		case model.MeasureDominated:
			var l linear
			pc.addRow("cover_"+name, *l.plusLinear(w.up, 1).plusLinear(occupied, 1).plusLinear(wall, 1), GreaterEqual, 1)
		}
		if need.attackedVar {
			att := pc.p.addVariable(unitVariable("att_" + name))
			pc.attVars = append(pc.attVars, att)
			pc.measureRows("att_"+name, att, wall, w.up, w.down, need.attackedUp, need.attackedDown)
			if need.attackedDown {
				pc.attackCliqueRows("att_"+name, att, wall, near[t])
			}
		}
		if need.dominatedVar {
			dom := pc.p.addVariable(unitVariable("dom_" + name))
			pc.domVars = append(pc.domVars, dom)
			var items witnesses
			items.add(occupied)
			up := sum(w.up, occupied)
			down := append(append([]linear(nil), w.down...), items.down...)
			pc.measureRows("dom_"+name, dom, wall, up, down, need.dominatedUp, need.dominatedDown)
			if need.dominatedDown {
				pc.attackCliqueRows("dom_"+name, dom, wall, near[t])
			}
		}
	}
	if c := pc.m.Rules.Cover; c != nil && c.AtLeast > 0 {
		vars := pc.attVars
		if c.What == model.MeasureDominated {
			vars = pc.domVars
		}
		var l linear
		for _, v := range vars {
			l.plus(v, 1)
		}
		pc.addRow("cover_count", l, GreaterEqual, float64(c.AtLeast))
	}
}

// witnessAttacks gathers every attack that may reach each open square:
// on a plain model by leaps and by lines of the rectangle, otherwise by
// each piece's reach or (strong attack) its lines (place_general.go).
func (pc *placement) witnessAttacks(need coverageNeeds, plain bool, attacks map[model.Square]*witnesses) {
	switch {
	case !plain && pc.strongLines():
		pc.strongWitnesses(attacks) // place_general.go
	case !plain:
		pc.reachWitnesses(attacks)
	default:
		pc.leapWitnesses(attacks)
	}
	for _, d := range pc.rideDirections() {
		if !plain {
			break
		}
		switch {
		case pc.needsVisibility(d) && pc.form.rays && !need.down():
			pc.rayWitnesses(d, attacks)
		case pc.needsVisibility(d):
			pc.visibilityWitnesses(d, need, attacks)
		default:
			pc.lineWitnesses(d, attacks)
		}
	}
}

// measureRows ties a coverage variable to its witnesses: at most their sum
// and 0 on a wall (up), at least each of them unless walled (down).
func (pc *placement) measureRows(name string, v int, wall, up linear, down []linear, wantUp, wantDown bool) {
	if wantUp {
		var l linear
		pc.addRow(name+"_up", *l.plus(v, 1).plusLinear(up, -1), LessEqual, 0)
		if !wall.isZero() {
			var lw linear
			pc.addRow(name+"_wall", *lw.plus(v, 1).plusLinear(wall, 1), LessEqual, 1)
		}
	}
	if wantDown {
		for i, item := range down {
			var l linear
			pc.addRow(name+"_down_"+strconv.Itoa(i+1), *l.plus(v, 1).plusLinear(item, -1).plusLinear(wall, 1), GreaterEqual, 0)
		}
	}
}

// attackedSum and dominatedSum are the measures as expressions.
func (pc *placement) attackedSum() linear {
	var l linear
	for _, v := range pc.attVars {
		l.plus(v, 1)
	}
	return l
}

func (pc *placement) dominatedSum() linear {
	var l linear
	for _, v := range pc.domVars {
		l.plus(v, 1)
	}
	return l
}

// leapWitnesses adds every leap onto each open square.
func (pc *placement) leapWitnesses(attacks map[model.Square]*witnesses) {
	for _, s := range pc.open {
		for _, pr := range pc.presences[s] {
			for _, v := range pr.kind.piece.Leaps {
				if w := attacks[s.Add(v)]; w != nil {
					var l linear
					w.add(*l.plus(pr.v, 1))
				}
			}
		}
		for _, f := range pc.fixed[s] {
			for _, v := range f.Leaps {
				if w := attacks[s.Add(v)]; w != nil {
					w.add(linear{constant: 1})
				}
			}
		}
	}
}

// needsVisibility reports whether lines of direction d can be stopped short
// by something other than fixed walls: free walls, or (under strong attack)
// a piece that does not ride d itself.
func (pc *placement) needsVisibility(d model.Vector) bool {
	if len(pc.walls) > 0 {
		return true
	}
	if pc.m.Rules.Attack == model.Weak || pc.m.Rules.Independent {
		return false
	}
	for _, p := range pc.onBoard {
		if !rides(d)(p) {
			return true
		}
	}
	return false
}

// lineWitnesses: every rider of d behind t in its segment attacks t.
func (pc *placement) lineWitnesses(d model.Vector, attacks map[model.Square]*witnesses) {
	for _, seg := range pc.segments(d) {
		var behind linear
		for i, t := range seg {
			if i > 0 {
				behind.plusLinear(pc.presenceSum(seg[i-1], rides(d)), 1)
				attacks[t].add(behind)
			}
		}
	}
}

// visibilityWitnesses builds the chain of see_<d>_<t> variables along each
// segment of direction d.
func (pc *placement) visibilityWitnesses(d model.Vector, need coverageNeeds, attacks map[model.Square]*witnesses) {
	dir := directionName(d)
	strong := pc.m.Rules.Attack == model.Strong && !pc.m.Rules.Independent
	for _, seg := range pc.segments(d) {
		previous := -1 // see variable of the square before
		riderSoFar := false
		for i := 1; i < len(seg); i++ {
			before, t := seg[i-1], seg[i]
			riderSoFar = riderSoFar || pc.mayHold(before, rides(d))
			if !riderSoFar {
				continue
			}
			name := dir + "_" + t.String()
			see := pc.p.addVariable(unitVariable("see_" + name))
			riders := pc.presenceSum(before, rides(d))
			wall := pc.wall(before)
			if need.up() {
				var l linear
				l.plus(see, 1).plusLinear(riders, -1)
				if previous >= 0 {
					l.plus(previous, -1)
				}
				pc.addRow("see_"+name+"_up", l, LessEqual, 0)
				switch {
				case !strong:
					var b linear
					pc.addRow("see_"+name+"_wall", *b.plus(see, 1).plusLinear(wall, 1), LessEqual, 1)
				case !pc.stack:
					var b linear
					b.plus(see, 1).plusLinear(pc.presenceSum(before, notRides(d)), 1).plusLinear(wall, 1)
					pc.addRow("see_"+name+"_block", b, LessEqual, 1)
				default:
					// Stacked: a blocker stops the line unless a rider
					// shares its square.
					blockers := pc.presenceSum(before, notRides(d))
					for k, item := range splitTerms(blockers) {
						var b linear
						b.plus(see, 1).plusLinear(riders, -1).plusLinear(item, 1)
						pc.addRow("see_"+name+"_block_"+strconv.Itoa(k+1), b, LessEqual, 1)
					}
					var b linear
					pc.addRow("see_"+name+"_wall", *b.plus(see, 1).plusLinear(wall, 1), LessEqual, 1)
				}
			}
			if need.down() {
				for k, item := range splitTerms(riders) {
					var l linear
					pc.addRow("see_"+name+"_from_"+strconv.Itoa(k+1), *l.plus(see, 1).plusLinear(item, -1), GreaterEqual, 0)
				}
				if previous >= 0 {
					block := wall
					if strong {
						block = sum(wall, pc.presenceSum(before, anyPiece))
					}
					var l linear
					pc.addRow("see_"+name+"_pass", *l.plus(see, 1).plus(previous, -1).plusLinear(block, 1), GreaterEqual, 0)
				}
			}
			var witness linear
			attacks[t].add(*witness.plus(see, 1))
			previous = see
		}
	}
}

// splitTerms returns each term of l, and its constant, as separate
// expressions.
func splitTerms(l linear) []linear {
	var out []linear
	for _, t := range l.terms {
		var one linear
		out = append(out, *one.plus(t.Var, t.Coef))
	}
	if l.constant != 0 {
		out = append(out, linear{constant: l.constant})
	}
	return out
}

// rayWitnesses is the textbook alternative to the visibility chain, for
// comparison: ray_<d>_<s>_<m> is at most 1 when a rider of d on s reaches
// the square m steps away, every square between empty. Upper rows only.
func (pc *placement) rayWitnesses(d model.Vector, attacks map[model.Square]*witnesses) {
	dir := directionName(d)
	strong := pc.m.Rules.Attack == model.Strong && !pc.m.Rules.Independent
	for _, seg := range pc.segments(d) {
		for i, s := range seg {
			riders := pc.presenceSum(s, rides(d))
			if riders.isZero() {
				continue
			}
			previous := -1
			for j := i + 1; j < len(seg); j++ {
				t := seg[j]
				name := dir + "_" + s.String() + "_" + strconv.Itoa(j-i)
				ray := pc.p.addVariable(unitVariable("ray_" + name))
				var l linear
				if previous < 0 {
					pc.addRow("ray_"+name+"_from", *l.plus(ray, 1).plusLinear(riders, -1), LessEqual, 0)
				} else {
					pc.addRow("ray_"+name+"_on", *l.plus(ray, 1).plus(previous, -1), LessEqual, 0)
					// One row per blocker: stacked pieces would add up.
					blockers := []linear{pc.wall(seg[j-1])}
					if strong {
						blockers = append(blockers, splitTerms(pc.presenceSum(seg[j-1], anyPiece))...)
					}
					for k, block := range blockers {
						var b linear
						pc.addRow("ray_"+name+"_block_"+strconv.Itoa(k+1), *b.plus(ray, 1).plusLinear(block, 1), LessEqual, 1)
					}
				}
				var witness linear
				attacks[t].add(*witness.plus(ray, 1))
				previous = ray
			}
		}
	}
}
