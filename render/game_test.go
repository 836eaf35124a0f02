package render

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestGameStart: a game is drawn as its start position, each side's
// pieces on their start squares in the side's colour (the first side
// white, the second black) and every goal square ringed once, as a
// slide's targets are, with a badge in the side's colour on a goal of
// one side only (the queens' race has one for each side, the rook race
// none).
func TestGameStart(t *testing.T) {
	for _, name := range []string{"game-queens-walls", "game-rook-race"} {
		m := loadModel(t, name)
		var b bytes.Buffer
		if err := SVG(&b, m, nil, Options{}); err != nil {
			t.Fatal(err)
		}
		svg := b.String()
		sc := newScene(m, nil)
		goals := map[model.Square]bool{}
		for side, s := range m.Game.Sides {
			id := fmt.Sprintf(`href="#%s-%s"`, glyphFor(s.Piece).name, groupStyles[side].name)
			if got := strings.Count(svg, id); got != len(s.From) {
				t.Errorf("%s: side %s: %d pieces drawn (%s), want %d", name, s.Label, got, id, len(s.From))
			}
			for _, q := range s.Goal {
				goals[q] = true
			}
		}
		for side, s := range m.Game.Sides {
			for _, q := range s.From {
				found := false
				for i, p := range sc.pieces {
					found = found || p.Square == q && p.Piece == s.Piece.Name && sc.styles[i] == groupStyles[side]
				}
				if !found {
					t.Errorf("%s: side %s's piece on %v not in the scene", name, s.Label, q)
				}
			}
		}
		if len(sc.targets) != len(goals) {
			t.Errorf("%s: %d goal squares ringed, want %d", name, len(sc.targets), len(goals))
		}
		for i, q := range sc.targets {
			if !goals[q] {
				t.Errorf("%s: %v ringed, not a goal", name, q)
			}
			// the badge: the one side whose goal it is, none for both
			var want *pieceStyle
			for side, s := range m.Game.Sides {
				if slices.Contains(s.Goal, q) && !slices.Contains(m.Game.Sides[1-side].Goal, q) {
					want = groupStyles[side]
				}
			}
			if sc.owners[i] != want {
				t.Errorf("%s: the goal %v marked as %v's, want %v", name, q, sc.owners[i], want)
			}
		}
		if got := strings.Count(svg, hex(colourTarget)); got != len(goals) {
			t.Errorf("%s: %d rings in the SVG, want %d", name, got, len(goals))
		}
	}
}
