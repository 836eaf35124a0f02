package serve

import (
	"strings"
	"testing"
)

// TestPlayGroups: the palette of a group model names each entry's group,
// and a position whose pieces carry their groups is judged by the rules
// between groups.
func TestPlayGroups(t *testing.T) {
	ts := newTestServer(t, nil)
	yaml := "board: 4\nplace: [2 queen as white, 2 queen as black]\nrules: [independent between groups]\n"
	piece := func(square, group string) map[string]string {
		return map[string]string{"piece": "queen", "square": square, "group": group}
	}
	for _, tc := range []struct {
		name   string
		pieces []map[string]string
		valid  bool
	}{
		{"peaceable", []map[string]string{piece("a1", "white"), piece("b1", "white"), piece("d2", "black"), piece("c4", "black")}, true},
		{"a white queen attacks a black one", []map[string]string{piece("a1", "white"), piece("b1", "white"), piece("d2", "black"), piece("d4", "black")}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ans playAnswer
			post(t, ts, "/api/play", map[string]any{"yaml": yaml, "solution": map[string]any{"pieces": tc.pieces}}, &ans)
			if !ans.OK || ans.Valid != tc.valid {
				t.Fatalf("valid %v, want %v: %v %v", ans.Valid, tc.valid, ans.Problems, ans.Error)
			}
			if p := ans.Model.Palette; len(p) != 2 || p[0].Group != "white" || p[1].Group != "black" {
				t.Errorf("palette %+v", p)
			}
			if !strings.Contains(ans.Model.SVG, "<svg") {
				t.Error("no picture")
			}
		})
	}
}
