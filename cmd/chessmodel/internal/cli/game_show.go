package cli

import (
	"fmt"
	"io"

	"github.com/chessmodel/chessmodel/model"
)

// showGame writes the game section of show: each side, who moves first,
// and what a side without a move does.
func showGame(w io.Writer, g *model.GameSummary) {
	for _, s := range g.Sides {
		fmt.Fprintf(w, "side      %s (%s): %s from %v, goal %v\n", s.Label, s.Mark, plural(int64(len(s.From)), s.Piece, s.Piece+"s"), s.From, s.Goal)
	}
	fmt.Fprintf(w, "play      %s moves first; a side without a move %s\n", g.First, map[string]string{
		"loses": "loses", "passes": "passes", "draw": "draws the game"}[g.Stuck])
}
