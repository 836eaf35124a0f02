package exact

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// randomModel writes a small random placement model: a board of at most
// eight squares with perhaps a wall, one or two kinds of piece, and a
// random choice of rules, counts and objective. The random draws come in
// one order (board, pieces, rules, objective), so a seed always writes
// the same model.
func randomModel(rng *rand.Rand) string {
	var b strings.Builder
	rows, cols := 2, 3+rng.IntN(2)
	if rng.IntN(3) == 0 {
		rows, cols = 3, 3
	}
	pieces := []string{"queen", "rook", "bishop", "knight", "king"}
	kinds := []string{pieces[rng.IntN(len(pieces))]}
	if rng.IntN(3) == 0 {
		if k := pieces[rng.IntN(len(pieces))]; k != kinds[0] {
			kinds = append(kinds, k)
		}
	}
	freeWalls := rng.IntN(5) == 0
	cover := rng.IntN(3) == 0
	randomBoard(rng, &b, rows, cols, freeWalls)
	opt := randomPlace(rng, &b, kinds, cover, freeWalls)
	randomRules(rng, &b, rows*cols, cover, freeWalls)
	objective := ""
	switch {
	case freeWalls:
		objective = "minimize walls"
	case opt == "" && rng.IntN(3) == 0:
		objective = []string{"maximize attacked", "minimize dominated", "maximize dominated"}[rng.IntN(3)]
	}
	if objective != "" {
		fmt.Fprintf(&b, "objective: %s\n", objective)
	}
	return b.String()
}

// randomBoard writes the board line: perhaps a fixed wall, perhaps free
// walls.
func randomBoard(rng *rand.Rand, b *strings.Builder, rows, cols int, freeWalls bool) {
	walls := ""
	if rng.IntN(2) == 0 {
		walls = fmt.Sprintf("[%c%d]", 'a'+rune(rng.IntN(cols)), 1+rng.IntN(rows))
	}
	switch {
	case freeWalls && walls != "":
		fmt.Fprintf(b, "board: {size: \"%dx%d\", walls: {fixed: %s, free: any}}\n", rows, cols, walls)
	case freeWalls:
		fmt.Fprintf(b, "board: {size: \"%dx%d\", walls: free}\n", rows, cols)
	case walls != "":
		fmt.Fprintf(b, "board: {size: \"%dx%d\", walls: %s}\n", rows, cols, walls)
	default:
		fmt.Fprintf(b, "board: \"%dx%d\"\n", rows, cols)
	}
}

// randomPlace writes the place list and returns its "max" or "min", if any.
func randomPlace(rng *rand.Rand, b *strings.Builder, kinds []string, cover, freeWalls bool) string {
	var entries []string
	opt := ""
	for i, k := range kinds {
		count := []string{"1", "2", "1..2", "max", "min"}[rng.IntN(5)]
		if count == "min" && !cover || (count == "max" || count == "min") && (freeWalls || i > 0 && opt != count) {
			count = "1"
		}
		if count == "max" || count == "min" {
			opt = count
		}
		colour := ""
		if k == "bishop" && rng.IntN(2) == 0 {
			colour = " on light"
		}
		entries = append(entries, count+" "+k+colour)
	}
	fmt.Fprintf(b, "place: [%s]\n", strings.Join(entries, ", "))
	return opt
}

// randomRules writes the rules line, if there are rules.
func randomRules(rng *rand.Rand, b *strings.Builder, squares int, cover, freeWalls bool) {
	var rules []string
	if freeWalls || rng.IntN(3) > 0 {
		rules = append(rules, "independent")
	}
	if rng.IntN(3) == 0 {
		rules = append(rules, "attack weak")
	}
	if cover {
		what := []string{"attacked", "dominated"}[rng.IntN(2)]
		if rng.IntN(2) == 0 {
			rules = append(rules, fmt.Sprintf("cover %d %s", 1+rng.IntN(squares-1), what))
		} else {
			rules = append(rules, "cover "+what)
		}
	}
	if len(rules) > 0 {
		fmt.Fprintf(b, "rules: [%s]\n", strings.Join(rules, ", "))
	}
}

// randomModels parses up to n of randomModel's models (seeds 1, 2, ...
// with stream), keeping those whose text skip does not reject.
func randomModels(n int, stream uint64, skip ...string) []*model.Model {
	var out []*model.Model
	for seed := 1; len(out) < n && seed < 20*n; seed++ {
		text := randomModel(rand.New(rand.NewPCG(uint64(seed), stream)))
		if slices.ContainsFunc(skip, func(s string) bool { return strings.Contains(text, s) }) {
			continue
		}
		if m, err := parseModel(text); err == nil {
			out = append(out, m)
		}
	}
	return out
}

// walledModels parses each of yamls and adds copies of it with random
// walls: perModel boards each, with lo to hi walls.
func walledModels(t *testing.T, rng *rand.Rand, yamls []string, perModel, lo, hi int) []*model.Model {
	var out []*model.Model
	for _, yaml := range yamls {
		for range perModel {
			m := parse(t, yaml)
			var walls []model.Square
			for _, s := range rng.Perm(m.Board.Size())[:lo+rng.IntN(hi-lo+1)] {
				walls = append(walls, m.Board.Square(s))
			}
			out = append(out, m.WithWalls(walls))
		}
	}
	return out
}

// Random small models, reproducible from their seed, judged against the
// brute-force referee.
func TestRandomModelsAgainstBruteForce(t *testing.T) {
	cases := 60
	if testing.Short() {
		cases = 15
	}
	for seed := 1; seed <= cases; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		text := randomModel(rng)
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			m, err := parseModel(text)
			if err != nil {
				t.Skipf("the generator wrote a model the parser rejects: %v\n%s", err, text)
			}
			compareWithBrute(t, m, referee(t, m, &brute.Solver{}))
			if t.Failed() {
				t.Logf("model:\n%s", text)
			}
		})
	}
}

// Free walls with coverage, the hardest mix: random models rewritten to a
// random wall range and objective, judged against the brute-force referee.
func TestRandomFreeWallsCoverage(t *testing.T) {
	cases := 60
	if testing.Short() {
		cases = 15
	}
	n := 0
	for seed := 1000; n < cases; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		text := randomModel(rng)
		if !strings.Contains(text, "free") {
			continue
		}
		objective := []string{"", "objective: maximize attacked\n", "objective: minimize dominated\n",
			"objective: maximize walls\n", "objective: minimize walls\n"}[rng.IntN(5)]
		text = strings.Replace(text, "objective: minimize walls\n", objective, 1)
		switch {
		case !strings.Contains(text, "rules:"):
			text += "rules: [cover dominated]\n"
		case !strings.Contains(text, "cover") && rng.IntN(2) == 0:
			text = strings.Replace(text, "rules: [", "rules: [cover 3 attacked, ", 1)
		}
		ranges := []string{"any", "0..2", "1", "1..3"}
		text = strings.Replace(text, "free: any", "free: "+ranges[rng.IntN(4)], 1)
		text = strings.Replace(text, "walls: free}", "walls: {free: "+ranges[rng.IntN(4)]+"}}", 1)
		n++
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			m, err := parseModel(text)
			if err != nil {
				t.Skipf("the rewritten model does not parse: %v\n%s", err, text)
			}
			compareWithBrute(t, m, referee(t, m, &brute.Solver{}))
			if t.Failed() {
				t.Logf("model:\n%s", text)
			}
		})
	}
}
