package transfer_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/exact/internal/clique"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/exact/internal/transfer"
	"github.com/chessmodel/chessmodel/model"
)

// countTransfer counts with the transfer, whatever the search would cost.
func countTransfer(t testing.TB, m *model.Model, opts model.Options) *model.Result {
	t.Helper()
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	opts.Task = model.TaskCount
	res := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
	taken, err := transfer.Force(st, m, opts, res)
	if err != nil || !taken {
		t.Fatalf("%s: transfer: taken %v, %v", m.Name, taken, err)
	}
	return res
}

// countSearch counts with the clique search of the general backend.
func countSearch(t testing.TB, m *model.Model, opts model.Options) *model.Result {
	t.Helper()
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	opts.Task = model.TaskCount
	p, err := problem.Compile(m)
	if err != nil {
		t.Fatalf("%s: compile: %v", m.Name, err)
	}
	res := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
	if err := clique.Solve(st, p, opts, res); err != nil {
		t.Fatalf("%s: search: %v", m.Name, err)
	}
	return res
}

func parse(t testing.TB, text string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(text), "test.yaml")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return m
}

func show(p *int64) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}

// TestKnownCounts checks published counts: OEIS A018807 (placements of
// n^2 kings on 2n x 2n, the most) with A319096 (their classes under D4),
// A193580 (k kings on n x n, summed over k: every independent set),
// A141243 (knights of any number on n x n), A244081 (k knights on 5x5)
// and A030978 (the most knights).
func TestKnownCounts(t *testing.T) {
	type known struct {
		name, board, place string
		count, classes     int64 // classes 0: not asked
		value              int64 // the most pieces, 0: no objective
	}
	var cases []known
	// A018807 and A319096, n = 1..6: n^2 kings on 2n x 2n
	a018807 := []int64{4, 79, 3600, 281571, 32572756, 5109144543}
	a319096 := []int64{1, 14, 459, 35312, 4072108, 638653285}
	for i := range a018807 {
		n := 2 * (i + 1)
		cases = append(cases, known{fmt.Sprintf("kings %dx%d most", n, n), fmt.Sprint(n), "max king", a018807[i], a319096[i], int64((i + 1) * (i + 1))})
	}
	// A141243, n = 3..8: knights of any number on n x n
	for i, count := range []int64{94, 1365, 55213, 3368146, 394631712, 101693175442} {
		n := i + 3
		cases = append(cases, known{fmt.Sprintf("knights %dx%d any", n, n), fmt.Sprint(n), "0.. knight", count, 0, 0})
	}
	// rows of A193580 (k kings on n x n, k = 0, 1, ...) and A244081 (k knights on 5x5)
	kings := map[int][]int64{
		4: {1, 16, 78, 140, 79},
		5: {1, 25, 228, 964, 1987, 1974, 978, 242, 27, 1},
		6: {1, 36, 520, 3920, 16834, 42368, 62266, 51504, 21792, 3600},
	}
	knights5 := []int64{1, 25, 252, 1360, 4436, 9386, 13384, 12996, 8526, 3679, 994, 158, 15, 1}
	sum := func(row []int64) (s int64) {
		for _, v := range row {
			s += v
		}
		return s
	}
	for n, row := range kings {
		cases = append(cases, known{fmt.Sprintf("kings %dx%d any", n, n), fmt.Sprint(n), "0.. king", sum(row), 0, 0})
	}
	cases = append(cases,
		known{"kings 5x5 three", "5", "3 king", kings[5][3], 0, 0},
		known{"kings 6x6 five to seven", "6", "5..7 king", sum(kings[6][5:8]), 0, 0},
		known{"knights 5x5 six", "5", "6 knight", knights5[6], 0, 0},
		known{"knights 5x5 nine or more", "5", "9.. knight", sum(knights5[9:]), 0, 0},
		known{"knights 4x4 most", "4", "max knight", 6, 0, 8}, // A030978: 8 knights, the last entry of A244081's row 4
		known{"knights 5x5 most", "5", "max knight", knights5[13], 0, 13},
		known{"knights 8x8 most", "8", "max knight", 2, 0, 32}, // A030978: 32, on one colour or the other
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, fmt.Sprintf("board: %s\nplace: [%s]\nrules: [independent]\n", c.board, c.place))
			res := countTransfer(t, m, model.Options{Symmetry: c.classes != 0})
			if res.Count == nil || *res.Count != c.count {
				t.Errorf("count %s, want %d", show(res.Count), c.count)
			}
			if c.classes != 0 && (res.Classes == nil || *res.Classes != c.classes) {
				t.Errorf("classes %s, want %d", show(res.Classes), c.classes)
			}
			if c.value != 0 && (res.Value == nil || *res.Value != c.value) {
				t.Errorf("value %s, want %d", show(res.Value), c.value)
			}
		})
	}
}

