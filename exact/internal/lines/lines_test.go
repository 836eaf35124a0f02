package lines

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/clique"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/exact/internal/techtest"
	"github.com/chessmodel/chessmodel/internal/oeis"
	"github.com/chessmodel/chessmodel/model"
)

func parse(t testing.TB, src string, set ...string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(src), "lines.yaml", set...)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return m
}

// count runs Count; the result is nil when it does not take the model.
func count(t testing.TB, m *model.Model, opts model.Options) (*model.Result, error) {
	t.Helper()
	opts.Task = model.TaskCount
	res := model.NewResult(m, opts.Task, "exact")
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	taken, err := Count(st, m, opts, res)
	if !taken {
		return nil, err
	}
	if err == nil {
		if err := model.Verify(m, res); err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		if res.Solution != nil && !res.Verified {
			t.Fatalf("%s: example not verified", m.Name)
		}
	}
	return res, err
}

// mustCount is count for a model Count must take and answer.
func mustCount(t testing.TB, m *model.Model) *model.Result {
	t.Helper()
	res, err := count(t, m, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res == nil {
		t.Fatalf("%s: not taken", m.Name)
	}
	return res
}

func deref(v *int64) int64 {
	if v == nil {
		return -1
	}
	return *v
}

const bishops = "name: bishops\nboard: 8\nplace: [n bishop]\nrules: [independent]\n"

// TestBishopsA002465: n bishops on n x n (OEIS A002465), to the last
// that fits 64 bits, and the next two from the counts of every number of
// pieces; a count of the next is refused, with the count in full.
func TestBishopsA002465(t *testing.T) {
	for n := 1; n <= len(oeis.A002465); n++ {
		res := mustCount(t, parse(t, bishops, fmt.Sprintf("board=%d", n)))
		if got, want := deref(res.Count), oeis.A002465[n-1]; got != want {
			t.Errorf("%d bishops on %dx%d: %d, want %d", n, n, n, got, want)
		}
		if res.Solution == nil || len(res.Solution.Pieces) != n {
			t.Errorf("%d bishops: example %v", n, res.Solution)
		}
	}
	for n, want := range map[int]string{16: "52054862490790200576", 17: "2584158975023147147264"} { // past 64 bits
		res := mustCount(t, parse(t, bishops, fmt.Sprintf("board=%d", n), "place=[0..1 bishop]"))
		if counts := res.Stats.Extra[ExtraCounts].([]string); len(counts) <= n || counts[n] != want {
			t.Errorf("%d bishops on %dx%d: counts %v, want %s", n, n, n, counts, want)
		}
	}
	_, err := count(t, parse(t, bishops, "board=16"), model.Options{})
	if !errors.Is(err, model.ErrUnsupported) || !strings.Contains(err.Error(), "52054862490790200576") {
		t.Errorf("16 bishops: %v, want the 64-bit refusal naming A002465(16) = 52054862490790200576", err)
	}
}

// TestBishopsEveryK: 2 bishops (OEIS A172123) from the counts of every
// number of pieces, to 34x34, and the most bishops, 2n-2 in 2^n ways
// (Kotesovec, in A002465's comments; A000079), to 30x30.
func TestBishopsEveryK(t *testing.T) {
	for n := 1; n <= len(oeis.A172123); n++ {
		res := mustCount(t, parse(t, bishops, fmt.Sprintf("board=%d", n), "place=[max bishop]"))
		counts := res.Stats.Extra[ExtraCounts].([]string)
		if n >= 2 && (len(counts) < 3 || counts[2] != fmt.Sprint(oeis.A172123[n-1])) {
			t.Errorf("2 bishops on %dx%d: counts %v, want %d", n, n, counts[:min(3, len(counts))], oeis.A172123[n-1])
		}
		if n == 1 || n > 30 {
			continue
		}
		if got, want := deref(res.Value), int64(2*n-2); got != want {
			t.Errorf("most bishops on %dx%d: %d, want %d", n, n, got, want)
		}
		if got, want := deref(res.Count), int64(1)<<n; got != want {
			t.Errorf("ways of the most bishops on %dx%d: %d, want %d", n, n, got, want)
		}
	}
}

// TestMostBishopsClasses: the classes of the most bishops on n x n up to
// the eight symmetries, B(n) = 2^((n-4)/2) (2^((n-2)/2) + 1) for even n and
// 2^((n-3)/2) (2^((n-3)/2) + 1) for odd n (Dudeney; MathWorld, "Bishops
// Problem"; OEIS A005418), on every board the counter takes them: every
// even one to 30x30 (its mirrors' orbit graphs are Ferrers boards), the
// odd ones while the mirrors' frontiers fit, at least to 15x15. Past
// 20x20 (seconds a board) only with CHESSMODEL_MINUTES set.
func TestMostBishopsClasses(t *testing.T) {
	last := 20
	if os.Getenv("CHESSMODEL_MINUTES") != "" {
		last = 30
	}
	for n := 2; n <= last; n++ {
		res, err := count(t, parse(t, bishops, fmt.Sprintf("board=%d", n), "place=[max bishop]"), model.Options{Symmetry: true})
		if err != nil {
			t.Fatal(err)
		}
		if res == nil {
			if n%2 == 0 || n <= 15 {
				t.Errorf("classes of the most bishops on %dx%d: not taken", n, n)
			}
			continue
		}
		var want int64
		if h := int64(1) << ((n - 2) / 2); n%2 == 0 {
			want = h * (h + 1) / 2
		} else {
			h := int64(1) << ((n - 3) / 2)
			want = h * (h + 1)
		}
		if got := deref(res.Classes); got != want {
			t.Errorf("classes of the most bishops on %dx%d: %d, want %d", n, n, got, want)
		}
	}
}

// TestRooksEveryK: k rooks on n x n in C(n,k)^2 k! ways, every k, to 30x30.
func TestRooksEveryK(t *testing.T) {
	src := "name: rooks\nboard: 8\nplace: [0..1 rook]\nrules: [independent]\n" // a count that fits 64 bits
	for n := 1; n <= 30; n++ {
		res := mustCount(t, parse(t, src, fmt.Sprintf("board=%d", n)))
		counts := res.Stats.Extra[ExtraCounts].([]string)
		if len(counts) != n+1 {
			t.Fatalf("rooks on %dx%d: %d counts, want %d", n, n, len(counts), n+1)
		}
		for k := 0; k <= n; k++ {
			c := new(big.Int).Binomial(int64(n), int64(k))
			want := c.Mul(c, c).Mul(c, new(big.Int).MulRange(1, int64(k)))
			if counts[k] != want.String() {
				t.Errorf("%d rooks on %dx%d: %s, want %s", k, n, n, counts[k], want)
			}
		}
	}
}

// TestFrontierAgreesWithNested counts the nested components of empty
// and walled boards by the frontier too.
func TestFrontierAgreesWithNested(t *testing.T) {
	for _, src := range []string{
		"board: 7\nplace: [max bishop]\nrules: [independent]\n",
		"board: 6x8\nplace: [max rook]\nrules: [independent]\n",
		"board: 8\nplace: [max bishop]\nrules: [independent]\n",
		"pieces: {skipper: {ride: [2, 2]}}\nboard: 9\nplace: [max skipper]\nrules: [independent]\n",
	} {
		s := fit(parse(t, src))
		st := tasks.NewStopper(context.Background())
		for _, c := range s.components() {
			p := planOf(&c)
			if p.method != methodNested {
				t.Fatalf("%q: a component of an empty board is not nested", src)
			}
			sizes := make([]int, len(p.order))
			for j, x := range p.order {
				sizes[j] = len(p.lines[x])
			}
			want := decimals(nestedPolynomial(sizes, st))
			p.method, p.width = methodFrontier, frontierWidth(p.lines, p.other)
			got, err := frontierPolynomial(p, st)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(decimals(got)) != fmt.Sprint(want) {
				t.Errorf("%q: frontier %v, nested %v", src, decimals(got), want)
			}
		}
		st.Close()
	}
}

// randomBoard is a diagram of rows x cols with some walls and squares off
// the board, made symmetric (symmetric > 0) under the mirror in the files,
// the half turn, or (on a square board) all of D4, so that the model's
// group has more than the identity.
func randomBoard(r *rand.Rand, rows, cols, symmetric int) string {
	grid := make([][]byte, rows)
	for i := range grid {
		grid[i] = []byte(strings.Repeat(".", cols))
	}
	images := func(i, j int) [][2]int {
		out := [][2]int{{i, j}}
		switch {
		case symmetric == 1:
			out = append(out, [2]int{i, cols - 1 - j})
		case symmetric == 2:
			out = append(out, [2]int{rows - 1 - i, cols - 1 - j})
		case symmetric == 3 && rows == cols:
			n := rows - 1
			for _, x := range [][2]int{{i, n - j}, {n - i, j}, {n - i, n - j}, {j, i}, {n - j, i}, {j, n - i}, {n - j, n - i}} {
				out = append(out, x)
			}
		}
		return out
	}
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			c := byte(0)
			switch r.IntN(12) {
			case 0:
				c = '#'
			case 1:
				c = '-'
			}
			if c != 0 {
				for _, x := range images(i, j) {
					grid[x[0]][x[1]] = c
				}
			}
		}
	}
	var b strings.Builder
	b.WriteString("board: |\n")
	for _, row := range grid {
		b.WriteString("  " + string(row) + "\n")
	}
	return b.String()
}

