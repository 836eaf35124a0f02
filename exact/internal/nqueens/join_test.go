package nqueens

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/internal/oeis"
	"github.com/chessmodel/chessmodel/model"
)

// The published counts: solutions (A000170) and classes under D4 (A002562).
var a000170, a002562 = oeis.A000170, oeis.A002562

// longQueens asks for the join's counts of 17 and 18 queens too (about
// 10 and 40 s of CPU): go test -run TestJoinAgainstOEIS -queens.long.
var longQueens = flag.Bool("queens.long", false, "also count 17 and 18 queens by the join")

func joinCount(t testing.TB, n int, opts model.Options) queensCount {
	t.Helper()
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	c, _, err := countQueensJoin(st, n, 2, opts)
	if err != nil {
		t.Fatalf("n=%d: %v", n, err)
	}
	return c
}

// The join's totals and classes against the published sequences.
func TestJoinAgainstOEIS(t *testing.T) {
	top := 16
	switch {
	case *longQueens:
		top = len(a000170)
	case testing.Short():
		top = 13
	}
	for n := 1; n <= top; n++ {
		c := joinCount(t, n, model.Options{Symmetry: true})
		if c.solutions != a000170[n-1] || c.classCount != a002562[n-1] {
			t.Errorf("n=%d: %d solutions in %d classes, want %d in %d", n, c.solutions, c.classCount, a000170[n-1], a002562[n-1])
		}
	}
}

// The join and the constellation counter, two independent methods, agree.
func TestJoinAgainstConstellations(t *testing.T) {
	for n := 1; n <= 14; n++ {
		st := tasks.NewStopper(context.Background())
		want := countQueens(st, n, 2, model.Shard{}, nil)
		st.Close()
		got := joinCount(t, n, model.Options{Symmetry: true})
		if got.solutions != want.solutions || got.classCount != want.classCount {
			t.Errorf("n=%d: join %d/%d, constellations %d/%d", n, got.solutions, got.classCount, want.solutions, want.classCount)
		}
	}
}

// Shards of the join are disjoint and cover the whole: their counts and
// their nodes add up to the one-process run's, on odd and even boards.
// The nodes catch a part that lists a top half another part lists too: a
// part owns whole runs of one top (ownedRuns), as an odd board's shared
// top list needs (joinshare.go).
func TestJoinShards(t *testing.T) {
	for _, n := range []int{11, 12, 13} {
		whole := joinCount(t, n, model.Options{})
		for _, of := range []int{3, 7} {
			var sum queensCount
			for k := 0; k < of; k++ {
				sum.add(joinCount(t, n, model.Options{Shard: model.Shard{Index: k, Of: of}}))
			}
			if sum.solutions != whole.solutions || sum.nodes != whole.nodes {
				t.Errorf("n=%d in %d parts: they add up to %d solutions and %d nodes, the whole run has %d and %d",
					n, of, sum.solutions, sum.nodes, whole.solutions, whole.nodes)
			}
		}
	}
}

// The join refuses what it cannot do before it allocates: a memory bound
// below its estimate on one worker; it runs on fewer workers when only
// some fit.
func TestJoinRefuses(t *testing.T) {
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	if _, _, err := countQueensJoin(st, 24, 2, model.Options{}); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("24-queens under the default bound: %v, want ErrTooLarge", err)
	}
	if _, _, err := countQueensJoin(st, 12, 2, model.Options{MaxMemory: 1 << 10}); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("12-queens in 1 KiB: %v, want ErrTooLarge", err)
	}
	if _, ran, err := countQueensJoin(st, 12, 8, model.Options{MaxMemory: 60_000}); err != nil || ran != 1 {
		t.Errorf("12-queens in 60 kB on 8 workers: %d workers, %v; want 1 (11,088 bytes of groups and 46,080 of lists a worker)", ran, err)
	}
}

// The count takes the join from JoinFromSide ranks when its lists fit the
// memory bound, and the constellations otherwise.
func TestCountChoosesJoin(t *testing.T) {
	cases := []struct {
		name   string
		n      int
		memory int64
		join   bool
	}{
		{"below JoinFromSide", JoinFromSide - 1, 0, false},
		{"from JoinFromSide", JoinFromSide, 0, true},
		{"lists above the bound", JoinFromSide, 1 << 20, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel() // the choice is made before any counting
			st := tasks.NewStopper(ctx)
			defer st.Close()
			res := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
			if _, err := countQueensChosen(st, c.n, 2, model.Options{MaxMemory: c.memory}, res); err != nil {
				t.Fatal(err)
			}
			engine := res.Stats.Engine
			if got := strings.Contains(engine, "join"); got != c.join {
				t.Errorf("n=%d, bound %d: engine %q", c.n, c.memory, engine)
			}
		})
	}
}

