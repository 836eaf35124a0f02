package ilp

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// Armies: pieces in groups with rules between groups (model/groups.go). A
// kind is a (piece, group) pair (q_white_d4 is a white queen on d4); the
// rows say which attacks are forbidden: Model.Forbids(g, h), no piece of
// group g attacks one of group h.
//
// Lines, when strong and weak attack forbid the same placements
// (Model.StrongIsWeak, as for peaceable queens) or attack is weak, and
// every piece rides each line both ways: only walls cut a line, so within a
// segment (see place_independence.go) a rider of group g attacks every
// piece of the segment. Per segment and group, a binary says the group has
// a rider on it (arm_<g>_<d>_<first square> >= each rider of g there) and,
// where some pieces of the group do not ride the line, another says it has
// a piece on it (occ_...). Then
//
//	armies_<g>_<h>_<d>_<first>:  arm_g + occ_h <= 1    (g != h, forbidden)
//	armies_<g>_<d>_<first>:      pieces of g in the segment <= 1 (g forbids g, all of g ride)
//
// and where g forbids itself but some of its pieces do not ride the line,
// the rows of place_independence.go within the group. For peaceable queens
// these are the classic rows arm_white + arm_black <= 1 on every line.
//
// Otherwise (strong attack through pieces of mixed riders, or one-way
// riders) every ordered pair of squares s, t of a segment gets
//
//	pair_<g>_<s>_<t>:  riders of g on s towards t + victims of g on t
//	                   - pieces strictly between them (strong only)  <= 1
//
// exact, one row per pair and group: lp_solve copes on small boards only.
// Leaps are never blocked: leap_<kind>_<s>_<t>: the leaper on s + its
// victims on t <= 1. equal groups is one row per group after the first,
// same_count_<g>: its pieces less the first group's = 0.
//
// Refused (model.ErrUnsupported): free walls, cover rules and objectives
// other than pieces in a group model.

// armies writes the rows of a group model.
func (pc *placement) armies() error {
	m := pc.m
	if m.FreeWalls != nil || m.Rules.Cover != nil || m.Objective.Measure == model.MeasureAttacked ||
		m.Objective.Measure == model.MeasureDominated || m.Objective.Measure == model.MeasureWalls {
		return fmt.Errorf("ilp: free walls, cover rules and objectives other than pieces in a model with groups: %w", model.ErrUnsupported)
	}
	if m.AnyForbidden() {
		segmentsAlike := m.Rules.Attack == model.Weak || m.StrongIsWeak()
		for _, d := range pc.rideDirections() {
			if !canonical(d) {
				continue
			}
			for _, seg := range pc.segments(d) {
				if segmentsAlike && pc.bothWays(d) {
					pc.groupSegmentRows(d, seg)
				} else {
					pc.groupPairRows(d, seg)
				}
			}
		}
		pc.groupLeapRows()
	}
	pc.equalGroupRows()
	return nil
}

// groupSuffix is what a group adds to a kind's prefix: "_white".
func groupSuffix(group string) string {
	if group == "" {
		return ""
	}
	return "_" + shortName(group)
}

// bothWays reports whether every piece rides d exactly when it rides -d.
func (pc *placement) bothWays(d model.Vector) bool {
	back := model.Vector{File: -d.File, Rank: -d.Rank}
	for _, p := range pc.onBoard {
		if rides(d)(p) != rides(back)(p) {
			return false
		}
	}
	return true
}

// groupSum is the pieces of group g on s that satisfy match.
func (pc *placement) groupSum(s model.Square, g int, match func(*model.Piece) bool) linear {
	var l linear
	for _, pr := range pc.presences[s] {
		if pc.m.GroupIndex(pr.kind.group) == g && match(pr.kind.piece) {
			l.plus(pr.v, 1)
		}
	}
	return l
}

// victimSum is the pieces on s that a piece of group g may not attack.
func (pc *placement) victimSum(s model.Square, g int) linear {
	var l linear
	for _, pr := range pc.presences[s] {
		if pc.m.Forbids(g, pc.m.GroupIndex(pr.kind.group)) {
			l.plus(pr.v, 1)
		}
	}
	return l
}

// groupIndicator is a binary at least every term of the given sums, or
// -1 when they are all empty.
func (pc *placement) groupIndicator(name string, sums []linear) int {
	v := -1
	for _, l := range sums {
		if l.isZero() {
			continue
		}
		if v < 0 {
			v = pc.p.addVariable(unitVariable(name))
		}
		var row linear
		pc.addRow(name+"_"+pc.p.Variables[l.terms[0].Var].Name, *row.plusLinear(l, 1).plus(v, -1), LessEqual, 0)
	}
	return v
}