// TestAgainstSearch holds the counter against the clique search on random
// boards up to 7x7 with walls and holes, every number of pieces, ranges,
// the most and the fewest, colour rules, both attack modes, and riders of
// longer steps.
func TestAgainstSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 7))
	pieces := []string{"rook", "bishop", "skipper", "jumper"}
	header := "pieces: {skipper: {ride: [2, 2]}, jumper: {ride: [2, 0]}}\n"
	cases, frontier, symmetric := 0, 0, 0
	trials := 40
	if testing.Short() {
		trials = 12
	}
	for trial := 0; trial < trials; trial++ {
		rows, cols := 2+r.IntN(6), 2+r.IntN(6)
		if trial%3 == 2 {
			cols = rows
		}
		board := randomBoard(r, rows, cols, trial%4)
		pc := pieces[trial%len(pieces)]
		mode := []string{"", ", attack weak"}[r.IntN(2)]
		var places []string
		for k := 0; k <= min(rows, cols)+2; k++ {
			places = append(places, fmt.Sprintf("[%d %s]", k, pc))
		}
		places = append(places, fmt.Sprintf("[max %s]", pc), fmt.Sprintf("[min %s]", pc),
			fmt.Sprintf("[2..4 %s]", pc), fmt.Sprintf("[2 %s on light]", pc), fmt.Sprintf("[max %s on dark]", pc))
		if pc != "rook" && pc != "jumper" { // a rook's lines hold both colours
			places = append(places, fmt.Sprintf("[1 %s on light, 2 %s on dark]", pc, pc), fmt.Sprintf("[max %s on light, 1..2 %s on dark]", pc, pc))
		}
		for _, place := range places {
			src := header + board + "place: " + place + "\nrules: [independent" + mode + "]\n"
			m, err := model.Parse([]byte(src), "lines.yaml")
			if err != nil {
				if strings.Contains(err.Error(), "more pieces") { // refused by the parser
					continue
				}
				t.Fatalf("%v\n%s", err, src)
			}
			opts := model.Options{Symmetry: r.IntN(2) == 0 && !strings.Contains(place, ",")}
			got, err := count(t, m, opts)
			if err != nil {
				t.Fatalf("%v\n%s", err, src)
			}
			if got == nil {
				t.Fatalf("not taken (symmetry %v):\n%s", opts.Symmetry, src)
			}
			if !strings.Contains(got.Stats.Engine, " 0 by frontier") {
				frontier++
			}
			if opts.Symmetry && len(m.Symmetries()) > 1 {
				symmetric++
			}
			opts.Task = model.TaskCount
			want := techtest.Run(t, clique.Technique, m, opts)
			model.SettleStatus(m, want)
			if got.Status != want.Status || deref(got.Count) != deref(want.Count) || deref(got.Classes) != deref(want.Classes) ||
				(m.Optimizes() && deref(got.Value) != deref(want.Value)) {
				t.Errorf("%s\nsymmetry %v; lines: %v count %d classes %d value %d; search: %v count %d classes %d value %d", src, opts.Symmetry,
					got.Status, deref(got.Count), deref(got.Classes), deref(got.Value), want.Status, deref(want.Count), deref(want.Classes), deref(want.Value))
			}
			cases++
		}
	}
	if frontier == 0 || symmetric == 0 {
		t.Errorf("%d cases took the frontier, %d counted classes under more than the identity", frontier, symmetric)
	}
	t.Logf("%d models, %d with a component counted by the frontier, %d with classes under more than the identity", cases, frontier, symmetric)
}

