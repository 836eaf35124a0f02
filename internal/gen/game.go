package gen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// RandomGame returns the text of a small random two-player game that
// parses: a board of 2x2 to 4x4 drawn as a diagram, sometimes with walls
// ('#') and squares off the board ('-'); one or two pieces a side, each
// side its own built-in or fairy piece, on random start squares, racing
// to one or two random goal squares; either side first; and one of the
// three rules for a side without a move (loses, passes, draw). A game
// the first side wins with its first move is drawn again: compare judges
// the start's value, and half the draws would end there. The same rng
// state gives the same model.
func RandomGame(rng *rand.Rand, name string) string {
	return drawParsed(rng, name, randomGame, func(m *model.Model) bool { return !wonInOne(m) })
}

// wonInOne reports whether the side to move at the start has a move onto
// one of its goal squares.
func wonInOne(m *model.Model) bool {
	p := m.GameStart()
	for _, mv := range m.GameMoves(p) {
		if slices.Contains(m.Game.Sides[p.ToMove].Goal, mv.To) {
			return true
		}
	}
	return false
}

func randomGame(rng *rand.Rand, name string) string {
	rows, cols := 2+rng.IntN(3), 2+rng.IntN(3)
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\npieces: {wazir: {leap: [0, 1]}, ferz: {leap: [1, 1]}, camel: {leap: [1, 3]}, nightrider: {ride: [1, 2]}}\n", name)
	b.WriteString("board: |\n")
	var open []model.Square
	for r := rows - 1; r >= 0; r-- {
		b.WriteString("  ")
		for f := range cols {
			switch x := rng.IntN(10); {
			case x == 0:
				b.WriteByte('#')
			case x == 1:
				b.WriteByte('-')
			default:
				b.WriteByte('.')
				open = append(open, model.Square{File: f, Rank: r})
			}
		}
		b.WriteByte('\n')
	}
	// Too few open squares for the pieces and goals gives a text that does
	// not parse (a side with no pieces or no goal), drawn again by
	// drawParsed.
	perm := rng.Perm(len(open))
	k := [2]int{1 + rng.IntN(2), 1 + rng.IntN(2)}
	next := 0
	take := func(n int) []string {
		var out []string
		for ; n > 0 && next < len(perm); n-- {
			out = append(out, open[perm[next]].String())
			next++
		}
		return out
	}
	pieces := []string{"rook", "bishop", "queen", "knight", "king", "wazir", "ferz", "camel", "nightrider"}
	b.WriteString("game:\n  sides:\n")
	var goals [2][]string
	labels := [2]string{"white", "black"}
	from := [2][]string{take(k[0]), take(k[1])}
	for side := range 2 {
		// goals among the squares no piece starts on; the two sides' may
		// be the same squares
		rest := perm[min(next, len(perm)):]
		for range 1 + rng.IntN(2) {
			if len(rest) > 0 {
				goals[side] = append(goals[side], open[rest[rng.IntN(len(rest))]].String())
			}
		}
		fmt.Fprintf(&b, "    - {label: %s, piece: %s, from: [%s], goal: [%s]}\n",
			labels[side], pick(rng, pieces), strings.Join(from[side], ", "), strings.Join(dedupe(goals[side]), ", "))
	}
	fmt.Fprintf(&b, "  first: %s\n  stuck: %s\n", labels[rng.IntN(2)], pick(rng, []string{"loses", "passes", "draw"}))
	return b.String()
}

func dedupe(xs []string) []string {
	var out []string
	for _, x := range xs {
		seen := false
		for _, y := range out {
			seen = seen || x == y
		}
		if !seen {
			out = append(out, x)
		}
	}
	return out
}
