package exact

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/cover"
	"github.com/chessmodel/chessmodel/exact/internal/fewestsquares"
	"github.com/chessmodel/chessmodel/exact/internal/fold"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// randomFoldModel writes a small coverage model of the structure folding
// takes: fixed counts (or "min" for the fewest that cover), fairy pieces,
// colour rules, stacking, weak or strong attack, walls and fixed pieces.
func randomFoldModel(rng *rand.Rand) string {
	var b strings.Builder
	rows, cols := 3+rng.IntN(3), 3+rng.IntN(3)
	b.WriteString("pieces:\n  camel: {leap: [1, 3]}\n  nightrider: {ride: [1, 2]}\n  amazon: {of: [queen, knight], symbol: A}\n")
	diagram := make([][]byte, rows)
	for r := range diagram {
		diagram[r] = []byte(strings.Repeat(".", cols))
	}
	if rng.IntN(3) == 0 {
		diagram[rng.IntN(rows)][rng.IntN(cols)] = '#'
	}
	if rng.IntN(4) == 0 {
		diagram[rng.IntN(rows)][rng.IntN(cols)] = "KNRB"[rng.IntN(4)]
	}
	b.WriteString("board: |\n")
	for _, row := range diagram {
		fmt.Fprintf(&b, "  %s\n", row)
	}
	pieces := []string{"queen", "rook", "bishop", "knight", "king", "camel", "nightrider", "amazon"}
	var entries []string
	used := map[string]bool{}
	minimise := rng.IntN(6) == 0
	for i, n := 0, 1+rng.IntN(3); i < n; i++ {
		k := pieces[rng.IntN(len(pieces))]
		if used[k] {
			continue
		}
		used[k] = true
		count := fmt.Sprint(1 + rng.IntN(2))
		if minimise && i == 0 {
			count = "min"
		}
		switch {
		case count != "min" && rng.IntN(4) == 0:
			entries = append(entries, "1 "+k+" on light", "1 "+k+" on dark")
		case rng.IntN(5) == 0:
			entries = append(entries, count+" "+k+" on dark")
		default:
			entries = append(entries, count+" "+k)
		}
	}
	fmt.Fprintf(&b, "place: [%s]\n", strings.Join(entries, ", "))
	if rng.IntN(3) == 0 {
		b.WriteString("stack: true\n")
	}
	var rules []string
	if rng.IntN(3) == 0 {
		rules = append(rules, "attack weak")
	}
	what := []string{"attacked", "dominated"}[rng.IntN(2)]
	switch {
	case minimise:
		rules = append(rules, "cover "+what)
	case rng.IntN(2) == 0:
		fmt.Fprintf(&b, "objective: maximize %s\n", what)
		if rng.IntN(3) == 0 {
			rules = append(rules, fmt.Sprintf("cover %d %s", 1+rng.IntN(rows*cols/2), what))
		}
	case rng.IntN(2) == 0:
		rules = append(rules, fmt.Sprintf("cover %d %s", rows*cols*3/4+rng.IntN(rows*cols/4), what))
	default:
		rules = append(rules, "cover "+what)
	}
	if len(rules) > 0 {
		fmt.Fprintf(&b, "rules: [%s]\n", strings.Join(rules, ", "))
	}
	return b.String()
}

// solveWith runs one coverage engine directly.
func solveWith(t *testing.T, m *model.Model, opts model.Options, folding bool) *model.Result {
	t.Helper()
	p, err := problem.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	res := &model.Result{Task: opts.Task, Stats: model.Stats{Extra: map[string]any{}}}
	st := tasks.NewStopper(t.Context())
	defer st.Close()
	if folding {
		groups, ok := fold.Fits(p)
		if !ok {
			t.Fatal("folding does not fit")
		}
		err = fold.Solve(st, p, groups, opts, res)
	} else {
		err = cover.Solve(st, p, opts, res)
	}
	if err != nil {
		t.Fatal(err)
	}
	if res.Solution != nil {
		mustCheck(t, m, res.Solution)
		if r := model.Check(m, res.Solution); res.Value != nil && r.Value != *res.Value {
			t.Errorf("value %d, the checker measures %d", *res.Value, r.Value)
		}
	}
	return res
}

