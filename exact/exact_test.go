package exact

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact/internal/clique"
	"github.com/chessmodel/chessmodel/exact/internal/oeis"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Published numbers: OEIS A000170 (n-queens solutions) and A002562 (up to
// symmetry).
var (
	queensTotals  = oeis.A000170
	queensClasses = oeis.A002562
	// A000903: n x n permutation matrices up to the symmetries of the square.
	rooksClassesKnown = []int64{1, 1, 2, 7, 23, 115, 694, 5282}
)

func TestNQueensCounts(t *testing.T) {
	for n := 1; n <= 16; n++ {
		if n > 14 && testing.Short() {
			continue
		}
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			m := load(t, "n-queens", fmt.Sprintf("board=%d", n))
			r := run(t, m, model.Options{Task: model.TaskCount, Symmetry: true})
			if count(r) != queensTotals[n-1] || classes(r) != queensClasses[n-1] {
				t.Errorf("n=%d: count %d classes %d, want %d and %d", n, count(r), classes(r), queensTotals[n-1], queensClasses[n-1])
			}
			wantStatus := model.StatusSatisfied // no objective: n queens, no more
			if queensTotals[n-1] == 0 {
				wantStatus = model.StatusInfeasible
			}
			if r.Status != wantStatus {
				t.Errorf("n=%d: status %v, want %v", n, r.Status, wantStatus)
			}
		})
	}
}

// The counter gives the same numbers on one worker as on several, and the
// same as the general search, which knows nothing of queens.
func TestNQueensAgreement(t *testing.T) {
	for n := 1; n <= 10; n++ {
		m := load(t, "n-queens", fmt.Sprintf("board=%d", n))
		one := run(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: 1})
		four := run(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: 4})
		general := generalCount(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: 2})
		for _, r := range []*model.Result{one, four, general} {
			if count(r) != queensTotals[n-1] || classes(r) != queensClasses[n-1] {
				t.Errorf("n=%d (%v): count %d classes %d, want %d and %d", n, r.Stats.Extra["engine"], count(r), classes(r), queensTotals[n-1], queensClasses[n-1])
			}
		}
	}
}

// generalCount runs the clique search on a model, bypassing fast paths.
func generalCount(t *testing.T, m *model.Model, opts model.Options) *model.Result {
	t.Helper()
	p, err := problem.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	res := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	if err := clique.Solve(st, p, opts, res); err != nil {
		t.Fatal(err)
	}
	if res.Solution != nil {
		mustCheck(t, m, res.Solution)
	}
	return res
}

// Queens domination: the fewest queens occupying or attacking every square
// (OEIS A075458) and the number of ways (A002564), n = 1..12.
func TestQueensDomination(t *testing.T) {
	least := []int64{1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6}
	ways := []int64{1, 4, 1, 12, 186, 4, 86, 4860, 114, 8, 2, 8}
	for n := 1; n <= 12; n++ {
		if n == 12 && testing.Short() {
			continue
		}
		m := load(t, "queens-domination", fmt.Sprintf("board=%d", n))
		r := run(t, m, model.Options{Task: model.TaskCount})
		if value(r) != least[n-1] || count(r) != ways[n-1] {
			t.Errorf("n=%d: %d queens in %d ways, want %d in %d", n, value(r), count(r), least[n-1], ways[n-1])
		}
	}
}

// Free walls of a fixed number: n+2 queens and 2 walls on an n x n board,
// up to symmetry (OEIS A129552: 0 up to n = 6, then 1, 6, 37, 164); and
// independent domination, non-attacking queens dominating the board
// (A075324 and A002568).
func TestNPlusTwoQueens(t *testing.T) {
	classesKnown := map[int]int64{4: 0, 5: 0, 6: 0, 7: 1, 8: 6}
	for n, want := range classesKnown {
		m := parse(t, fmt.Sprintf("board: {size: %d, walls: {free: 2}}\nplace: [%d queen]\nrules: [independent]", n, n+2))
		r := run(t, m, model.Options{Task: model.TaskCount, Symmetry: true})
		if classes(r) != want {
			t.Errorf("n=%d: %d classes, want %d", n, classes(r), want)
		}
	}
}