// A cancelled join stops and says so through the stopper.
func TestJoinStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st := tasks.NewStopper(ctx)
	defer st.Close()
	c, _, err := countQueensJoin(st, 14, 2, model.Options{Symmetry: true})
	if err != nil || !st.Canceled() || c.solutions >= a000170[13] {
		t.Errorf("cancelled 14-queens: %d solutions, %v; want fewer than %d and a cancelled stopper", c.solutions, err, a000170[13])
	}
}

// The join reports its progress, a fraction of the groups, ending at 1.
func TestJoinProgress(t *testing.T) {
	var calls int
	var last float64
	var mu sync.Mutex
	joinCount(t, 12, model.Options{Progress: func(done float64, note string) {
		mu.Lock()
		defer mu.Unlock()
		calls++
		last = done
	}})
	if calls == 0 || last != 1 {
		t.Errorf("%d progress calls, the last at %v; want some, ending at 1", calls, last)
	}
}

// spreadOrder visits every task once.
func TestSpreadOrder(t *testing.T) {
	for _, n := range []int{1, 2, 7919, 7919 * 3, 12345} {
		seen := make([]bool, n)
		spread := spreadOrder(n)
		for i := 0; i < n; i++ {
			j := spread(i)
			if seen[j] {
				t.Fatalf("n=%d: task %d twice", n, j)
			}
			seen[j] = true
		}
	}
}

// The group orbits cover every (middle file, top files) exactly once.
func TestJoinGroupOrbits(t *testing.T) {
	for n := 1; n <= 13; n++ {
		var weights int64
		for _, g := range joinGroups(n) {
			weights += g.weight
		}
		want := binomial(n-n%2, n/2)
		if n%2 == 1 {
			want *= int64(n)
		}
		if weights != want {
			t.Errorf("n=%d: orbit sizes add up to %d, want %d groups", n, weights, want)
		}
	}
}

func binomial(n, k int) int64 {
	b := int64(1)
	for i := 1; i <= k; i++ {
		b = b * int64(n-k+i) / int64(i)
	}
	return b
}

// The trie walk and the radix sort against their plain forms on random
// keys (seeded).
func TestDisjointPairsAndRadixSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 1))
	for trial := 0; trial < 50; trial++ {
		width := 1 + rng.IntN(40)
		random := func() []uint64 {
			keys := make([]uint64, rng.IntN(3000))
			for i := range keys {
				keys[i] = rng.Uint64() & rng.Uint64() & (1<<uint(width) - 1)
			}
			return keys
		}
		xs, ys := random(), random()
		sx, _ := radixSort(slices.Clone(xs), nil, width)
		slices.Sort(xs)
		if !slices.Equal(sx, xs) {
			t.Fatalf("width %d: radixSort differs from slices.Sort", width)
		}
		slices.Sort(ys)
		var want int64
		for _, x := range xs {
			for _, y := range ys {
				if x&y == 0 {
					want++
				}
			}
		}
		// a group's own bit order (keyRemap) renumbers the bits of both
		// lists alike, which keeps every pair's disjointness
		rx, ry := slices.Clone(xs), slices.Clone(ys)
		var rm keyRemap
		rm.apply(rx, ry, width)
		slices.Sort(rx)
		slices.Sort(ry)
		if got := checkPairs(rx, ry); got != want {
			t.Errorf("width %d: %d disjoint pairs after keyRemap, want %d", width, got, want)
		}
		// one pair at a time (no budget), sliced, and sliced with tables
		for _, mode := range []struct {
			budget int64
			tables bool
		}{{0, true}, {1 << 30, false}, {1 << 30, true}} {
			pc := pairCounter{budget: mode.budget}
			pc.load(ys, width, mode.tables)
			if len(ys) > 0 && pc.sliced != (mode.budget > 0) || (pc.chunks > 0) != (pc.sliced && mode.tables) {
				t.Fatalf("budget %d, tables %v: sliced %v, %d table bytes", mode.budget, mode.tables, pc.sliced, pc.chunks)
			}
			if got, _ := pc.count(xs, 0, len(ys), width-1); got != want {
				t.Errorf("width %d, %d x %d keys, %+v: %d disjoint pairs, want %d", width, len(xs), len(ys), mode, got, want)
			}
		}
		// sorted on the highest bits alone, the walk stops splitting there
		floor := rng.IntN(width)
		px, _ := radixSortTop(slices.Clone(xs), nil, floor, width)
		py, _ := radixSortTop(slices.Clone(ys), nil, floor, width)
		if !slices.IsSortedFunc(px, func(a, b uint64) int { return cmp.Compare(a>>uint(floor), b>>uint(floor)) }) {
			t.Fatalf("width %d: radixSortTop from bit %d left the high bits unsorted", width, floor)
		}
		pc := pairCounter{budget: 1 << 30, floor: floor}
		pc.load(py, width, true)
		if got, _ := pc.count(px, 0, len(py), width-1); got != want {
			t.Errorf("width %d, sorted from bit %d: %d disjoint pairs, want %d", width, floor, got, want)
		}
	}
}