// TestLimits walks past each limit: the models Count leaves to the search,
// and the count it refuses.
func TestLimits(t *testing.T) {
	for name, src := range map[string]string{
		"queens":               "board: 5\nplace: [5 queen]\nrules: [independent]\n",
		"knights":              "board: 5\nplace: [5 knight]\nrules: [independent]\n",
		"two pieces":           "board: 5\nplace: [2 rook, 2 bishop]\nrules: [independent]\n",
		"fixed piece":          "board: 5\nfixed: [rook a1]\nplace: [3 rook]\nrules: [independent]\n",
		"free walls":           "board: {size: 5, walls: free}\nplace: [6 rook]\nrules: [independent]\nobjective: minimize walls\n",
		"cover":                "board: 5\nplace: [5 rook]\nrules: [independent, cover attacked]\n",
		"no independence":      "board: 5\nplace: [5 rook]\n",
		"stack":                "board: 5\nplace: [5 rook]\nrules: [independent, stack]\n",
		"torus":                "board: {size: 5, wrap: torus}\nplace: [5 rook]\nrules: [independent]\n",
		"attack counts":        "board: 5\nplace: [5 rook]\nrules: [every piece attacks ..1]\n",
		"objective attacked":   "board: 5\nplace: [3 rook]\nrules: [independent]\nobjective: maximize attacked\n",
		"any beside light":     "board: 5\nplace: [1 bishop, 1 bishop on light]\nrules: [independent]\n",
		"rooks on two colours": "board: 5\nplace: [1 rook on light, 1 rook on dark]\nrules: [independent]\n",
		"wide frontier":        "board: |\n" + strings.Repeat("  "+strings.Repeat(".", 24)+"\n", 12) + "  " + strings.Repeat(".", 12) + "#" + strings.Repeat(".", 11) + "\n" + strings.Repeat("  "+strings.Repeat(".", 24)+"\n", 11) + "place: [3 rook]\nrules: [independent]\n",
	} {
		res, err := count(t, parse(t, src), model.Options{})
		if res != nil || err != nil {
			t.Errorf("%s: taken (%v, %v), want it left to the search", name, res, err)
		}
	}
	// classes: two colour rules (an orbit may hold both colours), and
	// symmetries whose frontiers are too wide (the mirror in the files of
	// 29x29 bishops opens about 29 segment orbits, and its orbit graph is
	// not bipartite)
	for name, m := range map[string]*model.Model{
		"classes of two colour rules": parse(t, "board: 6\nplace: [2 bishop on light, 2 bishop on dark]\nrules: [independent]\n"),
		"classes of 29x29 bishops":    parse(t, bishops, "board=29", "place=[max bishop]"),
	} {
		if res, err := count(t, m, model.Options{Symmetry: true}); res != nil || err != nil {
			t.Errorf("%s: taken (%v, %v), want it left to the search", name, res, err)
		}
	}
	// the squares past the memory bound: 10,000 at 256 bytes in 1 MiB
	if res, err := count(t, parse(t, bishops, "board=100"), model.Options{MaxMemory: 1 << 20}); res != nil || err != nil {
		t.Errorf("100x100 bishops in 1 MiB: taken (%v, %v)", res, err)
	}
	if res, _ := count(t, parse(t, bishops, "board=100", "place=[2 bishop]"), model.Options{}); res == nil {
		t.Error("100x100 bishops: not taken")
	}
	// a frontier within MaxFrontier whose states pass the memory bound
	walled := "board: |\n  ...#....\n  ........\n  ..#.....\n  ........\n  .....#..\n  ........\n  .#......\n  ......#.\nplace: [3 rook]\nrules: [independent]\n"
	if res, _ := count(t, parse(t, walled), model.Options{}); res == nil {
		t.Error("walled 8x8 rooks: not taken")
	}
	if res, err := count(t, parse(t, walled), model.Options{MaxMemory: 1 << 10}); res != nil || err != nil {
		t.Errorf("walled 8x8 rooks in 1 KiB: taken (%v, %v)", res, err)
	}
	for _, o := range []model.Options{{Task: model.TaskCount, DistinctWalls: true}, {Task: model.TaskSolve}, {Task: model.TaskEnumerate}} {
		m := parse(t, bishops)
		res := model.NewResult(m, o.Task, "exact")
		st := tasks.NewStopper(context.Background())
		if taken, _ := Count(st, m, o, res); taken {
			t.Errorf("%+v: taken, want it left to the search", o)
		}
		st.Close()
	}
}

