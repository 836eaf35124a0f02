package model

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGeometryGroupsClosed checks that the symmetries found from the
// geometry form a group: every composition of two is one of them, as a
// permutation of the open squares. Orbits and Burnside counts assume it; a
// set that was not closed counted a zebra's 20 placements on a 5x5
// cylinder as 24, and a camel's 56 placements on a Klein bottle in 22
// classes where there are 14. Every surface, sides 1 to 6, symmetric and
// one-sided pieces, with and without walls (seeded).
func TestGeometryGroupsClosed(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 1))
	pieces := []string{
		"{leap: [1, 3]}", "{leap: [2, 3]}", "{leap: [1, 2]}", "{leap: [1, 0]}",
		"{ride: [1, 1]}", "{ride: [0, 1], images: written}", "{leap: [[1, 2], [2, 1]], images: written}",
		"{ride: [[1, 1], [-1, -1]], leap: [1, 0], images: written}",
	}
	checked := 0
	for _, wrap := range []string{"none", "cylinder", "torus", "mobius", "klein"} {
		for rows := 1; rows <= 6; rows++ {
			for cols := 1; cols <= 6; cols++ {
				for _, pc := range pieces {
					walls := ""
					if rng.IntN(2) == 0 {
						walls = fmt.Sprintf(", walls: [%c%d]", 'a'+rune(rng.IntN(cols)), 1+rng.IntN(rows))
					}
					text := fmt.Sprintf("board: {size: %dx%d, wrap: %s%s}\npieces:\n  p: %s\nplace: [0 p]\n", rows, cols, wrap, walls, pc)
					m, err := Parse([]byte(text), "closed.yaml")
					if err != nil {
						t.Fatalf("%v\n%s", err, text)
					}
					if bad := notClosed(m); bad != "" {
						t.Errorf("%s\n%s", bad, text)
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d groups checked", checked)
}

// notClosed names two symmetries of m whose composition is none of them,
// or is empty when they form a group.
func notClosed(m *Model) string {
	b := m.Board
	syms := m.Symmetries()
	perms := make([][]int, len(syms))
	for k, tr := range syms {
		p := make([]int, b.Size())
		for i := range p {
			p[i] = b.Index(tr.Apply(b.Square(i), b.Rows, b.Cols))
		}
		perms[k] = p
	}
	has := func(r []int) bool {
		return slices.ContainsFunc(perms, func(p []int) bool { return slices.Equal(p, r) })
	}
	for i, p := range perms {
		for j, q := range perms {
			r := make([]int, len(p))
			for k := range r {
				r[k] = p[q[k]]
			}
			if !has(r) {
				return fmt.Sprintf("%s after %s is not in the group of %d", syms[i].NameOn(b.Rows, b.Cols), syms[j].NameOn(b.Rows, b.Cols), len(syms))
			}
		}
	}
	return ""
}