// groupSegmentRows writes one segment's rows when only walls cut lines.
func (pc *placement) groupSegmentRows(d model.Vector, seg []model.Square) {
	if len(seg) < 2 {
		return
	}
	groups := pc.m.Army.Groups
	tag := directionName(d) + "_" + seg[0].String()
	arm := make([]int, len(groups))
	occ := make([]int, len(groups))
	for g, name := range groups {
		var riders, pieces []linear
		for _, s := range seg {
			riders = append(riders, pc.groupSum(s, g, rides(d)))
			pieces = append(pieces, pc.groupSum(s, g, anyPiece))
		}
		arm[g] = pc.groupIndicator("arm_"+shortName(name)+"_"+tag, riders)
		occ[g] = arm[g]
		if pc.groupHasNonRider(seg, g, d) {
			occ[g] = pc.groupIndicator("occ_"+shortName(name)+"_"+tag, pieces)
		}
		if pc.m.Forbids(g, g) && arm[g] >= 0 {
			pc.withinGroupRows(d, seg, g, tag)
		}
	}
	for g := range groups {
		for h := range groups {
			if g == h || arm[g] < 0 || occ[h] < 0 || !pc.m.Forbids(g, h) {
				continue
			}
			var l linear
			pc.addRow("armies_"+shortName(groups[g])+"_"+shortName(groups[h])+"_"+tag, *l.plus(arm[g], 1).plus(occ[h], 1), LessEqual, 1)
		}
	}
}

func (pc *placement) groupHasNonRider(seg []model.Square, g int, d model.Vector) bool {
	for _, s := range seg {
		if !pc.groupSum(s, g, notRides(d)).isZero() {
			return true
		}
	}
	return false
}

// withinGroupRows: a rider of group g attacks every other piece of g in
// the segment. All riders: at most one piece; otherwise the riders but
// one, plus any piece on each square, at most one.
func (pc *placement) withinGroupRows(d model.Vector, seg []model.Square, g int, tag string) {
	name := "armies_" + shortName(pc.m.Army.Groups[g]) + "_" + tag
	var riders linear
	for _, s := range seg {
		riders.plusLinear(pc.groupSum(s, g, rides(d)), 1)
	}
	if !pc.groupHasNonRider(seg, g, d) {
		if len(riders.terms) > 1 {
			pc.addRow(name, riders, LessEqual, 1)
		}
		return
	}
	for i, t := range seg {
		var l linear
		for j, s := range seg {
			if j != i {
				l.plusLinear(pc.groupSum(s, g, rides(d)), 1)
			}
		}
		if l.isZero() {
			continue
		}
		l.plusLinear(pc.groupSum(t, g, anyPiece), 1)
		pc.addRow(name+"_"+t.String(), l, LessEqual, 1)
	}
}

// groupPairRows writes the exact pair rows of one segment: both ways along
// it, each group's riders against their victims, less the pieces between
// under strong attack.
func (pc *placement) groupPairRows(d model.Vector, seg []model.Square) {
	strong := pc.m.Rules.Attack == model.Strong
	back := model.Vector{File: -d.File, Rank: -d.Rank}
	for i, s := range seg {
		for j, t := range seg {
			if i == j {
				continue
			}
			dir := d
			if j < i {
				dir = back
			}
			for g, name := range pc.m.Army.Groups {
				riders := pc.groupSum(s, g, rides(dir))
				victims := pc.victimSum(t, g)
				if riders.isZero() || victims.isZero() {
					continue
				}
				var l linear
				l.plusLinear(riders, 1).plusLinear(victims, 1)
				if strong {
					for k := min(i, j) + 1; k < max(i, j); k++ {
						l.plusLinear(pc.presenceSum(seg[k], anyPiece), -1)
					}
				}
				pc.addRow("pair_"+shortName(name)+"_"+s.String()+"_"+t.String(), l, LessEqual, 1)
			}
		}
	}
}

// groupLeapRows: a leaper and a piece it may not attack on a square it
// leaps to.
func (pc *placement) groupLeapRows() {
	for _, s := range pc.open {
		for _, pr := range pc.presences[s] {
			g := pc.m.GroupIndex(pr.kind.group)
			for _, v := range pr.kind.piece.Leaps {
				t := s.Add(v)
				if !pc.board.IsOpen(t) {
					continue
				}
				victims := pc.victimSum(t, g)
				if victims.isZero() {
					continue
				}
				var l linear
				l.plus(pr.v, 1).plusLinear(victims, 1)
				pc.addRow("leap_"+pc.p.Variables[pr.v].Name+"_"+t.String(), l, LessEqual, 1)
			}
		}
	}
}

// equalGroupRows: every group as many pieces as the first.
func (pc *placement) equalGroupRows() {
	if !pc.m.Army.EqualGroups {
		return
	}
	groups := pc.m.Army.Groups
	total := func(g int) linear {
		var l linear
		for _, s := range pc.open {
			l.plusLinear(pc.groupSum(s, g, anyPiece), 1)
		}
		return l
	}
	first := total(0)
	for g := 1; g < len(groups); g++ {
		l := total(g)
		l.plusLinear(first, -1)
		pc.addRow("same_count_"+shortName(groups[g]), l, Equal, 0)
	}
}
