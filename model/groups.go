package model

import "unicode"

// Armies: pieces in groups (sides, colours) and rules between
// groups. A place entry may name its group ("9 queen as white"); a model
// whose place list names groups is a group model, and every entry of it
// names one. Independence rules may then speak of groups:
//
//	independent                    no piece attacks another (any groups)
//	independent between groups     no piece attacks a piece of another group
//	independent within groups      no piece attacks a piece of its own group
//	independent GROUP              no piece of GROUP attacks any piece
//	equal groups                   every group holds as many pieces as every other
//
// Attacks are those of the model's attack rule: under attack strong a line
// stops at the first occupied square, whatever the group of the piece on it.

// GroupModel is the part of a model that names groups; nil fields and a
// nil Groups mean a model without groups.
type GroupModel struct {
	// Groups are the groups named by the place list, in order of first
	// mention.
	Groups []string
	// Forbid[g][h]: no piece of group g may attack a piece of group h
	// (indices into Groups), from the group forms of independent.
	Forbid [][]bool
	// EqualGroups: every group holds the same number of pieces.
	EqualGroups bool
	// Rules are the group rules as written, for show.
	Rules []string
}

// HasGroups reports whether the model's pieces are in groups.
func (m *Model) HasGroups() bool { return len(m.Army.Groups) > 0 }

// GroupIndex is the index of a group in m.Army.Groups, -1 when the model has
// no such group. The empty name is group 0 of a model without groups.
func (m *Model) GroupIndex(name string) int {
	if !m.HasGroups() && name == "" {
		return 0
	}
	for i, g := range m.Army.Groups {
		if g == name {
			return i
		}
	}
	return -1
}

// Forbids reports whether a piece of group g may not attack a piece of
// group h: plain independence forbids every attack, the group forms of it
// those they name.
func (m *Model) Forbids(g, h int) bool {
	if m.Rules.Independent {
		return true
	}
	return m.Army.Forbid != nil && m.Army.Forbid[g][h]
}

// AnyForbidden reports whether some attack is forbidden: plain independence
// or a group form of it.
func (m *Model) AnyForbidden() bool {
	if m.Rules.Independent {
		return true
	}
	for _, row := range m.Army.Forbid {
		for _, f := range row {
			if f {
				return true
			}
		}
	}
	return false
}

// StrongIsWeak reports whether, for this model's independence rules, strong
// and weak attack forbid exactly the same placements, so that a search may
// reason with lines that pass through pieces. It holds when every piece
// that can stand on the board rides the same directions and the allowed
// attacks (group g may attack group h) are transitive: then, if a piece
// attacks a forbidden one through pieces between them, some two neighbours
// on that line (each attacking the next along the same direction, the
// pieces riding alike) are a forbidden pair. Leaps are never blocked.
// Without groups it is the plain independence of pieces that ride alike.
func (m *Model) StrongIsWeak() bool {
	var rides []Vector
	first := true
	same := func(p *Piece) bool {
		if first {
			rides, first = p.Rides, false
			return true
		}
		return sameVectors(rides, p.Rides)
	}
	for _, e := range m.Place {
		if !same(e.Piece) {
			return false
		}
	}
	for _, f := range m.Fixed {
		if p := m.Pieces[f.Piece]; p == nil || !same(p) {
			return false
		}
	}
	n := max(1, len(m.Army.Groups))
	allowed := func(g, h int) bool { return !m.Forbids(g, h) }
	for a := range n {
		for b := range n {
			for c := range n {
				if allowed(a, b) && allowed(b, c) && !allowed(a, c) {
					return false
				}
			}
		}
	}
	return true
}

func sameVectors(a, b []Vector) bool {
	set := map[Vector]bool{}
	for _, v := range a {
		set[v] = true
	}
	other := map[Vector]bool{}
	for _, v := range b {
		if !set[v] {
			return false
		}
		other[v] = true
	}
	return len(other) == len(set)
}

// groupSymbol is a placed piece's letter in a diagram: lower case for
// the second group of a group model, as black's in chess.
func (m *Model) groupSymbol(p Placed) rune {
	r := m.symbol(p.Piece)
	if m.HasGroups() && m.GroupIndex(p.Group) == 1 {
		r = unicode.ToLower(r)
	}
	return r
}

// GroupPieces is the number of placed pieces of each group of a solution,
// by index into m.Army.Groups; pieces of unknown groups are not counted.
func (m *Model) GroupPieces(pieces []Placed) []int {
	out := make([]int, len(m.Army.Groups))
	for _, p := range pieces {
		if g := m.GroupIndex(p.Group); g >= 0 && g < len(out) {
			out[g]++
		}
	}
	return out
}