// The pair counter's slices and tables stay within its budget, held to
// half of it: 640 keys of 30 bits are 10 blocks, 2,400 bytes of slices
// and, for each block, a table of pairTableBytes for each tableBits of
// the key.
func TestPairCounterBudget(t *testing.T) {
	ys := make([]uint64, 640)
	for i := range ys {
		ys[i] = uint64(i) * 0x9e3779b9 & (1<<30 - 1)
	}
	slices.Sort(ys)
	tables := 10 * ((30 + tableBits - 1) / tableBits) * pairTableBytes
	for _, c := range []struct {
		budget         int64
		sliced, tables bool
	}{
		{2 * 2399, false, false},
		{2 * 2400, true, false},
		{int64(2 * (2400 + tables - 1)), true, false},
		{int64(2 * (2400 + tables)), true, true},
	} {
		pc := pairCounter{budget: c.budget}
		pc.load(ys, 30, true)
		if pc.sliced != c.sliced || (pc.chunks > 0) != c.tables {
			t.Errorf("budget %d: sliced %v, tables %v; want %v, %v", c.budget, pc.sliced, pc.chunks > 0, c.sliced, c.tables)
		}
		if bytes := 8*len(pc.slices) + pairTableBytes*len(pc.tables); pc.sliced && int64(bytes) > c.budget/2 {
			t.Errorf("budget %d: %d bytes held", c.budget, bytes)
		}
	}
}

func BenchmarkJoin(b *testing.B) {
	for _, n := range []int{14, 15, 16, 17, 18} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if c := joinCount(b, n, model.Options{}); c.solutions != a000170[n-1] {
					b.Fatalf("n=%d: %d solutions, want %d", n, c.solutions, a000170[n-1])
				}
			}
		})
	}
}

func BenchmarkConstellations(b *testing.B) {
	for _, n := range []int{14, 15, 16, 17, 18} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				st := tasks.NewStopper(context.Background())
				if c := countQueens(st, n, 2, model.Shard{}, nil); c.solutions != a000170[n-1] {
					b.Fatalf("n=%d: %d solutions, want %d", n, c.solutions, a000170[n-1])
				}
				st.Close()
			}
		})
	}
}

// transpose64 against the bit-by-bit definition, on random matrices.
func TestTranspose64(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for range 20 {
		var a, want [64]uint64
		for j := range a {
			a[j] = rng.Uint64()
		}
		for j := range 64 {
			for i := range 64 {
				want[i] |= (a[j] >> uint(i) & 1) << uint(j)
			}
		}
		transpose64(&a)
		if a != want {
			t.Fatalf("transpose64 differs from the definition")
		}
	}
}

// countBits against counting each key's bits one by one.
func TestCountBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, width := range []int{1, 30, 38, 64} {
		keys := make([]uint64, 1000)
		var want, got [64]int64
		for i := range keys {
			keys[i] = rng.Uint64() >> uint(64-width)
			for b := range width {
				want[b] += int64(keys[i] >> uint(b) & 1)
			}
		}
		var hist [8][256]int64
		countBits(&got, &hist, keys, width)
		if got != want {
			t.Errorf("width %d: %v, want %v", width, got, want)
		}
	}
}
