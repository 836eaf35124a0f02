package gen

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// fairy are the fairy pieces random models draw from, as they are defined
// in a model file.
var fairy = map[string]string{
	"camel":      "{leap: [1, 3]}",
	"zebra":      "{leap: [2, 3]}",
	"wazir":      "{leap: [0, 1]}",
	"ferz":       "{leap: [1, 1]}",
	"alfil":      "{leap: [2, 2]}",
	"amazon":     "[queen, knight]",
	"nightrider": "{ride: [1, 2]}",
	"princess":   "{of: [bishop, knight]}",
}

var builtin = []string{"king", "queen", "rook", "bishop", "knight"}

// Random returns the text of a small random placement model that parses:
// a board of up to 6x6 (sometimes with squares off the board, walls, free
// walls or fixed pieces), one or two kinds of piece, built-in or fairy, and
// a random choice of rules and objective. Of the models it draws, a fixed
// share is drawn at the edges instead: one in ten at the backends'
// internal limits (see atLimit), and one in ten on a degenerate board (see
// degenerate), a third each with a side of 1 or 2, with every square a
// wall, and with fixed pieces that already occupy or attack every open
// square; and two in thirty are group models (RandomArmy). The same rng
// state gives the same model.
func Random(rng *rand.Rand, name string) string {
	// The kind is drawn once, and the model again within its kind until
	// it parses: the shares are of the models returned.
	draw := randomModel
	switch x := rng.IntN(30); {
	case x < 3:
		draw = atLimit
	case x == 3:
		draw = func(rng *rand.Rand, name string) string { return degenerate(rng, name, DegenerateThin) }
	case x == 4:
		draw = func(rng *rand.Rand, name string) string { return degenerate(rng, name, DegenerateWalled) }
	case x == 5:
		draw = func(rng *rand.Rand, name string) string { return degenerate(rng, name, DegenerateCovered) }
	case x == 6 || x == 7:
		draw = RandomArmy // pieces in groups (army.go)
	case x == 8 || x == 9:
		draw = countsModel // counts.go
	}
	return drawParsed(rng, name, draw, nil)
}

func randomModel(rng *rand.Rand, name string) string {
	rows, cols := 2+rng.IntN(5), 2+rng.IntN(5)
	if rng.IntN(3) == 0 {
		cols = rows
	}
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\n", name)
	kinds := randomKinds(rng, &b)
	freeWalls := rows*cols <= 25 && rng.IntN(6) == 0
	if rng.IntN(4) == 0 {
		// A diagram with squares off the board, walls and fixed pieces.
		b.WriteString("board: |\n")
		for r := 0; r < rows; r++ {
			b.WriteString("  ")
			for c := 0; c < cols; c++ {
				ch := byte('.')
				switch x := rng.IntN(20); {
				case x == 0:
					ch = '-'
				case x == 1:
					ch = '#'
				case x == 2 && !freeWalls:
					ch = "KQRBN"[rng.IntN(5)]
				}
				b.WriteByte(ch)
			}
			b.WriteString("\n")
		}
		if freeWalls {
			return "" // free walls need the mapping form; draw again
		}
	} else {
		walls := unique(drawSquares(rng, rng.IntN(4), rows, cols))
		switch {
		case freeWalls && rng.IntN(2) == 0:
			fmt.Fprintf(&b, "board: {size: %dx%d, walls: free}\n", rows, cols)
		case freeWalls:
			fmt.Fprintf(&b, "board: {size: %dx%d, walls: {fixed: [%s], free: %d..%d}}\n", rows, cols, strings.Join(walls, ", "), rng.IntN(2), 1+rng.IntN(3))
		case len(walls) > 0:
			fmt.Fprintf(&b, "board: {size: %dx%d, walls: [%s]}\n", rows, cols, strings.Join(walls, ", "))
		default:
			fmt.Fprintf(&b, "board: %dx%d\n", rows, cols)
		}
	}

	randomRules(rng, &b, kinds, rows, cols, freeWalls)
	return b.String()
}

// The kinds of degenerate board Random draws, each in one model of thirty;
// a model's first line, a comment, names its kind.
const (
	DegenerateThin    = "# degenerate: a side of 1 or 2"
	DegenerateWalled  = "# degenerate: every square a wall"
	DegenerateCovered = "# degenerate: fixed pieces cover every open square"
)

