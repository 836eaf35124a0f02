package tour

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// frontierCyclesOf counts the cycles of a tour model by the frontier,
// exactly, with primes of primeBits bits when force is set.
func frontierCyclesOf(t *testing.T, m *model.Model, primeBits int, force bool) *big.Int {
	t.Helper()
	opts := model.Options{Task: model.TaskCount, MaxMemory: 1 << 30}
	g, err := searchGraph(m, opts)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := frontierPlanFor(m, g, opts.MemoryLimit())
	if err != nil {
		t.Fatal(err)
	}
	c := &frontierCounter{plan: plan, workers: 2, st: tasks.NewStopper(context.Background())}
	c.mem.limit = opts.MemoryLimit()
	n, err := frontierCycles(c, g, !m.Tour.Closed, primeBits, force)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func modularModel(t *testing.T, board, spec string) *model.Model {
	t.Helper()
	text := fmt.Sprintf("name: t\npieces: {wazir: {leap: [1, 0]}}\nboard: %s\ntour: %s\n", board, spec)
	m, err := model.Parse([]byte(text), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestFrontierModularAgrees: counted modulo primes of 20 bits (so that
// the CRT joins 3 to 12 of them) and joined, the counts of random boards
// (seeded: knight, king and wazir tours, open and closed, from a corner or
// not, with a hole) are the counts in 64 bits; and 3x20 open gives
// OEIS A118067's 2,645,699,504 directed tours (half as many cycles).
func TestFrontierModularAgrees(t *testing.T) {
	check := func(m *model.Model, what string) {
		exact := frontierCyclesOf(t, m, frontierPrimeBits, false)
		joined := frontierCyclesOf(t, m, 20, true)
		if exact.Cmp(joined) != 0 {
			t.Errorf("%s: %v cycles in 64 bits, %v modulo primes", what, exact, joined)
		}
	}
	m := modularModel(t, "3x20", "{piece: knight}")
	if n := frontierCyclesOf(t, m, 20, true); n.Cmp(big.NewInt(2645699504/2)) != 0 {
		t.Errorf("3x20 open: %v cycles modulo primes, want 1,322,849,752", n)
	}
	rng := rand.New(rand.NewPCG(27, 25))
	pieces := []string{"knight", "king", "wazir"}
	checked := 0
	for range 12 {
		rows, cols := 3+rng.IntN(3), 4+rng.IntN(6)
		piece := pieces[rng.IntN(len(pieces))]
		spec := fmt.Sprintf("{piece: %s, closed: %v}", piece, rng.IntN(2) == 0)
		if rng.IntN(3) == 0 {
			spec = fmt.Sprintf("{piece: %s, start: a1}", piece)
		}
		board := fmt.Sprintf("%dx%d", rows, cols)
		if rng.IntN(3) == 0 {
			board = fmt.Sprintf("{size: %dx%d, walls: [b2]}", rows, cols)
		}
		m := modularModel(t, board, spec)
		if g, _ := searchGraph(m, model.Options{}); g == nil || graphTheorems(m, g) != "" {
			continue // no tour by a theorem: the frontier is not asked
		}
		check(m, board+" "+spec)
		checked++
	}
	if checked < 6 {
		t.Errorf("only %d of 12 random boards have tours", checked)
	}
}

// TestFrontierPast64Bits walks past 64 bits: closed knight's tours of
// 3 x n boards, n even, follow a linear recurrence of order 21 in n/2
// (the denominator of Knuth's generating function, OEIS A169764/A169769),
// which holds from n = 46. Seeded with the frontier's own counts for n = 4
// to 44, all below 2^63, it gives the counts of 3x46 to 3x52 (past 2^64
// from 3x48) in math/big, and the frontier, which counts them modulo
// primes once 64 bits overflow, agrees; Solve refuses them with the
// number, since the result's count has 63 bits.
func TestFrontierPast64Bits(t *testing.T) {
	if testing.Short() {
		t.Skip("about a second")
	}
	coef := []int64{6, 64, -200, -1000, 3016, 3488, -24256, 23776, 104168, -203408,
		-184704, 443392, 14336, -151296, 145920, -263424, 317440, 36864, -966656, 573440, 131072}
	var a []*big.Int // a[k]: closed tours of 3 x (2k+4)
	for n := 4; n <= 44; n += 2 {
		a = append(a, frontierCyclesOf(t, modularModel(t, fmt.Sprintf("3x%d", n), "{piece: knight, closed: true}"), frontierPrimeBits, false))
	}
	limit := new(big.Int).Lsh(big.NewInt(1), 64)
	for n := 46; n <= 52; n += 2 {
		want := new(big.Int)
		for i, c := range coef {
			want.Add(want, new(big.Int).Mul(big.NewInt(c), a[len(a)-1-i]))
		}
		a = append(a, want)
		m := modularModel(t, fmt.Sprintf("3x%d", n), "{piece: knight, closed: true}")
		got := frontierCyclesOf(t, m, frontierPrimeBits, false)
		if got.Cmp(want) != 0 {
			t.Fatalf("3x%d closed: frontier %v, recurrence %v", n, got, want)
		}
		if n == 52 {
			if got.Cmp(limit) < 0 {
				t.Fatalf("3x52 closed: %v tours, below 2^64: the test walks past nothing", got)
			}
			_, err := Solve(context.Background(), m, model.Options{Task: model.TaskCount})
			if !errors.Is(err, model.ErrUnsupported) || !strings.Contains(fmt.Sprint(err), want.String()) {
				t.Errorf("3x52 closed: Solve says %v, want an unsupported count naming %v", err, want)
			}
		}
	}
}

// BenchmarkFrontierModular counts the closed tours of 3x52
// (9,349,623,619,814,757,969,920): the run in 64 bits overflows, and the
// count is taken again modulo as many 62-bit primes as the product of the
// degrees needs.
func BenchmarkFrontierModular(b *testing.B) {
	m, err := model.Parse([]byte("name: t\nboard: 3x52\ntour: {piece: knight, closed: true}\n"), "t.yaml")
	if err != nil {
		b.Fatal(err)
	}
	g, _ := searchGraph(m, model.Options{})
	plan, err := frontierPlanFor(m, g, 1<<30)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		c := &frontierCounter{plan: plan, workers: 1, st: tasks.NewStopper(context.Background())}
		c.mem.limit = 1 << 30
		n, err := frontierCycles(c, g, false, frontierPrimeBits, false)
		if err != nil || n.String() != "9349623619814757969920" {
			b.Fatalf("%v %v", n, err)
		}
	}
	b.ReportMetric(float64(len(crtPrimes(cycleBoundBits(g, false)+1, frontierPrimeBits))), "primes")
}
