package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// armyGroups are the names random group models give their groups.
var armyGroups = []string{"white", "black", "red"}

// RandomArmy returns the text of a small random group model
// (model/groups.go) that parses: a board of up to 4x4, sometimes with walls
// or squares off it; two or three groups, each of one or two kinds of
// piece (built-in or fairy, so that lines of mixed riders meet); fixed,
// ranged or max counts, sometimes on one colour; rules drawn from
// independent between groups, within groups, independent GROUP and equal
// groups, under strong or weak attack. Groups are often alike, so that
// group swaps enter the symmetry group. The same rng state gives the same
// model.
func RandomArmy(rng *rand.Rand, name string) string {
	return drawParsed(rng, name, randomArmy, nil)
}

func randomArmy(rng *rand.Rand, name string) string {
	rows, cols := 2+rng.IntN(3), 2+rng.IntN(3)
	if rng.IntN(2) == 0 {
		cols = rows
	}
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\n", name)
	groups := armyGroups[:2+rng.IntN(4)/3]
	kinds := randomKinds(rng, &b)
	walls := drawSquares(rng, rng.IntN(5)-2, rows, cols)
	if walls = unique(walls); len(walls) > 0 {
		fmt.Fprintf(&b, "board: {size: %dx%d, walls: [%s]}\n", rows, cols, strings.Join(walls, ", "))
	} else {
		fmt.Fprintf(&b, "board: %dx%d\n", rows, cols)
	}
	alike := rng.IntN(2) == 0
	optimise := rng.IntN(3) == 0
	var entries []string
	var first []string
	for g, group := range groups {
		if g > 0 && alike {
			for _, e := range first {
				entries = append(entries, e+" as "+group)
			}
			continue
		}
		for _, k := range kinds {
			if g > 0 && rng.IntN(3) == 0 {
				continue // groups of different pieces
			}
			e := armyCount(rng, optimise) + " " + k
			if rng.IntN(10) == 0 {
				e += []string{" on light", " on dark"}[rng.IntN(2)]
			}
			first = append(first, e)
			entries = append(entries, e+" as "+group)
		}
	}
	fmt.Fprintf(&b, "place: [%s]\n", strings.Join(entries, ", "))
	fmt.Fprintf(&b, "rules: [%s]\n", strings.Join(armyRules(rng, groups), ", "))
	return b.String()
}

// armyCount is a count: max (optimising), a number or a range.
func armyCount(rng *rand.Rand, optimise bool) string {
	switch x := rng.IntN(4); {
	case optimise && x < 3:
		return "max"
	case x == 3:
		lo := rng.IntN(2)
		return fmt.Sprintf("%d..%d", lo, lo+1+rng.IntN(2))
	}
	return fmt.Sprint(1 + rng.IntN(2))
}

// armyRules draws the rules between groups and the attack mode.
func armyRules(rng *rand.Rand, groups []string) []string {
	var rules []string
	switch rng.IntN(6) {
	case 0, 1, 2:
		rules = append(rules, "independent between groups")
	case 3:
		rules = append(rules, "independent within groups")
	case 4:
		rules = append(rules, "independent "+pick(rng, groups))
	case 5:
		rules = append(rules, "independent between groups", "independent "+pick(rng, groups))
	}
	if rng.IntN(3) == 0 {
		rules = append(rules, "equal groups")
	}
	if rng.IntN(3) == 0 {
		rules = append(rules, "attack weak")
	}
	return rules
}