// leapers are the pieces random models draw from, as a model defines them.
var leapers = map[string]string{
	"camel":    "{leap: [1, 3]}",
	"zebra":    "{leap: [2, 3]}",
	"wazir":    "{leap: [0, 1]}",
	"ferz":     "{leap: [1, 1]}",
	"alfil":    "{leap: [2, 2]}",
	"dabbaba":  "{leap: [0, 2]}",
	"centaur":  "[king, knight]",
	"kangaroo": "{leap: [[1, 2], [0, 2]]}",
}

var leaperNames = []string{"king", "knight", "camel", "zebra", "wazir", "ferz", "alfil", "dabbaba", "centaur", "kangaroo"}

// randomLeapers draws a small placement of leapers: a board of up to 5x6
// with walls and squares off the board, sometimes a fixed piece (a rider
// too), one to three kinds with counts, ranges, open ranges or max,
// sometimes on one colour.
func randomLeapers(rng *rand.Rand) string {
	rows, cols := 1+rng.IntN(5), 1+rng.IntN(6)
	if rng.IntN(3) == 0 {
		cols = rows
	}
	grid := make([][]byte, rows)
	for r := range grid {
		grid[r] = make([]byte, cols)
		for f := range grid[r] {
			grid[r][f] = ".........#-"[rng.IntN(11)]
		}
	}
	if rng.IntN(2) == 0 {
		symmetrize(rng, grid)
	}
	var b strings.Builder
	for _, row := range grid {
		b.Write(row)
		b.WriteByte('\n')
	}
	kinds := 1 + rng.IntN(3)
	used := map[string]bool{}
	var place []string
	maximize := rng.IntN(3) == 0
	for range kinds {
		name := leaperNames[rng.IntN(len(leaperNames))]
		if used[name] {
			continue
		}
		used[name] = true
		count := []string{"1", "2", "3", "0..2", "1..4", "0..", "2..", "4"}[rng.IntN(8)]
		if maximize && rng.IntN(2) == 0 {
			count = "max"
		}
		entry := count + " " + name
		if rng.IntN(6) == 0 {
			entry += []string{" on light", " on dark"}[rng.IntN(2)]
		}
		place = append(place, entry)
	}
	var text strings.Builder
	text.WriteString("name: random leapers\npieces:\n")
	for name, def := range leapers {
		fmt.Fprintf(&text, "  %s: %s\n", name, def)
	}
	fmt.Fprintf(&text, "board: |\n")
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		fmt.Fprintf(&text, "  %s\n", line)
	}
	fmt.Fprintf(&text, "place: [%s]\nrules: [independent]\n", strings.Join(place, ", "))
	if rng.IntN(5) == 0 {
		sq := model.Square{File: rng.IntN(cols), Rank: rng.IntN(rows)}
		fmt.Fprintf(&text, "fixed: [%s %s]\n", []string{"queen", "knight", "rook", "camel"}[rng.IntN(4)], sq)
	}
	return text.String()
}

// symmetrize copies the walls and holes of a grid onto their images under
// some of the mirrors (and the diagonal of a square grid), so that the
// model has symmetries for the counts of classes to use.
func symmetrize(rng *rand.Rand, grid [][]byte) {
	rows, cols := len(grid), len(grid[0])
	for range 2 {
		for r := range rows {
			for f := range cols {
				if grid[r][f] == '.' {
					continue
				}
				c := grid[r][f]
				if rng.IntN(4) != 0 {
					grid[r][cols-1-f] = c
				}
				if rng.IntN(4) != 0 {
					grid[rows-1-r][f] = c
				}
				if rows == cols && rng.IntN(2) == 0 {
					grid[f][r] = c
				}
			}
		}
	}
}

