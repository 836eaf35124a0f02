package model

import (
	"fmt"
	"sort"
	"strings"
)

// MaxGroups bounds the groups of a model: its symmetry group is searched
// among every permutation of them (8! of them at most, per transform).
const MaxGroups = 8

// A Symmetry is an element of a model's symmetry group: a board transform
// and, in a group model, a permutation of the groups (Groups[g] is the image
// of group g; nil is the identity). Swapping two groups is a symmetry when
// they are alike: the same pieces, counts and colour rules, and the same
// rules towards every other group.
type Symmetry struct {
	Transform
	Groups []int
}

// FullSymmetries is the model's whole symmetry group, identity first: the
// transforms of Symmetries on a model without groups; on a group model
// every (transform, permutation of groups) that maps the place list (colour
// rules swapped with the colours of squares) and the rules between groups
// onto themselves. Classes up to symmetry are orbits under this group.
func (m *Model) FullSymmetries() []Symmetry {
	if !m.HasGroups() {
		var out []Symmetry
		for _, t := range m.Symmetries() {
			out = append(out, Symmetry{Transform: t})
		}
		return out
	}
	perms := permutations(len(m.Army.Groups))
	rows, cols := m.Board.Rows, m.Board.Cols
	plain := groupSignature(m, nil, false)
	var out []Symmetry
	for _, t := range m.BoardSymmetries() {
		swap := t.SwapsColours(rows, cols)
		for _, perm := range perms {
			if !m.permutesRules(perm) || groupSignature(m, perm, swap) != plain {
				continue
			}
			sym := Symmetry{Transform: t}
			if !identityPerm(perm) {
				sym.Groups = perm
			}
			out = append(out, sym)
		}
	}
	return out
}

// permutesRules reports whether the rules between groups are the same
// after renaming group g as perm[g].
func (m *Model) permutesRules(perm []int) bool {
	for g := range perm {
		for h := range perm {
			if m.Forbids(g, h) != m.Forbids(perm[g], perm[h]) {
				return false
			}
		}
	}
	return true
}

// groupSignature is the place list as text, each entry's group renamed by
// perm (nil: kept) and its colour rule swapped when swap is set.
func groupSignature(m *Model, perm []int, swap bool) string {
	var s []string
	for _, e := range m.Place {
		c := e.Colour
		if swap && c != AnyColour {
			c = 3 - c
		}
		g := m.GroupIndex(e.Group)
		if perm != nil {
			g = perm[g]
		}
		s = append(s, fmt.Sprintf("%s/%d/%d/%d/%d/%d", e.Piece.Name, e.Count.Min, e.Count.Max, e.Opt, c, g))
	}
	sort.Strings(s)
	return strings.Join(s, ",")
}

// permutations lists every permutation of 0..n-1, the identity first.
func permutations(n int) [][]int {
	var out [][]int
	perm := make([]int, n)
	used := make([]bool, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			out = append(out, append([]int(nil), perm...))
			return
		}
		for v := range n {
			if !used[v] {
				used[v], perm[i] = true, v
				rec(i + 1)
				used[v] = false
			}
		}
	}
	rec(0)
	return out
}

func identityPerm(perm []int) bool {
	for i, v := range perm {
		if i != v {
			return false
		}
	}
	return true
}

// NameIn describes the symmetry: the transform's name, and the groups it
// swaps ("rotate 180 + white<->black"; a swap alone is "white<->black").
func (s Symmetry) NameIn(m *Model) string {
	name := s.NameOn(m.Board.Rows, m.Board.Cols)
	if s.Groups == nil {
		return name
	}
	var moves []string
	seen := make([]bool, len(s.Groups))
	for g := range s.Groups {
		if seen[g] || s.Groups[g] == g {
			continue
		}
		var cycle []string
		for h := g; !seen[h]; h = s.Groups[h] {
			seen[h] = true
			cycle = append(cycle, m.Army.Groups[h])
		}
		moves = append(moves, strings.Join(cycle, "->")+"->"+cycle[0])
	}
	if len(moves) == 1 && strings.Count(moves[0], "->") == 2 {
		parts := strings.Split(moves[0], "->")
		moves[0] = parts[0] + "<->" + parts[1]
	}
	if s.Transform == (Transform{}) {
		return strings.Join(moves, " ")
	}
	return name + " + " + strings.Join(moves, " ")
}

// ApplySymmetry maps a solution: its squares by the transform, its pieces'
// groups by the permutation.
func (m *Model) ApplySymmetry(sym Symmetry, s Solution) Solution {
	out := m.TransformSolution(sym.Transform, s)
	if sym.Groups == nil {
		return out
	}
	for i, p := range out.Pieces {
		if g := m.GroupIndex(p.Group); g >= 0 && g < len(sym.Groups) {
			out.Pieces[i].Group = m.Army.Groups[sym.Groups[g]]
		}
	}
	out.Normalize()
	return out
}

// SymmetryImages returns the distinct images of s under group (the model's
// whole symmetry group, FullSymmetries, found once by the caller), s
// first; with walls set, one per distinct wall set.
func (m *Model) SymmetryImages(group []Symmetry, s Solution, walls bool) []Solution {
	return distinctImages(len(group), func(i int) Solution { return m.ApplySymmetry(group[i], s) }, walls)
}

func (m *Model) canonicalFull(group []Symmetry, s Solution) Solution {
	return leastImage(m.ApplySymmetry(Symmetry{}, s), len(group), func(i int) Solution { return m.ApplySymmetry(group[i], s) })
}