// degenerate returns a model of one kind on a board at the edge of what a
// board can be, where special cases hide: a side of 1 or 2 (up to 6 long, with a
// few walls), every square of a board up to 4x4 a wall (some off the
// board), or fixed pieces that occupy or attack every open square of a
// board up to 4x4 (under strong attack, so under weak attack too), so that
// nothing needs placing to cover it. The pieces to place, the rules and
// the objective are drawn as for any random model.
func degenerate(rng *rand.Rand, name, kind string) string {
	var b strings.Builder
	var rows, cols int
	switch kind {
	case DegenerateThin:
		rows, cols = 1+rng.IntN(2), 1+rng.IntN(6)
		if rng.IntN(2) == 0 {
			rows, cols = cols, rows
		}
		fmt.Fprintf(&b, "%s\nname: %s\n", DegenerateThin, name)
		walls := drawSquares(rng, rng.IntN(3), rows, cols)
		fmt.Fprintf(&b, "board: {size: %dx%d, walls: [%s]}\n", rows, cols, strings.Join(unique(walls), ", "))
	case DegenerateWalled:
		rows, cols = 1+rng.IntN(4), 1+rng.IntN(4)
		fmt.Fprintf(&b, "%s\nname: %s\nboard: |\n%s", DegenerateWalled, name, walledDiagram(rng, rows, cols))
	default:
		rows, cols = 1+rng.IntN(4), 1+rng.IntN(4)
		fmt.Fprintf(&b, "%s\nname: %s\nboard: |\n%s", DegenerateCovered, name, coveredDiagram(rng, rows, cols))
	}
	kinds := randomKinds(rng, &b)
	randomRules(rng, &b, kinds, rows, cols, false)
	return b.String()
}

// walledDiagram is a board diagram of walls, with some squares off the
// board; the first square is always a wall.
func walledDiagram(rng *rand.Rand, rows, cols int) string {
	grid := make([][]byte, rows)
	for r := range grid {
		grid[r] = []byte(strings.Repeat("#", cols))
		for c := range grid[r] {
			if rng.IntN(5) == 0 && r+c > 0 {
				grid[r][c] = '-'
			}
		}
	}
	return diagram(grid)
}

// coveredDiagram is a board diagram on which fixed pieces, put on random
// empty squares one at a time, occupy or attack every open square, with a
// wall here and there. The board's checker says when they do; a board
// filled with pieces is covered, so it ends.
func coveredDiagram(rng *rand.Rand, rows, cols int) string {
	grid := make([][]byte, rows)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", cols))
		for c := range grid[r] {
			if rng.IntN(8) == 0 {
				grid[r][c] = '#'
			}
		}
	}
	grid[rng.IntN(rows)][rng.IntN(cols)] = "KQRBN"[rng.IntN(5)] // at least one
	for !covered(diagram(grid)) {
		var empty [][2]int
		for r := range grid {
			for c, ch := range grid[r] {
				if ch == '.' {
					empty = append(empty, [2]int{r, c})
				}
			}
		}
		if len(empty) == 0 {
			break // a board of pieces is covered; here only if it failed to parse
		}
		at := empty[rng.IntN(len(empty))]
		grid[at[0]][at[1]] = "KQRBN"[rng.IntN(5)]
	}
	return diagram(grid)
}

// covered reports whether the fixed pieces of a board diagram occupy or
// attack every open square, under strong attack.
func covered(board string) bool {
	m, err := model.Parse([]byte("board: |\n"+board+"place: [0..1 king]\n"), "covered.yaml")
	if err != nil {
		return false
	}
	return model.Check(m, &model.Solution{}).Measures["dominated"] == int64(m.Board.OpenCount())
}

func diagram(grid [][]byte) string {
	var b strings.Builder
	for _, row := range grid {
		fmt.Fprintf(&b, "  %s\n", row)
	}
	return b.String()
}

// randomKinds draws one or two kinds of piece, built-in or fairy, and
// writes the definitions of the fairy ones.
func randomKinds(rng *rand.Rand, b *strings.Builder) []string {
	kinds := []string{pick(rng, builtin)}
	if rng.IntN(3) == 0 {
		kinds[0] = pickKey(rng, fairy)
	}
	if rng.IntN(3) == 0 {
		other := pick(rng, builtin)
		if rng.IntN(2) == 0 {
			other = pickKey(rng, fairy)
		}
		if other != kinds[0] {
			kinds = append(kinds, other)
		}
	}
	writePieces(b, kinds, fairy)
	return kinds
}

// writePieces writes the pieces: section defining those of kinds that defs
// holds (none when it holds none of them).
func writePieces(b *strings.Builder, kinds []string, defs map[string]string) {
	var lines []string
	for _, k := range kinds {
		if d, ok := defs[k]; ok {
			lines = append(lines, fmt.Sprintf("  %s: %s", k, d))
		}
	}
	if len(lines) > 0 {
		fmt.Fprintf(b, "pieces:\n%s\n", strings.Join(lines, "\n"))
	}
}

