package gen_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/chessmodel/chessmodel/internal/gen"
	"github.com/chessmodel/chessmodel/model"
)

// TestRandomGames: random games parse as games, are the same for the
// same seed, and cover what they are drawn to cover: boards with walls
// and squares off the board, two pieces a side, sides with different
// pieces, and each of the three rules for a side without a move.
func TestRandomGames(t *testing.T) {
	a := rand.New(rand.NewPCG(29, 0))
	b := rand.New(rand.NewPCG(29, 0))
	seen := map[string]int{}
	for i := range 200 {
		name := fmt.Sprint("g", i)
		x, y := gen.RandomGame(a, name), gen.RandomGame(b, name)
		if x != y {
			t.Fatalf("game %d differs between two runs of one seed:\n%s\n%s", i, x, y)
		}
		m, err := model.Parse([]byte(x), name+".yaml")
		if err != nil {
			t.Fatalf("%v\n%s", err, x)
		}
		if m.Kind != model.KindGame || m.Game == nil {
			t.Fatalf("not a game:\n%s", x)
		}
		g := m.Game
		rows, cols := m.Board.Rows, m.Board.Cols
		if rows > 4 || cols > 4 {
			t.Errorf("board %dx%d, expected at most 4x4", rows, cols)
		}
		open := 0
		for s := range m.Board.Size() {
			if m.Board.IsOpen(m.Board.Square(s)) {
				open++
			}
		}
		if open < rows*cols {
			seen["closed squares"]++
		}
		for _, s := range g.Sides {
			if len(s.From) < 1 || len(s.From) > 2 {
				t.Errorf("a side of %d pieces:\n%s", len(s.From), x)
			}
			if len(s.From) == 2 {
				seen["two pieces"]++
			}
		}
		if g.Sides[0].Piece.Name != g.Sides[1].Piece.Name {
			seen["different pieces"]++
		}
		seen["stuck "+g.Stuck.String()]++
	}
	for _, f := range []string{"closed squares", "two pieces", "different pieces", "stuck loses", "stuck passes", "stuck draw"} {
		if seen[f] < 10 {
			t.Errorf("%q in %d of 200 random games", f, seen[f])
		}
	}
}
