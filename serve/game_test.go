package serve

import (
	"strings"
	"testing"
)

// TestGameBoard: the playground's board of a game shows its start
// position (each side's pieces in the side's colour) and rings its goal
// squares, as render draws them.
func TestGameBoard(t *testing.T) {
	ts := newTestServer(t, nil)
	var ans parseAnswer
	post(t, ts, "/api/parse", map[string]any{"yaml": modelText(t, "game-queens-walls.yaml"), "file": "game.yaml"}, &ans)
	if !ans.OK || ans.Model == nil {
		t.Fatalf("parse: %+v", ans.Error)
	}
	svg := ans.Model.SVG
	// two white queens and two black ones, and the two goal rings
	for id, want := range map[string]int{`href="#queen-group-1"`: 2, `href="#queen-group-2"`: 2, "#2e8b3e": 2} {
		if got := strings.Count(svg, id); got != want {
			t.Errorf("%s: %d in the board, want %d", id, got, want)
		}
	}
}
