package nqueens

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// The parts of a join with classes give terms of Burnside's lemma that add
// up to eight times the published classes (A002562), and solutions that
// add up to A000170, on odd and even boards and in 1, 3 and 7 parts; each
// part's terms are at least its solutions (the identity fixes each).
func TestJoinShardClasses(t *testing.T) {
	top := 16
	if testing.Short() {
		top = 13
	}
	for n := 8; n <= top; n++ {
		for _, of := range []int{1, 3, 7} {
			var solutions, fixed int64
			for k := range of {
				c := joinCount(t, n, model.Options{Symmetry: true, Shard: model.Shard{Index: k, Of: of}})
				if !c.burnsidePart || c.classCount != 0 || c.burnside < c.solutions {
					t.Errorf("n=%d, part %d/%d: terms %d (a part's: %v), classes %d, for %d solutions", n, k, of, c.burnside, c.burnsidePart, c.classCount, c.solutions)
				}
				solutions += c.solutions
				fixed += c.burnside
			}
			if solutions != a000170[n-1] || fixed != 8*a002562[n-1] {
				t.Errorf("n=%d in %d parts: %d solutions, terms %d; want %d and 8 x %d", n, of, solutions, fixed, a000170[n-1], a002562[n-1])
			}
		}
	}
}

// deposit places bits as its loop does (depositBits), on the join's masks
// (a run of low bits with one hole or none, its fast path) and on others.
func TestDeposit(t *testing.T) {
	slow := depositBits
	rng := rand.New(rand.NewPCG(1, 2))
	for _, mask := range []uint64{0, 1, 0b1011, 0b1100, 0b1101, 1<<19 - 1, (1<<19 - 1) &^ (1 << 9), ^uint64(0), ^uint64(0) &^ 1, 0xf0f0} {
		for range 200 {
			x := rng.Uint64() & (uint64(1)<<uint(bits.OnesCount64(mask)) - 1)
			if got, want := deposit(x, mask), slow(x, mask); got != want {
				t.Fatalf("deposit(%b, %b) = %b, want %b", x, mask, got, want)
			}
		}
	}
}

// The join's list of parts covers every group once, with a positive
// estimate for each part that has groups, and ShardCosts lists it where
// the count takes the join (and the constellations where the bound does
// not let it).
func TestJoinCosts(t *testing.T) {
	for _, n := range []int{12, 13} {
		groups := len(joinGroups(n))
		for _, of := range []int{1, 3, 7} {
			sum := 0
			for k, c := range joinCosts(n, of) {
				sum += c.Tasks
				if c.Unit != "join groups" || c.Tasks > 0 && c.Estimate <= 0 {
					t.Errorf("n=%d, part %d/%d: %+v", n, k, of, c)
				}
			}
			if sum != groups {
				t.Errorf("n=%d in %d parts: %d groups listed, want %d", n, of, sum, groups)
			}
		}
	}
	sq := SquareRiders{n: JoinFromSide, family: familyQueens}
	if c := sq.ShardCosts(2, model.Options{}.MemoryLimit()); c[0].Unit != "join groups" {
		t.Errorf("%d queens: parts of %q, want join groups", JoinFromSide, c[0].Unit)
	}
	if c := sq.ShardCosts(2, 1<<20); c[0].Unit != "start constellations" {
		t.Errorf("%d queens in 1 MiB: parts of %q, want start constellations", JoinFromSide, c[0].Unit)
	}
}

// A part of the join without symmetry gives no terms.
func TestJoinShardNoClasses(t *testing.T) {
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	c, _, err := countQueensJoin(st, 12, 1, model.Options{Shard: model.Shard{Index: 1, Of: 3}})
	if err != nil || c.burnsidePart || c.burnside != 0 {
		t.Errorf("12 queens, part 1/3, no symmetry: %+v, %v", c, err)
	}
}

// Parts of two boards counted at once, as workers in one process do, share
// the kept setup (joinSetup) and still add up.
func TestJoinSetupShared(t *testing.T) {
	const of = 5
	counts := make([][of]int64, 2)
	done := make(chan struct{})
	for b, n := range []int{11, 12} {
		for k := range of {
			go func() {
				defer func() { done <- struct{}{} }()
				st := tasks.NewStopper(context.Background())
				defer st.Close()
				c, _, err := countQueensJoin(st, n, 1, model.Options{Shard: model.Shard{Index: k, Of: of}})
				if err != nil {
					t.Error(err)
				}
				counts[b][k] = c.solutions
			}()
		}
	}
	for range 2 * of {
		<-done
	}
	for b, n := range []int{11, 12} {
		var sum int64
		for _, c := range counts[b] {
			sum += c
		}
		if sum != a000170[n-1] {
			t.Errorf("n=%d in %d parts at once: %d solutions, want %d", n, of, sum, a000170[n-1])
		}
	}
}
