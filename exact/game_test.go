package exact

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// randomGame writes a small random game: a board of 3x3 to 4x5 with a
// wall or a hole now and then, a piece for each side (rook, queen,
// bishop, knight, king, or a fairy camel rider), one or two pieces a side,
// goal squares of either side anywhere else, either side first, any stuck
// rule, now and then a cylinder or a torus.
func randomGame(r *rand.Rand) string {
	rows, cols := 3+r.IntN(2), 3+r.IntN(3)
	var sb strings.Builder
	fmt.Fprintf(&sb, "name: random game\npieces: {wazirrider: {ride: [0, 1]}, nightrider: {ride: [1, 2]}}\n")
	cells := make([]byte, rows*cols)
	for i := range cells {
		cells[i] = '.'
		switch r.IntN(14) {
		case 0:
			cells[i] = '#'
		case 1:
			cells[i] = '-'
		}
	}
	wrap := []string{"none", "none", "none", "cylinder", "torus"}[r.IntN(5)]
	if wrap != "none" {
		for i := range cells {
			cells[i] = '.' // wrapped boards here are whole
		}
	}
	fmt.Fprintf(&sb, "board:\n  wrap: %s\n  diagram: |\n", wrap)
	for rank := rows - 1; rank >= 0; rank-- {
		fmt.Fprintf(&sb, "    %s\n", cells[rank*cols:(rank+1)*cols])
	}
	var open []string
	for i, c := range cells {
		if c == '.' {
			open = append(open, model.Square{File: i % cols, Rank: i / cols}.String())
		}
	}
	r.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
	pieces := []string{"rook", "queen", "bishop", "knight", "king", "wazirrider", "nightrider"}
	k := [2]int{1 + r.IntN(2), 1 + r.IntN(2)}
	used := 0
	take := func(n int) []string {
		out := open[used : used+n]
		used += n
		return out
	}
	sb.WriteString("game:\n  sides:\n")
	starts := [2][]string{take(k[0]), take(k[1])}
	for side := range 2 {
		var goal []string
		for _, q := range open {
			if !contains(starts[side], q) && r.IntN(4) == 0 {
				goal = append(goal, q)
			}
		}
		if len(goal) == 0 {
			for _, q := range open {
				if !contains(starts[side], q) {
					goal = append(goal, q)
					break
				}
			}
		}
		fmt.Fprintf(&sb, "    - {piece: %s, from: [%s], goal: [%s]}\n", pieces[r.IntN(len(pieces))],
			strings.Join(starts[side], ", "), strings.Join(goal, ", "))
	}
	fmt.Fprintf(&sb, "  first: %s\n  stuck: %s\n", []string{"white", "black"}[r.IntN(2)], []string{"loses", "passes", "draw"}[r.IntN(3)])
	return sb.String()
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestGamesAgainstBrute: on 300 random small games the retrograde
// analysis and brute's forward rounds over the reachable positions give
// the start the same value and plies, and each line is the checker's
// (model.Run verifies it).
func TestGamesAgainstBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 40))
	kinds := map[string]int{}
	for i := range 300 {
		text := randomGame(r)
		m, err := model.Parse([]byte(text), fmt.Sprintf("random-%d.yaml", i))
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		got, err := model.Run(context.Background(), New(), m, model.Options{Task: model.TaskSolve})
		if err != nil {
			t.Fatalf("exact: %v\n%s", err, text)
		}
		want, err := model.Run(context.Background(), &brute.Solver{Budget: 1_000_000}, m, model.Options{Task: model.TaskSolve})
		if err != nil {
			t.Fatalf("brute: %v\n%s", err, text)
		}
		if got.Game.Value != want.Game.Value || got.Game.Plies != want.Game.Plies || !got.Verified || !want.Verified {
			t.Fatalf("exact %s in %d, brute %s in %d (verified %v %v)\n%s", got.Game.Value, got.Game.Plies,
				want.Game.Value, want.Game.Plies, got.Verified, want.Verified, text)
		}
		kinds[got.Game.Value]++
	}
	for _, v := range []string{"win", "loss", "draw"} {
		if kinds[v] < 5 {
			t.Errorf("only %d random games are a %s: %v", kinds[v], v, kinds)
		}
	}
	t.Logf("values of the start: %v", kinds)
}