// TestShard: the count is the first part's; the others count none.
func TestShard(t *testing.T) {
	m := parse(t, bishops)
	total := int64(0)
	for i := 0; i < 3; i++ {
		res, err := count(t, m, model.Options{Shard: model.Shard{Index: i, Of: 3}})
		if err != nil || res == nil {
			t.Fatalf("part %d: %v %v", i, res, err)
		}
		total += deref(res.Count)
	}
	if total != oeis.A002465[7] {
		t.Errorf("the parts count %d, want %d", total, oeis.A002465[7])
	}
}

// TestStopped: a count stopped before it ends is unknown, never a number.
func TestStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, src := range []string{bishops, "board: |\n  ...#....\n  ........\n  ..#.....\n  ........\n  .....#..\n  ........\n  .#......\n  ......#.\nplace: [3 rook]\nrules: [independent]\n"} {
		m := parse(t, src, "board=200")
		if strings.Contains(src, "#") {
			m = parse(t, src)
		}
		res := model.NewResult(m, model.TaskCount, "exact")
		st := tasks.NewStopper(ctx)
		taken, err := Count(st, m, model.Options{Task: model.TaskCount}, res)
		st.Close()
		if !taken || err != nil || res.Status != model.StatusUnknown || res.Count != nil {
			t.Errorf("stopped: taken %v, err %v, status %v, count %v", taken, err, res.Status, res.Count)
		}
	}
}
