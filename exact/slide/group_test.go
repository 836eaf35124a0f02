package slide

import (
	"strings"
	"testing"
)

// TestActingGroup checks that symmetries which move the open squares alike
// are kept once: the mirror across the one file of a 4x1 board moves
// nothing, and the diagonal of F2a moves only walls. A group table built
// from equal permutations is refused.
func TestActingGroup(t *testing.T) {
	cases := []struct {
		name, src string
		order     int
	}{
		{"4x1", "board: \"4x1\"\nslide: {piece: rook, from: [a4, a3, a1], to: [a2, a3, a1]}", 1},
		{"1x4", "board: \"1x4\"\nslide: {piece: rook, from: [a1, d1], to: [a1, d1]}", 2},
		{"1x1", "board: 1\nslide: {piece: rook, from: [a1], to: [a1]}", 1},
		{"diagonal", "board: |\n  #.\n  .#\nslide: {piece: queen, from: [b2], to: [a1]}", 1},
		{"8x8", "board: 8\nslide: {piece: rook, from: [a1, a8, h1, h8], to: [d4, d5, e4, e5]}", 8},
	}
	for _, c := range cases {
		sp, err := compile(parseSmall(t, c.name, c.src))
		if err != nil {
			t.Fatal(err)
		}
		if sp.groupOrder() != c.order {
			t.Errorf("%s: a group of order %d acts on the open squares, want %d", c.name, sp.groupOrder(), c.order)
		}
		if _, err := newGroupTable(sp); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		sp.group = append(sp.group, identity(sp.squares))
		if _, err := newGroupTable(sp); err == nil || !strings.Contains(err.Error(), "act alike") {
			t.Errorf("%s: a group table with the identity twice: %v", c.name, err)
		}
	}
}
