package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// Draws names the kinds of random model compare --random draws: Random's
// placements, the tours and slides drawn by RandomTour and RandomSlide,
// and the games drawn by RandomGame.
var Draws = map[string]func(rng *rand.Rand, name string) string{
	"place": Random,
	"tour":  RandomTour,
	"slide": RandomSlide,
	"game":  RandomGame,
}

// RandomTour returns the text of a small random tour model that parses: a
// board of 1 to 20 squares (sometimes with a wall), a knight, king or fairy
// leaper, open or closed, sometimes from a start square, and undirected
// (a path and its reverse one tour) in half the open ones. The same rng
// state gives the same model.
func RandomTour(rng *rand.Rand, name string) string {
	return drawParsed(rng, name, randomTour, nil)
}

func randomTour(rng *rand.Rand, name string) string {
	rows, cols := 1+rng.IntN(4), 2+rng.IntN(3)
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\npieces: {camel: {leap: [1, 3]}, zebra: {leap: [2, 3]}, wazir: {leap: [0, 1]}, ferz: {leap: [1, 1]}}\n", name)
	if rng.IntN(3) == 0 {
		fmt.Fprintf(&b, "board: {size: \"%dx%d\", walls: [%v]}\n", rows, cols, model.Square{File: rng.IntN(cols), Rank: rng.IntN(rows)})
	} else {
		fmt.Fprintf(&b, "board: \"%dx%d\"\n", rows, cols)
	}
	piece := pick(rng, []string{"knight", "knight", "king", "king", "wazir", "wazir", "ferz", "camel", "zebra"})
	spec := []string{"piece: " + piece}
	closed := rng.IntN(4) == 0
	if closed {
		spec = append(spec, "closed: true")
	}
	if rng.IntN(4) == 0 {
		spec = append(spec, fmt.Sprintf("start: %v", model.Square{File: rng.IntN(cols), Rank: rng.IntN(rows)}))
	}
	if !closed && rng.IntN(2) == 0 || closed && rng.IntN(4) == 0 {
		spec = append(spec, "undirected: true")
	}
	fmt.Fprintf(&b, "tour: {%s}\n", strings.Join(spec, ", "))
	return b.String()
}

// RandomSlide returns the text of a small random slide of different
// pieces that parses: a board of at most 9 squares (sometimes with a
// wall), one to three groups of one or two pieces each, built-in or
// fairy, each sliding as far as it goes or making ordinary moves, from
// random start squares to random goal squares. The same rng state gives
// the same model.
func RandomSlide(rng *rand.Rand, name string) string {
	// a goal that is the start is drawn again: it says nothing
	return drawParsed(rng, name, randomSlide, func(m *model.Model) bool { return m.SlideGoal(m.SlideStart()) != nil })
}

func randomSlide(rng *rand.Rand, name string) string {
	rows, cols := 2+rng.IntN(2), 2+rng.IntN(2)
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\npieces: {camel: {leap: [1, 3]}, wazir: {leap: [0, 1]}, ferz: {leap: [1, 1]}, nightrider: {ride: [1, 2]}}\n", name)
	var open []model.Square
	wall := model.Square{File: -1}
	if rng.IntN(3) == 0 {
		wall = model.Square{File: rng.IntN(cols), Rank: rng.IntN(rows)}
		fmt.Fprintf(&b, "board: {size: \"%dx%d\", walls: [%v]}\n", rows, cols, wall)
	} else {
		fmt.Fprintf(&b, "board: \"%dx%d\"\n", rows, cols)
	}
	for r := 0; r < rows; r++ {
		for f := 0; f < cols; f++ {
			if s := (model.Square{File: f, Rank: r}); s != wall {
				open = append(open, s)
			}
		}
	}
	from := rng.Perm(len(open))
	to := rng.Perm(len(open))
	b.WriteString("slide:\n  pieces:\n")
	used := 0
	for g := 0; g < 1+rng.IntN(3) && used < len(open)-1; g++ {
		k := min(1+rng.IntN(2), len(open)-1-used)
		piece := pick(rng, []string{"rook", "bishop", "queen", "knight", "king", "wazir", "ferz", "camel", "nightrider"})
		move := pick(rng, []string{"slide", "ordinary"})
		var f, t []string
		for i := 0; i < k; i++ {
			f = append(f, open[from[used+i]].String())
			t = append(t, open[to[used+i]].String())
		}
		used += k
		fmt.Fprintf(&b, "    - {label: g%d, piece: %s, move: %s, from: [%s], to: [%s]}\n", g+1, piece, move, strings.Join(f, ", "), strings.Join(t, ", "))
	}
	return b.String()
}
