package model

import "fmt"

// What the checker adds for group models (groups.go): every piece names a
// group of the model, counts are kept per piece and group, attacks are
// judged by the groups of the two pieces, and equal groups hold as many
// pieces each.

// placedName is a placed piece as the checker names it: "queen", or
// "white queen" in a group model.
func placedName(p Placed) string {
	if p.Group == "" {
		return p.Piece
	}
	return p.Group + " " + p.Piece
}

// entryName is the piece of a place entry as placedName names it.
func entryName(e PlaceEntry) string {
	return placedName(Placed{Piece: e.Piece.Name, Group: e.Group})
}

// knownGroup reports whether a placed piece may carry this group.
func knownGroup(m *Model, g string) bool {
	if !m.HasGroups() {
		return g == ""
	}
	return m.GroupIndex(g) >= 0
}

func groupProblem(m *Model, g string) string {
	switch {
	case !m.HasGroups():
		return fmt.Sprintf("group %q, but the model has no groups", g)
	case g == "":
		return fmt.Sprintf("no group; the model's pieces are in groups %v", m.Army.Groups)
	}
	return fmt.Sprintf("unknown group %q; the model's groups are %v", g, m.Army.Groups)
}

// forbidden reports whether the attack of piece i on piece j breaks a rule.
func (p *position) forbidden(i, j int) bool {
	if p.m.Rules.Independent {
		return true
	}
	g, h := p.m.GroupIndex(p.pieces[i].Group), p.m.GroupIndex(p.pieces[j].Group)
	return g < 0 || h < 0 || p.m.Forbids(g, h)
}

// checkEqualGroups checks the rule equal groups.
func checkEqualGroups(m *Model, placed []Placed, r *Report) {
	if !m.Army.EqualGroups {
		return
	}
	counts := m.GroupPieces(placed)
	for g, c := range counts {
		if c != counts[0] {
			r.fail("%d pieces as %s but %d as %s; the rule equal groups asks for as many in each", counts[0], m.Army.Groups[0], c, m.Army.Groups[g])
			return
		}
	}
}
