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
// one row per reached square, which forbids exactly the attacks in either
// direction (the row of the other piece covers the other way). Under
// independence, or weak attack, or with leapers only, a square is attacked
// exactly when a piece whose reach holds it stands, so its witnesses are
// those pieces.
//
// Limits: free walls, and coverage under strong attack without
// independence when some piece rides (a line stopped by a piece between;
// a leap is never stopped), are refused with
// model.ErrUnsupported; the exact backend answers them where it can.

// refuseGeneral says which parts of a model that is not plain this
// compiler cannot write.
func (pc *placement) refuseGeneral() error {
	m := pc.m
	if m.FreeWalls != nil {
		return fmt.Errorf("ilp: free walls on a %s board or with a one-sided piece are not compiled (the wall rows read straight lines): %w", m.Board.Wrap, model.ErrUnsupported)
	}
	riders := false
	for _, p := range m.UsedPieces() {
		riders = riders || p.IsRider()
	}
	if riders && pc.coverageNeeds().any() && m.Rules.Attack == model.Strong && !m.Rules.Independent {
		return fmt.Errorf("ilp: coverage under strong attack without independence on a %s board or with a one-sided piece is not compiled (a line stopped by a piece between): %w", m.Board.Wrap, model.ErrUnsupported)
	}
	return nil
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
				var l linear
				l.plus(pr.v, 1)
				if len(pc.fixed[t]) > 0 {
					pc.addRow("reachfix_"+pc.p.Variables[pr.v].Name+"_"+t.String(), *l.plusConst(1), LessEqual, 1)
					continue
				}
				pc.addRow("reach_"+pc.p.Variables[pr.v].Name+"_"+t.String(), *l.plusLinear(pc.presenceSum(t, anyPiece), 1), LessEqual, 1)
			}
		}
	}
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