// Folding against the general coverage search on random models: the same
// status, optimum, count and classes, on one worker and on three.
func TestFoldAgainstCoverSearch(t *testing.T) {
	cases := 60
	if testing.Short() {
		cases = 20
	}
	for seed := 1; seed <= cases; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 13))
		text := randomFoldModel(rng)
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			m, err := parseModel(text)
			if err != nil {
				t.Skipf("the generator wrote a model the parser rejects: %v\n%s", err, text)
			}
			if _, ok := fold.Fits(mustCompile(t, m)); !ok {
				t.Fatalf("folding should fit:\n%s", text)
			}
			defer func() {
				if t.Failed() {
					t.Logf("model:\n%s", text)
				}
			}()
			want := solveWith(t, m, model.Options{Task: model.TaskCount, Symmetry: true}, false)
			for _, workers := range []int{1, 3} {
				got := solveWith(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: workers}, true)
				if got.Status != want.Status || value(got) != value(want) && m.Objective.Sense != model.Fixed ||
					count(got) != count(want) || classes(got) != classes(want) {
					t.Errorf("%d workers: %v value %d count %d classes %d; cover search: %v %d %d %d", workers,
						got.Status, value(got), count(got), classes(got), want.Status, value(want), count(want), classes(want))
				}
			}
			s := solveWith(t, m, model.Options{Task: model.TaskSolve}, true)
			if s.Status != want.Status || m.Objective.Sense != model.Fixed && value(s) != value(want) {
				t.Errorf("solve: %v value %d; cover search: %v %d", s.Status, value(s), want.Status, value(want))
			}
		})
	}
}

// The fewest attacked (or dominated) squares by branch and bound against
// the coverage search, which weighs every placement.
func TestFewestAgainstCoverSearch(t *testing.T) {
	cases := 30
	if testing.Short() {
		cases = 10
	}
	for seed := 1; seed <= cases; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 17))
		text := randomFoldModel(rng)
		// keep the board, pieces and rules; ask for the fewest squares
		var kept []string
		for _, line := range strings.Split(text, "\n") {
			if !strings.HasPrefix(line, "objective:") && !strings.HasPrefix(line, "rules:") && !strings.Contains(line, "min ") {
				kept = append(kept, line)
			}
		}
		what := []string{"attacked", "dominated"}[rng.IntN(2)]
		text = strings.Join(kept, "\n") + "objective: minimize " + what + "\n"
		if rng.IntN(3) == 0 {
			text += "rules: [attack weak]\n"
		}
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			m, err := parseModel(text)
			if err != nil {
				t.Skipf("the generator wrote a model the parser rejects: %v\n%s", err, text)
			}
			p := mustCompile(t, m)
			groups, ok := fold.Fits(p)
			if !ok {
				t.Fatalf("should fit:\n%s", text)
			}
			want := solveWith(t, m, model.Options{Task: model.TaskSolve}, false)
			got := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
			st := tasks.NewStopper(t.Context())
			defer st.Close()
			if err := fewestsquares.Solve(st, p, groups, model.Options{Task: model.TaskSolve}, got); err != nil {
				t.Fatal(err)
			}
			if got.Solution != nil {
				mustCheck(t, m, got.Solution)
				if r := model.Check(m, got.Solution); r.Value != value(got) {
					t.Errorf("value %d, the checker measures %d", value(got), r.Value)
				}
			}
			if got.Status != want.Status || value(got) != value(want) {
				t.Errorf("%v %d; cover search %v %d\n%s", got.Status, value(got), want.Status, value(want), text)
			}
		})
	}
}

// Folding takes at most maxFoldAxes pieces; past it the general coverage
// search answers.
func TestFoldLimit(t *testing.T) {
	for _, c := range []struct {
		kings int
		fits  bool
	}{{fold.MaxAxes, true}, {fold.MaxAxes + 1, false}} {
		m := parse(t, fmt.Sprintf("board: 9\nplace: [%d king]\nrules: [cover dominated]\n", c.kings))
		if _, ok := fold.Fits(mustCompile(t, m)); ok != c.fits {
			t.Errorf("%d kings: fits %v", c.kings, ok)
		}
	}
}
