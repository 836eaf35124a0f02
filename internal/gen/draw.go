package gen

import (
	"math/rand/v2"

	"github.com/chessmodel/chessmodel/model"
)

// drawParsed draws a model with draw until its text parses (and, when
// accept is set, until accept takes the parsed model) and returns the
// text: the loop of Random and of every RandomXxx. Drawing again consumes
// rng, so the same rng state still gives the same model.
func drawParsed(rng *rand.Rand, name string, draw func(*rand.Rand, string) string, accept func(*model.Model) bool) string {
	for {
		text := draw(rng, name)
		if m, err := model.Parse([]byte(text), name); err == nil && (accept == nil || accept(m)) {
			return text
		}
	}
}

// drawSquares draws n squares of a rows x cols board (file, then rank,
// for each), repeats possible: the walls of random models.
func drawSquares(rng *rand.Rand, n, rows, cols int) []string {
	var out []string
	for ; n > 0; n-- {
		out = append(out, model.Square{File: rng.IntN(cols), Rank: rng.IntN(rows)}.String())
	}
	return out
}
