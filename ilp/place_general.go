package ilp

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// Models that are not plain (model.Model.Plain: a wrapped board, or a
// one-sided piece). Their lines may wrap round, cross themselves on a
// twisted board and reach a square two ways, and attack may go one way, so
// the segment rows and line witnesses above, which read straight runs of
// the rectangle, do not apply. Both independence and coverage are written
// from each piece's reach (model.Board.Reach: lines folded across glued
// edges, cut by fixed walls, ending before they come back to their start):
//
//	reach_<v>_<t>:  piece v  +  any piece on t  <= 1      (t in v's reach)
//
// forbids exactly the attacks in either direction; under independence these
// pairs are gathered into one row per wrapped line and clique
// (place_general_cliques.go). Under
// independence, or weak attack, or with leapers only, a square is attacked
// exactly when a piece whose reach holds it stands, so its witnesses are
// those pieces.
//
// Under strong attack without independence a line stops at a piece
// between: strongWitnesses gives each (piece, square of its line) a column
// that is 1 exactly when the piece stands and nothing stands before.
//
// Limits: free walls are refused with model.ErrUnsupported.

// refuseGeneral says which parts of a model that is not plain this
// compiler cannot write.
func (pc *placement) refuseGeneral() error {
	m := pc.m
	if m.HasGroups() {
		return fmt.Errorf("ilp: pieces in groups are not supported %s: the group rows read straight lines"+model.PlainOnly+": %w",
			m.NotPlain(), model.ErrUnsupported)
	}
	if m.FreeWalls != nil {
		return fmt.Errorf("ilp: free walls are not supported %s: the wall rows read straight lines"+model.PlainOnly+": %w",
			m.NotPlain(), model.ErrUnsupported)
	}
	return nil
}

// strongLines reports whether a coverage measure needs lines stopped by
// pieces: strong attack, no independence, and a piece that rides.
func (pc *placement) strongLines() bool {
	m := pc.m
	if m.Rules.Attack != model.Strong || m.Rules.Independent {
		return false
	}
	for _, p := range m.UsedPieces() {
		if p.IsRider() {
			return true
		}
	}
	return false
}

// strongWitnesses adds the witnesses of attacks along lines that a piece
// between stops (strong attack without independence): piece v on s attacks
// the square t of one of its lines when no piece stands on the squares of
// the line before t, so a column see (0..1) with
//
//	see <= v,   see + p <= 1 for every piece variable p before t,
//	see >= v - (sum of those p)
//
// is 1 exactly then; a fixed piece before t stops the line. Leaps are
// never stopped. A square the line passes twice (a twisted board) is
// witnessed at its first pass.
func (pc *placement) strongWitnesses(attacks map[model.Square]*witnesses) {
	b := pc.board
	serial := 0
	for _, s := range pc.open {
		type attacker struct {
			piece *model.Piece
			term  linear
			name  string
		}
		var from []attacker
		for _, pr := range pc.presences[s] {
			var l linear
			from = append(from, attacker{pr.kind.piece, *l.plus(pr.v, 1), pc.p.Variables[pr.v].Name})
		}
		for _, f := range pc.fixed[s] {
			from = append(from, attacker{f, linear{constant: 1}, "fixed_" + f.Name + "_" + s.String()})
		}
		for _, a := range from {
			for _, v := range a.piece.Leaps {
				b.Line(s, v, false, func(t model.Square) bool {
					if w := attacks[t]; w != nil {
						w.add(a.term)
					}
					return true
				})
			}
			for _, d := range a.piece.Rides {
				var before []model.Square
				seen := map[model.Square]bool{}
				b.Line(s, d, true, func(t model.Square) bool {
					if !seen[t] {
						seen[t] = true
						serial++
						pc.seeRows(attacks[t], a.term, fmt.Sprintf("see%d_%s_%s", serial, a.name, t), before)
					}
					before = append(before, t)
					return len(pc.fixed[t]) == 0 // a fixed piece stops the line past it
				})
			}
		}
	}
}

// seeRows writes the column and rows of one witness: attacker term, no
// piece on the squares before.
func (pc *placement) seeRows(w *witnesses, term linear, name string, before []model.Square) {
	if w == nil {
		return
	}
	var blockers []int
	for _, u := range before {
		for _, pr := range pc.presences[u] {
			blockers = append(blockers, pr.v)
		}
	}
	if len(blockers) == 0 {
		w.add(term)
		return
	}
	see := pc.p.addVariable(unitVariable(name))
	var up linear
	pc.addRow(name+"_piece", *up.plus(see, 1).plusLinear(term, -1), LessEqual, 0)
	var down linear
	down.plus(see, 1).plusLinear(term, -1)
	for i, p := range blockers {
		var l linear
		pc.addRow(fmt.Sprintf("%s_clear%d", name, i+1), *l.plus(see, 1).plus(p, 1), LessEqual, 1)
		down.plus(p, 1)
	}
	pc.addRow(name+"_seen", down, GreaterEqual, 0)
	var l linear
	w.add(*l.plus(see, 1))
}

// reachIndependence writes one row per piece variable and square it
// reaches, and keeps pieces off squares a fixed piece reaches or from
// which they would reach one.
func (pc *placement) reachIndependence() {
	for _, s := range pc.open {
		for _, f := range pc.fixed[s] {
			for _, t := range pc.board.Reach(f, s) {
				if any := pc.presenceSum(t, anyPiece); len(any.terms) > 0 {
					var l linear
					pc.addRow("reachfix_"+s.String()+"_"+t.String(), *l.plusLinear(any, 1).plusConst(1), LessEqual, 1)
				}
			}
		}
		for _, pr := range pc.presences[s] {
			for _, t := range pc.board.Reach(pr.kind.piece, s) {
				if len(pc.fixed[t]) > 0 {
					var l linear
					pc.addRow("reachfix_"+pc.p.Variables[pr.v].Name+"_"+t.String(), *l.plus(pr.v, 1).plusConst(1), LessEqual, 1)
				}
			}
		}
	}
	pc.reachCliqueRows() // place_general_cliques.go
}

// reachWitnesses adds each piece variable, and each fixed piece, to the
// witnesses of every square it reaches.
func (pc *placement) reachWitnesses(attacks map[model.Square]*witnesses) {
	for _, s := range pc.open {
		for _, pr := range pc.presences[s] {
			for _, t := range pc.board.Reach(pr.kind.piece, s) {
				if w := attacks[t]; w != nil {
					var l linear
					w.add(*l.plus(pr.v, 1))
				}
			}
		}
		for _, f := range pc.fixed[s] {
			for _, t := range pc.board.Reach(f, s) {
				if w := attacks[t]; w != nil {
					w.add(linear{constant: 1})
				}
			}
		}
	}
}