func TestIndependentDomination(t *testing.T) {
	least := []int64{1, 1, 1, 3, 3, 4, 4, 5, 5, 5, 5, 7}
	ways := []int64{1, 4, 1, 16, 16, 120, 8, 728, 92, 8, 2, 840}
	for n := 1; n <= 12; n++ {
		if n == 12 && testing.Short() {
			continue
		}
		m := parse(t, fmt.Sprintf("board: %d\nplace: [min queen]\nrules: [independent, cover dominated]", n))
		r := run(t, m, model.Options{Task: model.TaskCount})
		if value(r) != least[n-1] || count(r) != ways[n-1] {
			t.Errorf("n=%d: %d queens in %d ways, want %d in %d", n, value(r), count(r), least[n-1], ways[n-1])
		}
	}
}

func TestNRooks(t *testing.T) {
	factorial := int64(1)
	for n := 1; n <= 8; n++ {
		factorial *= int64(n)
		m := load(t, "n-rooks", fmt.Sprintf("board=%d", n))
		r := run(t, m, model.Options{Task: model.TaskCount, Symmetry: true})
		if count(r) != factorial || classes(r) != rooksClassesKnown[n-1] {
			t.Errorf("n=%d: count %d classes %d, want %d and %d", n, count(r), classes(r), factorial, rooksClassesKnown[n-1])
		}
		if n <= 6 {
			if got := int64(len(enumerate(t, m))); got != factorial {
				t.Errorf("n=%d: %d rook placements listed, want %d", n, got, factorial)
			}
			g := generalCount(t, m, model.Options{Task: model.TaskCount, Symmetry: true})
			if count(g) != factorial || classes(g) != rooksClassesKnown[n-1] {
				t.Errorf("n=%d general search: count %d classes %d", n, count(g), classes(g))
			}
		}
		if s := run(t, m, model.Options{Task: model.TaskSolve}); value(s) != int64(n) {
			t.Errorf("n=%d: solve value %d", n, value(s))
		}
	}
}

func TestEnumerateQueens(t *testing.T) {
	m := load(t, "eight-queens")
	sols := enumerate(t, m)
	if len(sols) != 92 {
		t.Fatalf("%d solutions listed, want 92", len(sols))
	}
	canon := m.CanonicalFunc()
	classes := map[string]bool{}
	for _, s := range sols {
		c := canon(s)
		classes[c.Key()] = true
	}
	if len(classes) != 12 {
		t.Errorf("%d classes among the listed solutions, want 12", len(classes))
	}
}

// Models with known answers: the seeds' numbers and classical results.
func TestKnownModels(t *testing.T) {
	cases := []struct {
		name      string
		overrides []string
		opts      model.Options
		value     int64
		count     int64 // -1: not asked
		classes   int64 // -1: not asked
		slow      bool
	}{
		{"eight-queens", nil, model.Options{Task: model.TaskCount, Symmetry: true}, 8, 92, 12, false},
		{"n-queens", []string{"board=6"}, model.Options{Task: model.TaskCount}, 6, 4, -1, false},
		{"blocked-0w", nil, model.Options{Task: model.TaskSolve}, 8, -1, -1, false},
		{"blocked-0w", nil, model.Options{Task: model.TaskCount, Symmetry: true}, 8, 92, 12, false},
		{"blocked-2w-value10", nil, model.Options{Task: model.TaskSolve}, 10, -1, -1, false},
		{"blocked-3w-value11", nil, model.Options{Task: model.TaskSolve}, 11, -1, -1, false},
		{"blocked-3w-diagram", nil, model.Options{Task: model.TaskSolve}, 11, -1, -1, false},
		{"blocked-4w-value11", nil, model.Options{Task: model.TaskSolve}, 11, -1, -1, false},
		// fewest queens dominating 8x8: 5, in 4860 ways, 638 up to symmetry
		{"queens-domination", nil, model.Options{Task: model.TaskCount, Symmetry: true}, 5, 4860, 638, false},
		// the blocked-queens seed's least-walls results
		{"least-walls-6x6-9", nil, model.Options{Task: model.TaskSolve}, 6, -1, -1, false},
		{"least-walls-9", nil, model.Options{Task: model.TaskSolve}, 1, -1, -1, false},
		{"least-walls-10", nil, model.Options{Task: model.TaskSolve}, 2, -1, -1, false},
		{"least-walls-11", nil, model.Options{Task: model.TaskSolve}, 3, -1, -1, true},
		{"least-walls-7x7-16", nil, model.Options{Task: model.TaskCount, DistinctWalls: true}, 33, 1, -1, false},
		{"least-walls-7x7-15", nil, model.Options{Task: model.TaskCount, DistinctWalls: true}, 20, 36, -1, false},
		// 32 camels on the files of one parity... and two more ways
		{"camels", nil, model.Options{Task: model.TaskCount, Symmetry: true}, 32, 4, 1, false},
		{"nightriders", nil, model.Options{Task: model.TaskSolve}, 16, -1, -1, false},
		// the eight-pieces seed: with both bishops on one colour the pieces
		// attack all 64 squares in three positions up to symmetry
		{"eight-pieces-same-colour", nil, model.Options{Task: model.TaskCount, Symmetry: true}, 8, -1, 3, true},
		{"eight-pieces-stack", nil, model.Options{Task: model.TaskSolve}, 8, -1, -1, false},
		{"eight-pieces-weak", nil, model.Options{Task: model.TaskSolve}, 8, -1, -1, false},
		{"queens-6x9", nil, model.Options{Task: model.TaskSolve}, 6, -1, -1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.slow && testing.Short() {
				t.Skip("slow")
			}
			m := load(t, c.name, c.overrides...)
			r := run(t, m, c.opts)
			if value(r) != c.value {
				t.Errorf("value %d, want %d", value(r), c.value)
			}
			if c.count >= 0 && count(r) != c.count {
				t.Errorf("count %d, want %d", count(r), c.count)
			}
			if c.classes >= 0 && classes(r) != c.classes {
				t.Errorf("classes %d, want %d", classes(r), c.classes)
			}
			if want := settled(m); r.Status != want {
				t.Errorf("status %v, want %v", r.Status, want)
			}
		})
	}
}

