package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// countsModel draws a model of attack counts and square weights:
// a small board with walls and weights of either sign, one or two
// kinds of piece, independence or not, weak or strong attack, one to
// three "every ..." rules and, sometimes, a weight objective.
func countsModel(rng *rand.Rand, name string) string {
	rows, cols := 2+rng.IntN(3), 2+rng.IntN(3)
	if rng.IntN(2) == 0 {
		cols = rows
	}
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\n", name)
	kinds := randomKinds(rng, &b)
	fmt.Fprintf(&b, "board:\n  size: %dx%d\n", rows, cols)
	walls := drawSquares(rng, rng.IntN(3), rows, cols)
	if walls = unique(walls); len(walls) > 0 {
		fmt.Fprintf(&b, "  walls: [%s]\n", strings.Join(walls, ", "))
	}
	weighted := randomWeights(rng, &b, rows, cols)
	var entries []string
	for _, k := range kinds {
		lo := rng.IntN(3)
		entries = append(entries, fmt.Sprintf("%d..%d %s", lo, lo+rng.IntN(3), k))
	}
	fmt.Fprintf(&b, "place: [%s]\n", strings.Join(entries, ", "))
	fmt.Fprintf(&b, "rules: [%s]\n", strings.Join(countRules(rng, kinds), ", "))
	if weighted && rng.IntN(3) > 0 {
		fmt.Fprintf(&b, "objective: %s %s\n", pick(rng, []string{"maximize", "minimize"}), pick(rng, []string{"weight", "attacked-weight"}))
	} else if rng.IntN(3) == 0 {
		fmt.Fprintf(&b, "objective: %s\n", pick(rng, []string{"maximize pieces", "minimize pieces", "maximize attacked"}))
	}
	return b.String()
}

// countRules draws the rules of a counts model.
func countRules(rng *rand.Rand, kinds []string) []string {
	var rules []string
	if rng.IntN(4) == 0 {
		rules = append(rules, "independent")
	}
	if rng.IntN(3) == 0 {
		rules = append(rules, "attack weak")
	}
	if rng.IntN(8) == 0 {
		rules = append(rules, "stack")
	}
	counts := []string{"0", "1", "2", "..1", "..2", "1..", "2..", "1..2"}
	for i := 1 + rng.IntN(3); i > 0; i-- {
		who := pick(rng, append([]string{"piece", "piece", "square"}, kinds...))
		verb := pick(rng, []string{"attacks", "attacked"})
		if who == "square" {
			verb = "attacked"
		}
		rules = append(rules, fmt.Sprintf("every %s %s %s", who, verb, pick(rng, counts)))
	}
	return rules
}

// RandomCounts draws a random model of attack counts and weights only (the
// share of them in Random is one in fifteen), for the differential test of
// those constructs; the same rng state gives the same model.
func RandomCounts(rng *rand.Rand, name string) string {
	return drawParsed(rng, name, countsModel, nil)
}

// RandomCountsBeyond draws a random model of attack counts and weights
// beyond a plain board of ungrouped pieces: a wrapped board
// (cylinder, torus, Möbius band, Klein bottle), a one-sided piece, or
// pieces in groups, or several of these. The same rng state gives the
// same model.
func RandomCountsBeyond(rng *rand.Rand, name string) string {
	return drawParsed(rng, name, countsBeyondModel, func(m *model.Model) bool {
		return !m.Plain() || m.HasGroups()
	})
}

// countsBeyondModel draws the board, pieces and rules of RandomCountsBeyond.
func countsBeyondModel(rng *rand.Rand, name string) string {
	rows, cols := 1+rng.IntN(4), 2+rng.IntN(3)
	if rng.IntN(2) == 0 {
		cols = max(2, rows)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\n", name)
	kinds := randomWrappedKinds(rng, &b)
	wrap := pick(rng, []string{"none", "cylinder", "torus", "mobius", "klein"})
	fmt.Fprintf(&b, "board:\n  size: %dx%d\n  wrap: %s\n", rows, cols, wrap)
	if walls := unique(drawSquares(rng, rng.IntN(3)-1, rows, cols)); len(walls) > 0 {
		fmt.Fprintf(&b, "  walls: [%s]\n", strings.Join(walls, ", "))
	}
	weighted := randomWeights(rng, &b, rows, cols)
	groups := []string{""}
	if rng.IntN(3) == 0 {
		groups = []string{" as white", " as black"}
	}
	var entries []string
	for _, g := range groups {
		for _, k := range kinds {
			lo := rng.IntN(3) / len(groups)
			entries = append(entries, fmt.Sprintf("%d..%d %s%s", lo, lo+rng.IntN(3), k, g))
		}
	}
	fmt.Fprintf(&b, "place: [%s]\n", strings.Join(entries, ", "))
	rules := countRules(rng, kinds)
	if len(groups) > 1 {
		rules = append(rules, pick(rng, []string{"independent between groups", "independent within groups", "independent white", "equal groups", "attack weak"}))
	}
	fmt.Fprintf(&b, "rules: [%s]\n", strings.Join(rules, ", "))
	if weighted && rng.IntN(3) > 0 {
		fmt.Fprintf(&b, "objective: %s %s\n", pick(rng, []string{"maximize", "minimize"}), pick(rng, []string{"weight", "attacked-weight"}))
	} else if rng.IntN(3) == 0 {
		fmt.Fprintf(&b, "objective: %s\n", pick(rng, []string{"maximize pieces", "minimize pieces", "maximize attacked"}))
	}
	return b.String()
}

// randomWeights writes, half the time, square weights from -3 to 5 on
// some squares of the board, and says whether it did.
func randomWeights(rng *rand.Rand, b *strings.Builder, rows, cols int) bool {
	if rng.IntN(2) != 0 {
		return false
	}
	var ws []string
	for i := 1 + rng.IntN(rows*cols); i > 0; i-- {
		ws = append(ws, fmt.Sprintf("%v: %d", model.Square{File: rng.IntN(cols), Rank: rng.IntN(rows)}, rng.IntN(9)-3))
	}
	fmt.Fprintf(b, "  weights: {%s}\n", strings.Join(unique(ws), ", "))
	return true
}
