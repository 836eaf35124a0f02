package model

import "fmt"

// The checker's share of attack counts and square weights,
// recomputed on the plain grid by walking every leap and ride of every
// piece, fixed pieces included.

// checkCountsAndWeights checks the attack-count rules and measures the
// weights of a placement.
func (p *position) checkCountsAndWeights(placed []Placed, r *Report) {
	m, b := p.m, p.m.Board
	if m.Weights != nil {
		var sum int64
		for _, pc := range placed {
			sum += m.Weight(pc.Square)
		}
		r.Measures["weight"] = sum
	}
	wantAttackedWeight := m.Weights != nil && (m.Objective.Measure == MeasureAttackedWeight || b.Size() <= measureLimit)
	if len(m.Rules.Counts) == 0 && !wantAttackedWeight {
		return
	}
	if b.Size() > denseLimit {
		r.fail("the %s board is too large for the checker to count attacks", b.Dims())
		return
	}
	attacks, attackers, squares, closed := p.attackCounts()
	if wantAttackedWeight {
		var sum int64
		for i, n := range squares {
			if n > 0 && !closed[i] {
				sum += m.Weight(b.Square(i))
			}
		}
		r.Measures["attacked-weight"] = sum
	}
	for _, rule := range m.Rules.Counts {
		if rule.What == CountSquares {
			p.checkSquareCounts(rule, squares, closed, r)
			continue
		}
		for i, pc := range p.pieces {
			if !rule.Applies(pc.Piece) {
				continue
			}
			got := attacks[i]
			if rule.What == CountAttackers {
				got = attackers[i]
			}
			if !rule.Count.Contains(got) {
				r.fail("%s on %v %s %s, the rule \"every %s %s\" asks for %s",
					pc.Piece, pc.Square, verbCount(rule.What), pluralPieces(got), pieceOrAll(rule.Piece), rule.What, rangeText(rule.Count))
			}
		}
	}
}

// checkSquareCounts checks a rule on every open square.
func (p *position) checkSquareCounts(rule AttackCount, squares []int, closed []bool, r *Report) {
	b := p.m.Board
	for i, n := range squares {
		if !closed[i] && !rule.Count.Contains(n) {
			r.fail("%v is attacked by %s, the rule \"every square attacked\" asks for %s", b.Square(i), pluralPieces(n), rangeText(rule.Count))
		}
	}
}

// attackCounts walks every piece's leaps and rides on the grid: per piece
// the pieces it attacks and the pieces that attack it, per square the
// pieces that attack it (a piece that reaches a square twice, by a leap and
// a ride, attacks it once), and which squares are closed.
func (p *position) attackCounts() (attacks, attackers, squares []int, closed []bool) {
	b := p.m.Board
	_, occupied, closed := p.attackGrid()
	attacks, attackers = make([]int, len(p.pieces)), make([]int, len(p.pieces))
	squares = make([]int, b.Size())
	stamp := make([]int, b.Size()) // the piece (+1) that last reached each square
	open := func(t Square) bool { return b.InBounds(t) && !closed[b.Index(t)] }
	strong := p.m.Rules.Attack == Strong
	for i, pc := range p.pieces {
		hit := func(t Square) {
			k := b.Index(t)
			if stamp[k] == i+1 {
				return
			}
			stamp[k] = i + 1
			squares[k]++
			for _, j := range p.at(t) {
				attacks[i]++
				attackers[j]++
			}
		}
		def := p.kinds[p.kind[i]]
		if b.Wrapped() { // lines folded across the glued edges (check_wrap.go)
			blocked := func(t Square) bool { return !open(t) }
			mark := func(t Square) bool { hit(t); return !strong || !occupied[b.Index(t)] }
			for _, v := range def.Leaps {
				wrapWalk(b, pc.Square, v, false, blocked, mark)
			}
			for _, d := range def.Rides {
				wrapWalk(b, pc.Square, d, true, blocked, mark)
			}
			continue
		}
		for _, v := range def.Leaps {
			if t := pc.Square.Add(v); open(t) {
				hit(t)
			}
		}
		for _, d := range def.Rides {
			for t := pc.Square.Add(d); open(t); t = t.Add(d) {
				hit(t)
				if strong && occupied[b.Index(t)] {
					break
				}
			}
		}
	}
	return attacks, attackers, squares, closed
}

func verbCount(what CountSubject) string {
	if what == CountAttackers {
		return "is attacked by"
	}
	return "attacks"
}

func pluralPieces(n int) string {
	if n == 1 {
		return "1 piece"
	}
	return fmt.Sprintf("%d pieces", n)
}

func pieceOrAll(name string) string {
	if name == "" {
		return "piece"
	}
	return name
}