// The seed's census of the 2016 boards with two walls: 368 of value 8, 1610
// of value 9, 38 of value 10.
func TestBlockedTwoWallCensus(t *testing.T) {
	census := map[int64]int{}
	for a := 0; a < 64; a++ {
		for b := a + 1; b < 64; b++ {
			m := blockedBoard(t, a, b)
			r, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
			if err != nil {
				t.Fatal(err)
			}
			mustCheck(t, m, r.Solution)
			census[value(r)]++
		}
	}
	want := map[int64]int{8: 368, 9: 1610, 10: 38}
	if fmt.Sprint(census) != fmt.Sprint(want) {
		t.Errorf("census %v, want %v", census, want)
	}
}

// blockedBoard is max queens on 8x8 with walls on the given squares.
func blockedBoard(t testing.TB, squares ...int) *model.Model {
	t.Helper()
	walls := ""
	for i, s := range squares {
		if i > 0 {
			walls += ", "
		}
		walls += model.Square{File: s % 8, Rank: s / 8}.String()
	}
	return load(t, "blocked-0w", fmt.Sprintf("board={size: 8, walls: [%s]}", walls))
}

// The seed's census of 3-wall boards up to symmetry: 5278 classes, of values
// 8, 9, 10, 11 in 294, 4291, 692 and 1 of them.
func TestBlockedThreeWallClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("5278 boards")
	}
	empty := load(t, "blocked-0w")
	canon := empty.CanonicalFunc()
	census := map[int64]int{}
	for a := 0; a < 64; a++ {
		for b := a + 1; b < 64; b++ {
			for c := b + 1; c < 64; c++ {
				walls := model.Solution{}
				for _, s := range []int{a, b, c} {
					walls.Walls = append(walls.Walls, model.Square{File: s % 8, Rank: s / 8})
				}
				if canon(walls).Key() != walls.Key() {
					continue // not the least of its class
				}
				r := run(t, blockedBoard(t, a, b, c), model.Options{Task: model.TaskSolve})
				census[value(r)]++
			}
		}
	}
	want := map[int64]int{8: 294, 9: 4291, 10: 692, 11: 1}
	if fmt.Sprint(census) != fmt.Sprint(want) {
		t.Errorf("census %v, want %v", census, want)
	}
}