// randomRules draws and writes the place list, the rules and the objective.
func randomRules(rng *rand.Rand, b *strings.Builder, kinds []string, rows, cols int, freeWalls bool) {
	// Counts: fixed numbers, ranges, or one direction of optimisation.
	optimise := []string{"", "", "max", "min"}[rng.IntN(4)]
	var entries []string
	for _, k := range kinds {
		count := fmt.Sprint(1 + rng.IntN(3))
		switch x := rng.IntN(4); {
		case optimise != "" && x < 3:
			count = optimise
		case x == 3:
			lo := rng.IntN(2)
			count = fmt.Sprintf("%d..%d", lo, lo+1+rng.IntN(3))
		}
		entry := count + " " + k
		if rng.IntN(8) == 0 {
			entry += []string{" on light", " on dark"}[rng.IntN(2)]
		}
		entries = append(entries, entry)
	}
	fmt.Fprintf(b, "place: [%s]\n", strings.Join(entries, ", "))

	var rules []string
	independent := rng.IntN(10) < 6
	if independent {
		rules = append(rules, "independent")
	}
	if rng.IntN(5) == 0 {
		rules = append(rules, "attack weak")
	}
	if rng.IntN(4) == 0 {
		rules = append(rules, []string{"cover attacked", "cover dominated", fmt.Sprintf("cover %d", 1+rng.IntN(rows*cols/2+1)),
			fmt.Sprintf("cover %d dominated", 1+rng.IntN(rows*cols/2+1))}[rng.IntN(4)])
	}
	if !independent && rng.IntN(8) == 0 {
		rules = append(rules, "stack")
	}
	if len(rules) > 0 {
		fmt.Fprintf(b, "rules: [%s]\n", strings.Join(rules, ", "))
	}
	hasMax := strings.Contains(b.String(), "max ") || strings.Contains(b.String(), "min ")
	if !hasMax && rng.IntN(2) == 0 {
		objectives := []string{"maximize attacked", "minimize attacked", "maximize dominated", "minimize dominated"}
		if freeWalls {
			objectives = append(objectives, "minimize walls", "minimize walls", "maximize walls")
		}
		fmt.Fprintf(b, "objective: %s\n", pick(rng, objectives))
	}
}

func pick(rng *rand.Rand, s []string) string { return s[rng.IntN(len(s))] }

func pickKey(rng *rand.Rand, m map[string]string) string {
	// Map order is random; sort for a reproducible draw.
	return pick(rng, slices.Sorted(maps.Keys(m)))
}

func unique(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// atLimit returns a tiny model just below, at or just past one of the
// internal limits the exact backend documents (exact/doc.go): identical
// pieces stacked on one square (64 copies; once 16), kinds of piece with
// free walls (31), ride directions with free walls (31), kinds of piece in
// the conflict graph (once an int8). On one side of a limit a backend must
// answer right, on the other refuse; a differential test sees a silent cap
// as a disagreement.
func atLimit(rng *rand.Rand, name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\n", name)
	near := func(limit int) int { return limit - 1 + rng.IntN(3) }
	switch rng.IntN(4) {
	case 0: // stacked copies on a board of one to four squares
		rows, cols := 1+rng.IntN(2), 1+rng.IntN(2)
		piece := pick(rng, builtin)
		n := near([]int{16, 64}[rng.IntN(2)])
		fmt.Fprintf(&b, "board: %dx%d\nstack: true\n", rows, cols)
		count := fmt.Sprint(n)
		switch rng.IntN(3) {
		case 1:
			count = fmt.Sprintf("%d..%d", n-rng.IntN(3), n)
		case 2:
			count = fmt.Sprintf("%d..", n)
			b.WriteString("objective: minimize pieces\n")
		}
		fmt.Fprintf(&b, "place: [%s %s]\n", count, piece)
		if rng.IntN(2) == 0 {
			b.WriteString("rules: [independent]\n")
		}
	case 1, 2: // many kinds of piece, each stacking on a tiny board
		kinds := near(31)
		if rng.IntN(3) == 0 {
			kinds = near(128)
		}
		var defs, place []string
		for i := 0; i < kinds; i++ {
			defs = append(defs, fmt.Sprintf("  p%d: {leap: [%d, %d]}", i, rng.IntN(2), 1+rng.IntN(2)))
			place = append(place, fmt.Sprintf("%s p%d", []string{"1", "0..1"}[rng.IntN(2)], i))
		}
		if kinds < 64 && rng.IntN(2) == 0 {
			fmt.Fprintf(&b, "board: {size: 1x%d, walls: free}\nobjective: minimize walls\n", 1+rng.IntN(2))
		} else {
			fmt.Fprintf(&b, "board: 1x%d\n", 1+rng.IntN(2))
		}
		fmt.Fprintf(&b, "stack: true\npieces:\n%s\nplace: [%s]\n", strings.Join(defs, "\n"), strings.Join(place, ", "))
	case 3: // ride directions with free walls: four (one per opposite pair) per base vector
		bases := 7 + rng.IntN(2)
		var rides []string
		for i := 0; i < bases; i++ {
			rides = append(rides, fmt.Sprintf("[1, %d]", i+2))
		}
		fmt.Fprintf(&b, "board: {size: %d, walls: free}\npieces:\n  r: {ride: [%s]}\nplace: [%d r]\nrules: [independent]\nobjective: minimize walls\n",
			3+rng.IntN(2), strings.Join(rides, ", "), 2+rng.IntN(2))
	}
	return b.String()
}