// TestRandomAgainstSearch compares the transfer with the clique search of
// the general backend, and with the brute referee where it can list every
// candidate, on random leaper models (seeded): counts, the most pieces and
// classes up to symmetry.
func TestRandomAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 2026))
	referee := &brute.Solver{Budget: 4000}
	tried, refereed, symmetric := 0, 0, 0
	for i := 0; tried < 400 && i < 4000; i++ {
		text := randomLeapers(rng)
		m, err := model.Parse([]byte(text), "random.yaml")
		if err != nil {
			continue // a place list that cannot fit the board
		}
		tried++
		opts := model.Options{Symmetry: rng.IntN(2) == 0}
		if opts.Symmetry && len(m.Symmetries()) > 1 {
			symmetric++
		}
		got := countTransfer(t, m, opts)
		want := countSearch(t, m, opts)
		if d := differ(m, got, want, opts); d != "" {
			t.Fatalf("model %d: transfer and search differ: %s\n%s", i, d, text)
		}
		if *got.Count > 0 {
			if got.Solution == nil {
				t.Fatalf("model %d: no example solution\n%s", i, text)
			}
			if r := model.Check(m, got.Solution); !r.Valid || r.Value != *got.Value {
				t.Fatalf("model %d: example %v: %v, value %d (the count says %d)\n%s", i, got.Solution.Pieces, r.Problems, r.Value, *got.Value, text)
			}
		}
		opts.Task = model.TaskCount
		ref, err := referee.Solve(context.Background(), m, opts)
		if errors.Is(err, model.ErrUnsupported) {
			continue
		}
		if err != nil {
			t.Fatalf("model %d: brute: %v", i, err)
		}
		if d := differ(m, got, ref, opts); d != "" {
			t.Fatalf("model %d: transfer and brute differ: %s\n%s", i, d, text)
		}
		refereed++
	}
	if tried < 400 || refereed < 100 || symmetric < 50 {
		t.Fatalf("only %d random models parsed, %d refereed by brute force, %d counted up to a group larger than the identity", tried, refereed, symmetric)
	}
	t.Logf("%d random models, %d of them refereed by brute force, %d counted up to a group larger than the identity", tried, refereed, symmetric)
}

// differ says how two count answers differ, or "".
// Values are compared on models with an objective: elsewhere they are the
// size of an example, which may differ.
func differ(m *model.Model, a, b *model.Result, opts model.Options) string {
	if show(a.Count) != show(b.Count) {
		return fmt.Sprintf("count %s and %s", show(a.Count), show(b.Count))
	}
	if opts.Symmetry && a.Count != nil && *a.Count > 0 && show(a.Classes) != show(b.Classes) {
		return fmt.Sprintf("classes %s and %s", show(a.Classes), show(b.Classes))
	}
	if m.Objective.Sense != model.Fixed && a.Count != nil && *a.Count > 0 && show(a.Value) != show(b.Value) {
		return fmt.Sprintf("value %s and %s", show(a.Value), show(b.Value))
	}
	return ""
}

// TestDispatch checks that the exact backend chooses the transfer for a
// count far beyond the search, and answers through it.
func TestDispatch(t *testing.T) {
	m := parse(t, "board: 12\nplace: [max king]\nrules: [independent]\n")
	res, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskCount})
	if err != nil {
		t.Fatal(err)
	}
	if res.Count == nil || *res.Count != 5109144543 || res.Stats.Engine != "transfer over rows" {
		t.Errorf("count %s by %v, want 5109144543 by the transfer", show(res.Count), res.Stats.Engine)
	}
	// the most knights on 12x12 (72, A030978, on either colour): the
	// transfer's estimate is above the bound at which the search is tried
	// first, which answers at once unless the machine is loaded enough to
	// pass its time budget (the transfer then answers the same)
	knights := parse(t, "board: 12\nplace: [max knight]\nrules: [independent]\n")
	res, err = exact.New().Solve(context.Background(), knights, model.Options{Task: model.TaskCount})
	if err != nil {
		t.Fatal(err)
	}
	if show(res.Count) != "2" || show(res.Value) != "72" {
		t.Errorf("12x12 most knights: count %s, value %s by %v; want 2 and 72", show(res.Count), show(res.Value), res.Stats.Engine)
	}
}

// TestShards checks that the shards of a count are disjoint and cover it:
// their counts add up to the whole, on a board whose task list is a
// layer of states and on one too small to have one.
func TestShards(t *testing.T) {
	camels := "pieces:\n  camel: {leap: [1, 3]}\nplace: [0.. camel]\nrules: [independent]\nboard: "
	knights := "place: [0.. knight]\nrules: [independent]\nboard: "
	walled := "place: [0.. knight]\nrules: [independent]\nboard: {size: 1, walls: [a1]}"
	for _, text := range []string{knights + "6", knights + "2x3", camels + "6", walled} { // camels: two parts, by colour; walled: none
		m := parse(t, text)
		board := m.Board.Dims()
		whole := *countTransfer(t, m, model.Options{}).Count
		for _, of := range []int{2, 3, 7} {
			sum := int64(0)
			for i := range of {
				sum += *countTransfer(t, m, model.Options{Shard: model.Shard{Index: i, Of: of}}).Count
			}
			if sum != whole {
				t.Errorf("board %s: %d shards add up to %d, the whole count is %d", board, of, sum, whole)
			}
		}
	}
	// a count the general search would take is the transfer's when it is a
	// shard: the search counts the whole in every shard
	small := parse(t, "board: 4\nplace: [2 knight]\nrules: [independent]\n")
	sum := int64(0)
	for i := range 3 {
		res, err := exact.New().Solve(context.Background(), small, model.Options{Task: model.TaskCount, Shard: model.Shard{Index: i, Of: 3}})
		if err != nil {
			t.Fatal(err)
		}
		sum += *res.Count
	}
	if whole := *countSearch(t, small, model.Options{}).Count; sum != whole {
		t.Errorf("2 knights on 4x4 by the exact backend: 3 shards add up to %d, the whole count is %d", sum, whole)
	}
	m := parse(t, "board: 6\nplace: [max king]\nrules: [independent]\n")
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	res := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
	if _, err := transfer.Force(st, m, model.Options{Task: model.TaskCount, Shard: model.Shard{Index: 0, Of: 2}}, res); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("a shard of a count of the most pieces: %v, want ErrUnsupported", err)
	}
}