// The census of 4-wall boards up to symmetry. The seed reports 1386, 48722,
// 29571 and 241 classes of values 8 to 11; this backend, and an independent
// plain search written for the purpose (grid walking, no shared code), both
// find 1385 of value 8 and 29572 of value 10: the seed appears to have
// misjudged one board.
func TestBlockedFourWallClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("79920 boards")
	}
	base := load(t, "blocked-0w")
	// the images of each square under the board's symmetries, for a cheap
	// least-of-its-orbit test on wall masks
	group := base.Symmetries()
	images := make([][64]uint64, len(group))
	for g, tr := range group {
		for s := 0; s < 64; s++ {
			img := tr.Apply(model.Square{File: s % 8, Rank: s / 8}, 8, 8)
			images[g][s] = 1 << (img.Rank*8 + img.File)
		}
	}
	type board struct{ walls [4]int }
	var boards []board
	for a := 0; a < 64; a++ {
		for b := a + 1; b < 64; b++ {
			for c := b + 1; c < 64; c++ {
			next:
				for d := c + 1; d < 64; d++ {
					mask := uint64(1)<<a | 1<<b | 1<<c | 1<<d
					for g := range images {
						img := images[g][a] | images[g][b] | images[g][c] | images[g][d]
						if diff := img ^ mask; diff != 0 && img&(diff&-diff) != 0 {
							continue next // an image is smaller
						}
					}
					boards = append(boards, board{[4]int{a, b, c, d}})
				}
			}
		}
	}
	if len(boards) != 79920 {
		t.Fatalf("%d classes, want 79920", len(boards))
	}
	census := make([]map[int64]int, 2)
	done := make(chan bool)
	for w := range census {
		census[w] = map[int64]int{}
		go func() {
			defer func() { done <- true }()
			for i := w; i < len(boards); i += len(census) {
				m := *base
				m.Board = base.Board.Clone()
				for _, s := range boards[i].walls {
					m.Board.Set(model.Square{File: s % 8, Rank: s / 8}, model.Wall)
				}
				r, err := New().Solve(context.Background(), &m, model.Options{Task: model.TaskSolve})
				if err != nil {
					t.Error(err)
					return
				}
				census[w][value(r)]++
			}
		}()
	}
	<-done
	<-done
	for v, n := range census[1] {
		census[0][v] += n
	}
	want := map[int64]int{8: 1385, 9: 48722, 10: 29572, 11: 241}
	if fmt.Sprint(census[0]) != fmt.Sprint(want) {
		t.Errorf("census %v, want %v", census[0], want)
	}
}

func TestWorkersGiveSameCounts(t *testing.T) {
	for _, name := range []string{"amazons", "kings-shaped", "queens-6x9", "camels", "queens-domination", "eight-pieces-superqueen", "least-walls-6x6-9", "least-walls-9"} {
		m := load(t, name)
		var first *model.Result
		for _, w := range []int{1, 2, 3} {
			r := run(t, m, model.Options{Task: model.TaskCount, Symmetry: true, Workers: w})
			if first == nil {
				first = r
				continue
			}
			if count(r) != count(first) || classes(r) != classes(first) || r.Solution.Key() != first.Solution.Key() {
				t.Errorf("%s: %d workers: count %d classes %d example %s; one worker: %d %d %s", name, w,
					count(r), classes(r), r.Solution.Key(), count(first), classes(first), first.Solution.Key())
			}
		}
	}
}

// Distinct wall sets: on a model whose walls are all fixed there is one
// when it has a solution; with free walls, the boards of the seed.
func TestDistinctWalls(t *testing.T) {
	opts := model.Options{Task: model.TaskCount, DistinctWalls: true, Symmetry: true}
	if r := run(t, load(t, "blocked-3w-value11"), opts); count(r) != 1 || classes(r) != 1 {
		t.Errorf("fixed walls: count %d classes %d, want 1 and 1", count(r), classes(r))
	}
	if r := run(t, load(t, "n-queens", "board=3"), opts); count(r) != 0 {
		t.Errorf("infeasible model: count %d, want 0", count(r))
	}
	// 6x6: 9 queens need 6 walls; 80 (queens, walls) pairs on 56 boards
	if r := run(t, load(t, "least-walls-6x6-9"), opts); count(r) != 56 || classes(r) != 7 {
		t.Errorf("least walls 6x6: %d boards, %d classes, want 56 and 7", count(r), classes(r))
	}
}

func TestEnumerateMatchesCount(t *testing.T) {
	for _, name := range []string{"amazons", "queens-6x9", "least-walls-6x6-9", "queens-domination", "camels"} {
		m := load(t, name)
		r := run(t, m, model.Options{Task: model.TaskCount})
		if got := int64(len(enumerate(t, m))); got != count(r) {
			t.Errorf("%s: %d listed, count says %d", name, got, count(r))
		}
	}
}