// TestExploreGame: the tally covers every position once, and the start's
// value and plies at 2 bits a position are those of the solution that
// keeps every position's plies.
func TestExploreGame(t *testing.T) {
	for _, file := range []string{"game-one-rook-3x3.yaml", "game-one-rook-4x4.yaml", "game-queens-walls.yaml", "game-rook-race-4x4.yaml"} {
		m, err := model.Load("../testdata/models/" + file)
		if err != nil {
			t.Fatal(err)
		}
		ex, err := ExploreGame(context.Background(), m, model.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := model.Run(context.Background(), New(), m, model.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := ex.Game
		var byPlies int64
		for _, n := range g.ByPlies {
			byPlies += n
		}
		if g.Won+g.Lost+g.Drawn != g.Positions || byPlies != g.Won+g.Lost || g.Positions != sol.Stats.Nodes {
			t.Errorf("%s: won %d + lost %d + drawn %d of %d; by plies %d", file, g.Won, g.Lost, g.Drawn, g.Positions, byPlies)
		}
		if g.Value != sol.Game.Value || g.Plies != sol.Game.Plies || g.Bits != 2 {
			t.Errorf("%s: explore %s in %d, solve %s in %d", file, g.Value, g.Plies, sol.Game.Value, sol.Game.Plies)
		}
		flipped, err := model.Load("../testdata/models/"+file, "game.first="+m.Game.Sides[1-m.Game.First].Label)
		if err != nil {
			t.Fatal(err)
		}
		other, err := model.Run(context.Background(), New(), flipped, model.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if s := g.Starts[1]; s.Value != other.Game.Value || s.Plies != other.Game.Plies || s.ToMove != other.Game.ToMove {
			t.Errorf("%s: the other first mover %+v, solved alone %+v", file, s, other.Game)
		}
		if g.LongestWin > 0 && (g.LongestWin%2 != 1 || g.LongestWin >= len(g.ByPlies) || g.ByPlies[g.LongestWin] == 0 || g.LongestWinFrom == "") {
			t.Errorf("%s: longest win %d from %q, by plies %v", file, g.LongestWin, g.LongestWinFrom, g.ByPlies)
		}
	}
}

// TestGameLimits: a game past the memory bound is refused before it
// allocates, one whose positions pass an int64 index is refused, and the
// other tasks and parts are unsupported.
func TestGameLimits(t *testing.T) {
	m, err := model.Load("../testdata/models/game-rook-race.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = ExploreGame(context.Background(), m, model.Options{MaxMemory: 1 << 30})
	if !errors.Is(err, model.ErrTooLarge) || !strings.Contains(err.Error(), "619663151520 positions") {
		t.Errorf("explore of the 8x8 race under 1 GB: %v", err)
	}
	// A solve whose tables do not fit searches from the start instead:
	// stopped, it answers unknown.
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res, err := New().Solve(ctx, m, model.Options{MaxMemory: 1 << 26})
	if err != nil || res.Status != model.StatusUnknown || res.Game != nil {
		t.Errorf("solve of the 8x8 race under 64 MB, stopped: %v, %+v", err, res)
	}
	huge := "board: 100\ngame:\n  sides:\n    - {piece: rook, from: [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10], goal: [b2]}\n    - {piece: rook, from: [c1], goal: [b2]}\n"
	hm, err := model.Parse([]byte(huge), "huge.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New().Solve(context.Background(), hm, model.Options{MaxMemory: -1}); !errors.Is(err, model.ErrTooLarge) || !strings.Contains(err.Error(), "2^62") {
		t.Errorf("10 rooks on 100x100: %v", err)
	}
	small, err := model.Load("../testdata/models/game-one-rook-3x3.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []model.Options{{Task: model.TaskCount}, {Shard: model.Shard{Index: 0, Of: 2}}} {
		if _, err := New().Solve(context.Background(), small, opts); !errors.Is(err, model.ErrUnsupported) {
			t.Errorf("%+v: %v", opts, err)
		}
	}
	if _, err := New().Solve(context.Background(), small, model.Options{MaxMemory: 100}); !errors.Is(err, model.ErrTooLarge) {
		t.Errorf("3x3 under 100 bytes: %v", err)
	}
}
