package gen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// RandomCover returns the text of a small random coverage model that
// parses, drawn towards the degenerate cases: boards with sides of 1 to 5,
// squares off the board, walls (now and then every square a wall), fixed
// pieces (now and then enough of them to cover everything already), weak
// and strong attack, `cover dominated`, `cover attacked` and partial
// covers, and counts `min`, fixed or ranges from 0 — small enough, mostly,
// for the brute-force referee. The same rng state gives the same model.
func RandomCover(rng *rand.Rand, name string) string {
	return drawParsed(rng, name, randomCoverModel, nil)
}

// A coverDraw is a coverage model being drawn.
type coverDraw struct {
	rows, cols int
	grid       [][]byte // '.', '#' or '-', top row first
	fixed      []string // "queen b2"
	rules      []string
	place      []string
	objective  string
	defs       map[string]bool // fairy pieces used
}

func randomCoverModel(rng *rand.Rand, name string) string {
	d := &coverDraw{rows: 1 + rng.IntN(5), cols: 1 + rng.IntN(5), defs: map[string]bool{}}
	d.drawBoard(rng)
	d.drawRules(rng)
	d.drawFixed(rng)
	d.drawPlace(rng)
	d.drawObjective(rng)
	return d.text(name)
}

// drawBoard draws the squares: off the board, walls (all of them one time
// in eight) or open.
func (d *coverDraw) drawBoard(rng *rand.Rand) {
	hole := []int{0, 0, 10}[rng.IntN(3)]
	wall := []int{0, 10, 25, 100}[rng.IntN(4)]
	if rng.IntN(2) == 0 && wall == 100 {
		wall = 0
	}
	for r := 0; r < d.rows; r++ {
		row := make([]byte, d.cols)
		for c := range row {
			switch x := rng.IntN(100); {
			case x < hole:
				row[c] = '-'
			case x < hole+wall:
				row[c] = '#'
			default:
				row[c] = '.'
			}
		}
		d.grid = append(d.grid, row)
	}
}

func (d *coverDraw) drawRules(rng *rand.Rand) {
	open := d.openSquares()
	switch x := rng.IntN(10); {
	case x < 4:
		d.rules = append(d.rules, "cover dominated")
	case x < 8:
		d.rules = append(d.rules, "cover attacked")
	case x < 9:
		d.rules = append(d.rules, fmt.Sprintf("cover %d", rng.IntN(len(open)+1)))
	default:
		d.rules = append(d.rules, fmt.Sprintf("cover %d dominated", rng.IntN(len(open)+1)))
	}
	if rng.IntN(2) == 0 {
		d.rules = append(d.rules, "attack weak")
	}
}

// drawFixed puts fixed pieces on open squares: none, one or two, or —
// one model in five — one after another until they cover what the rule
// asks by themselves.
func (d *coverDraw) drawFixed(rng *rand.Rand) {
	n := []int{0, 0, 1, 2, -1}[rng.IntN(5)]
	for i := 0; n < 0 || i < n; i++ {
		free := d.freeSquares()
		if len(free) == 0 || n < 0 && d.fixedCover() {
			return
		}
		sq := free[rng.IntN(len(free))]
		d.fixed = append(d.fixed, d.pieceName(rng)+" "+sq)
	}
}

// fixedCover reports whether the fixed pieces alone meet the cover rule.
func (d *coverDraw) fixedCover() bool {
	probe := *d
	probe.place = []string{"0..1 king"}
	m, err := model.Parse([]byte(probe.text("probe")), "probe")
	if err != nil {
		return false
	}
	return model.Check(m, &model.Solution{}).Valid
}

// drawPlace draws one kind of piece (two one time in five) and its counts:
// `min`, a number or a range from 0 or 1, kept within what brute force
// lists on the board.
func (d *coverDraw) drawPlace(rng *rand.Rand) {
	kinds := 1
	if rng.IntN(5) == 0 {
		kinds = 2
	}
	free := len(d.freeSquares())
	hasMin := false
	for i := 0; i < kinds; i++ {
		k := d.pieceName(rng)
		if strings.Contains(strings.Join(d.place, ","), " "+k) {
			continue
		}
		count := fmt.Sprint(rng.IntN(3))
		switch x := rng.IntN(10); {
		case x < 5 && !hasMin && free <= 14:
			count, hasMin = "min", true
		case x < 8:
			lo := rng.IntN(2)
			count = fmt.Sprintf("%d..%d", lo, lo+rng.IntN(4))
		}
		if rng.IntN(10) == 0 {
			count += []string{" " + k + " on light", " " + k + " on dark"}[rng.IntN(2)]
		} else {
			count += " " + k
		}
		d.place = append(d.place, count)
	}
}

// drawObjective gives one model in three without a min count an
// objective: the fewest pieces, or the most or fewest squares attacked or
// dominated.
func (d *coverDraw) drawObjective(rng *rand.Rand) {
	if strings.Contains(strings.Join(d.place, ","), "min ") || rng.IntN(3) > 0 {
		return
	}
	d.objective = pick(rng, []string{"minimize pieces", "maximize attacked", "maximize dominated", "minimize attacked", "minimize dominated"})
}

// pieceName draws a built-in piece (or, one time in four, a fairy one).
func (d *coverDraw) pieceName(rng *rand.Rand) string {
	if rng.IntN(4) == 0 {
		k := pickKey(rng, fairy)
		d.defs[k] = true
		return k
	}
	return pick(rng, builtin)
}

// openSquares lists the open squares, algebraic.
func (d *coverDraw) openSquares() []string {
	var out []string
	for r, row := range d.grid {
		for c, ch := range row {
			if ch == '.' {
				out = append(out, model.Square{File: c, Rank: d.rows - 1 - r}.String())
			}
		}
	}
	return out
}

// freeSquares lists the open squares without a fixed piece.
func (d *coverDraw) freeSquares() []string {
	taken := map[string]bool{}
	for _, f := range d.fixed {
		taken[f[strings.LastIndexByte(f, ' ')+1:]] = true
	}
	var out []string
	for _, s := range d.openSquares() {
		if !taken[s] {
			out = append(out, s)
		}
	}
	return out
}

func (d *coverDraw) text(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\n", name)
	if len(d.defs) > 0 {
		b.WriteString("pieces:\n")
		for _, k := range sortedKeys(d.defs) {
			fmt.Fprintf(&b, "  %s: %s\n", k, fairy[k])
		}
	}
	b.WriteString("board: |\n")
	for _, row := range d.grid {
		fmt.Fprintf(&b, "  %s\n", row)
	}
	if len(d.fixed) > 0 {
		fmt.Fprintf(&b, "fixed: [%s]\n", strings.Join(d.fixed, ", "))
	}
	fmt.Fprintf(&b, "place: [%s]\n", strings.Join(d.place, ", "))
	fmt.Fprintf(&b, "rules: [%s]\n", strings.Join(d.rules, ", "))
	if d.objective != "" {
		fmt.Fprintf(&b, "objective: %s\n", d.objective)
	}
	return b.String()
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