// TestDispatchesKinds: tours and slides reach their own packages through
// the exact backend, and come back verified.
func TestDispatchesKinds(t *testing.T) {
	for _, name := range []string{"knights-tour", "sliding-queens"} {
		m := load(t, name)
		res, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := model.Verify(m, res); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if res.Status != settled(m) || !res.Verified || res.Solution == nil {
			t.Errorf("%s: status %v, verified %v, solution %v", name, res.Status, res.Verified, res.Solution)
		}
	}
}

// TestSlideCountUnsupported: slides are solved (by exact/slide), not counted.
func TestSlideCountUnsupported(t *testing.T) {
	_, err := New().Solve(context.Background(), load(t, "sliding-rooks"), model.Options{Task: model.TaskCount})
	if !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("sliding-rooks count: error %v, want one wrapping ErrUnsupported", err)
	}
}

func TestSlideDispatch(t *testing.T) {
	m := load(t, "sliding-rooks")
	r := run(t, m, model.Options{Task: model.TaskSolve})
	if r.Status != model.StatusOptimal || r.Value == nil || *r.Value != 25 || model.Verify(m, r) != nil || !r.Verified {
		t.Errorf("sliding rooks: %s %v, want 25 moves verified", r.Status, r.Value)
	}
}

func TestCancellation(t *testing.T) {
	cases := []struct {
		name      string
		overrides []string
		task      model.Task
	}{
		{"n-queens", []string{"board=22"}, model.TaskCount}, // the bitwise counter
		{"n-queens", []string{"board=22"}, model.TaskEnumerate},
		{"queens-6x9", []string{`board="14x15"`}, model.TaskCount}, // the clique search
		{"least-walls-14", nil, model.TaskSolve},                   // free walls
		// branch and bound: stopped with the best placement found so far
		{"blocked-0w", []string{"board={size: 16, walls: [c3, f7, j2, d10, k9, g5, b8, h11, n14, m3, e13, o6]}"}, model.TaskSolve},
		{"eight-pieces-cover", nil, model.TaskSolve}, // coverage
	}
	for _, c := range cases {
		t.Run(c.name+" "+c.task.String(), func(t *testing.T) {
			m := load(t, c.name, c.overrides...)
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			start := time.Now()
			opts := model.Options{Task: c.task, Emit: func(model.Solution) error { return nil }}
			r, err := New().Solve(ctx, m, opts)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != model.StatusUnknown {
				t.Errorf("status %v, want unknown", r.Status)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("stopped after %v", d)
			}
			if r.Solution != nil {
				mustCheck(t, m, r.Solution)
			} else if c.name == "blocked-0w" {
				t.Errorf("no best-so-far solution")
			}
		})
	}
}

// The eight pieces attack at most 63 squares. Folding proves it in about
// a second; stopped long before that, the search still gives the best
// placement it has (from its greedy start, if nothing better).
func TestEightPiecesBestSoFar(t *testing.T) {
	m := load(t, "eight-pieces")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	r, err := New().Solve(ctx, m, model.Options{Task: model.TaskSolve})
	if err != nil {
		t.Fatal(err)
	}
	if r.Solution == nil || (r.Status != model.StatusUnknown && r.Status != model.StatusOptimal) {
		t.Fatalf("status %v, solution %v", r.Status, r.Solution)
	}
	mustCheck(t, m, r.Solution)
	if v := value(r); v < 50 || v > 63 || r.Status == model.StatusOptimal && v != 63 {
		t.Errorf("%v: attacks %d squares, the paper's maximum is 63", r.Status, v)
	}
}

func TestProgressIsReported(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a count of a second or so")
	}
	m := load(t, "n-queens", "board=15")
	calls := 0
	last := -1.0
	r := run(t, m, model.Options{Task: model.TaskCount, Progress: func(done float64, note string) {
		calls++
		if done < last || done > 1 {
			t.Errorf("progress %v after %v", done, last)
		}
		last = done
	}})
	if count(r) != queensTotals[14] {
		t.Errorf("count %d", count(r))
	}
	if calls == 0 || last != 1 {
		t.Errorf("%d progress calls, last %v", calls, last)
	}
}

// settled is the status of a complete answer with solutions: optimal on a
// model with an objective, satisfied on one without (model.SettleStatus).
func settled(m *model.Model) model.Status {
	if m.Optimizes() {
		return model.StatusOptimal
	}
	return model.StatusSatisfied
}
