package mzn

import (
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestParts: each implied partition covers every piece variable once,
// each part is a clique of attacks (by the board's reach) or of a shared
// square, and the first's number of parts is the bound the puzzle has: n
// ranks for n queens, the 2x2 blocks for kings; n queens have four
// partitions (ranks, files and the two diagonals).
func TestParts(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		parts      int // of the first partition; -1: any
		partitions int
	}{
		{"8 queens", "board: 8\nplace: [8 queen]\nrules: [independent]", 8, 4},
		{"kings 12x12", "board: 12\nplace: [max king]\nrules: [independent]", 36, 1},
		{"torus queens 7", "board: {size: 7, wrap: torus}\nplace: [7 queen]\nrules: [independent]", 7, 4},
		{"walls", "board: {size: 6, walls: [c3, d4]}\nplace: [max queen]\nrules: [independent]", -1, 4},
		{"queens and knights, a fixed rook", "board: 5\nfixed: [rook c3]\nplace: [2 queen, max knight]\nrules: [independent]", -1, 4},
		{"mobius bishops", "board: {size: 5, wrap: mobius}\nplace: [max bishop]\nrules: [independent]", -1, 1},
		{"no independence", "board: 5\nplace: [3 queen]\nrules: [cover attacked]", -1, 0},
		{"free walls", "board: {size: 5, walls: free}\nplace: [6 queen]\nrules: [independent]\nobjective: minimize walls", -1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.Parse([]byte(tc.text), "m.yaml")
			if err != nil {
				t.Fatal(err)
			}
			d := newData(m)
			partitions := d.partitions()
			if len(partitions) != tc.partitions {
				t.Fatalf("%d partitions, want %d", len(partitions), tc.partitions)
			}
			if tc.parts >= 0 && len(partitions[0]) != tc.parts {
				t.Errorf("%d parts, want %d", len(partitions[0]), tc.parts)
			}
			for _, parts := range partitions {
				checkParts(t, d, parts)
			}
		})
	}
}

func checkParts(t *testing.T, d *data, parts [][]int) {
	t.Helper()
	n := len(d.squares)
	at := func(v int) (*model.Piece, model.Square) { return d.kinds[(v-1)/n], d.squares[(v-1)%n] }
	reaches := func(a, b int) bool {
		pa, sa := at(a)
		_, sb := at(b)
		for _, r := range d.m.Board.Reach(pa, sa) {
			if r == sb {
				return true
			}
		}
		return false
	}
	seen := map[int]bool{}
	for _, part := range parts {
		for x, a := range part {
			if seen[a] {
				t.Errorf("variable %d in two parts", a)
			}
			seen[a] = true
			for _, b := range part[x+1:] {
				_, sa := at(a)
				_, sb := at(b)
				if sa != sb && !reaches(a, b) && !reaches(b, a) {
					t.Errorf("part %v: %d and %d may both stand", part, a, b)
				}
			}
		}
	}
	placed := map[string]bool{}
	for _, e := range d.m.Place {
		placed[e.Piece.Name] = true
	}
	for v := 1; v <= len(d.kinds)*n; v++ {
		p, s := at(v)
		if placed[p.Name] && d.fixedOn[d.index[s]] == 0 && !seen[v] {
			t.Errorf("variable %d (%s on %v) in no part", v, p.Name, s)
		}
	}
}

// TestAnchor: a lone piece is kept to the least squares of its orbits when
// one solution is asked for, never in the model written for counting or
// export.
func TestAnchor(t *testing.T) {
	m, err := model.Parse([]byte("board: 8\nplace: [1 king, 1 queen, 2 rook]\nrules: [attack strong]\nobjective: maximize attacked"), "m.yaml")
	if err != nil {
		t.Fatal(err)
	}
	kind, off := newData(m).anchor()
	if kind != 1 || len(off) != 64-10 {
		t.Errorf("anchor kind %d off %d squares, want the king off 54", kind, len(off))
	}
	var one, all strings.Builder
	if _, err := write(&one, m, Fix{}, true); err != nil {
		t.Fatal(err)
	}
	if _, err := write(&all, m, Fix{}, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(one.String(), "least square of its orbit") || strings.Contains(all.String(), "least square of its orbit") {
		t.Error("the anchor is not where it belongs")
	}
	coloured, err := model.Parse([]byte("board: 8\nplace: [1 bishop on light, 1 queen on dark]\nrules: [independent]"), "m.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if kind, _ := newData(coloured).anchor(); kind != 0 {
		t.Errorf("a piece with a colour rule anchored (kind %d)", kind)
	}
}
