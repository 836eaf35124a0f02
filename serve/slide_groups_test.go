package serve

import (
	"slices"
	"strings"
	"testing"
)

// TestPlayLabelledSlide: the playground replays a slide with different
// pieces on the checker's rules, offers each piece's moves by its group's
// rule, and draws the two groups in different colours.
func TestPlayLabelledSlide(t *testing.T) {
	ts := newTestServer(t, nil)
	yaml := "board: 3\nslide:\n  pieces:\n" +
		"    - {label: white, piece: knight, move: ordinary, from: [a1], to: [a3]}\n" +
		"    - {label: black, piece: rook, from: [c3], to: [c1]}\n"
	for _, c := range []struct {
		name     string
		moves    []map[string]string
		position []string
		slides   int
		verdict  string
	}{
		// the knight a1-b3, a1-c2; the rook c3-a3 (as far as it goes), c3-c1
		{"start", nil, []string{"a1", "c3"}, 4, "0 moves played"},
		{"rook short", []map[string]string{{"from": "c3", "to": "b3"}}, []string{"a1", "c3"}, 0, "move 1, c3-b3: the black rook does not slide as far as it goes"},
		{"knight", []map[string]string{{"from": "a1", "to": "b3"}}, []string{"b3", "c3"}, 3, "1 move played"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ans playAnswer
			post(t, ts, "/api/play", map[string]any{"yaml": yaml, "solution": map[string]any{"moves": c.moves}}, &ans)
			if !slices.Equal(squareNames(ans.Position), c.position) || len(ans.Slides) != c.slides || !strings.HasPrefix(ans.Verdict, c.verdict) {
				t.Errorf("position %v slides %v %q, want %v %d %q", squareNames(ans.Position), ans.Slides, ans.Verdict, c.position, c.slides, c.verdict)
			}
			if c.name == "start" && (ans.Model == nil || !strings.Contains(ans.Model.SVG, "#fbfaf7") || !strings.Contains(ans.Model.SVG, "#26221f")) {
				t.Errorf("the picture does not draw a white and a black group")
			}
		})
	}
}