// TestWorkersAndSweep checks that one worker and two give the same count,
// and that a thin board is swept along its long side.
func TestWorkersAndSweep(t *testing.T) {
	m := parse(t, "board: 7\nplace: [0.. knight]\nrules: [independent]\n")
	one := countTransfer(t, m, model.Options{Workers: 1})
	var notes []string
	last := 0.0
	progress := func(done float64, note string) { last = done; notes = append(notes, note) }
	two := countTransfer(t, m, model.Options{Workers: 2, Progress: progress})
	if len(notes) == 0 || last != 1 || !strings.Contains(notes[len(notes)-1], "square 49 of 49") {
		t.Errorf("progress: %d notes, last at %v: %q, want the last at 1, square 49 of 49", len(notes), last, notes)
	}
	if *one.Count != 394631712 || *two.Count != 394631712 {
		t.Errorf("7x7 knights: %d on one worker, %d on two, want 394631712 (A141243)", *one.Count, *two.Count)
	}
	for _, c := range []struct{ board, transposed, sweep string }{{"3x8", "8x3", "transfer over columns"}, {"8x3", "3x8", "transfer over rows"}} {
		thin := parse(t, "board: "+c.board+"\nplace: [0.. knight]\nrules: [independent]\n")
		got := countTransfer(t, thin, model.Options{})
		want := countSearch(t, parse(t, "board: "+c.transposed+"\nplace: [0.. knight]\nrules: [independent]\n"), model.Options{})
		if got.Stats.Engine != c.sweep || *got.Count != *want.Count {
			t.Errorf("%s: %s by %v, want %s by %s", c.board, show(got.Count), got.Stats.Engine, show(want.Count), c.sweep)
		}
	}
}

// TestLimits walks past the transfer's limits: the memory bound, a count
// past 64 bits, a context that has ended.
func TestLimits(t *testing.T) {
	m := parse(t, "board: 8\nplace: [0.. knight]\nrules: [independent]\n")
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	res := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
	if _, err := transfer.Force(st, m, model.Options{Task: model.TaskCount, MaxMemory: 64 << 10}, res); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("8x8 knights in 64 KiB: %v, want ErrTooLarge", err)
	}
	// past the transfer's bound the exact backend goes to the general
	// search, which refuses 4 KiB too
	if _, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, MaxMemory: 4 << 10}); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("8x8 knights in 4 KiB by the exact backend: %v, want ErrTooLarge", err)
	}
	// a leap longer than the board attacks nothing: every set of squares counts
	free := "pieces:\n  far: {leap: [20, 20]}\nplace: [0.. far]\nrules: [independent]\nboard: "
	if _, err := transfer.Force(st, parse(t, free+"8"), model.Options{Task: model.TaskCount}, res); !errors.Is(err, model.ErrUnsupported) || !strings.Contains(err.Error(), "18446744073709551616") {
		t.Errorf("2^64 placements: %v, want ErrUnsupported naming 18446744073709551616", err)
	}
	if _, err := transfer.Force(st, parse(t, free+"12"), model.Options{Task: model.TaskCount}, res); !errors.Is(err, model.ErrUnsupported) || !strings.Contains(err.Error(), "2^128") {
		t.Errorf("2^144 placements: %v, want ErrUnsupported past 2^128", err)
	}
	huge := parse(t, "board: 1000000\nplace: [max king]\nrules: [independent]\n")
	if _, err := exact.New().Solve(context.Background(), huge, model.Options{Task: model.TaskCount}); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("kings on 10^12 squares: %v, want ErrUnsupported", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped := tasks.NewStopper(ctx)
	defer stopped.Close()
	res = &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
	if _, err := transfer.Force(stopped, m, model.Options{Task: model.TaskCount}, res); err != nil || res.Status != model.StatusUnknown || res.Count != nil {
		t.Errorf("a cancelled count: %v, status %v, count %s; want unknown and no count", err, res.Status, show(res.Count))
	}
}
