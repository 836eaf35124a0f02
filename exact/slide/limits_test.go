package slide

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// Past each documented limit the answer is an error wrapping
// model.ErrUnsupported, never a wrong answer.
func TestLimits(t *testing.T) {
	// 36 pieces on 72 squares: C(72,36) > 2^64, ranks do not fit.
	var from, to []string
	for i := 0; i < 36; i++ {
		s := model.Square{File: i % 8, Rank: i / 8}
		from = append(from, s.String())
		to = append(to, model.Square{File: 7 - i%8, Rank: 8 - i/8}.String())
	}
	overflow := "board: 9x8\nslide: {piece: rook, from: [" + strings.Join(from, ", ") + "], to: [" + strings.Join(to, ", ") + "]}"

	// A king walks a corridor of 47 squares on the first rank; 19 more
	// kings sit in walled pockets on the third. C(66,20) states leave 4
	// bits of a table slot per depth: 14 levels a side, fewer than the 46
	// moves need.
	rows := []string{"", strings.Repeat("#", 47), ""}
	for f := 0; f < 47; f++ {
		if f%2 == 0 && f < 38 {
			rows[0] += "."
		} else {
			rows[0] += "#"
		}
		rows[2] += "."
	}
	var kings, kingsTo []string
	for f := 0; f < 38; f += 2 {
		kings = append(kings, model.Square{File: f, Rank: 2}.String())
		kingsTo = append(kingsTo, model.Square{File: f, Rank: 2}.String())
	}
	deep := "board: |\n  " + strings.Join(rows, "\n  ") + "\nslide: {piece: king, from: [a1, " + strings.Join(kings, ", ") + "], to: [au1, " + strings.Join(kingsTo, ", ") + "]}"

	cases := []struct{ name, src, want string }{
		{"ranks past 64 bits", overflow, "64 bits"},
		{"depth past the slot", deep, "depth"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := parseSmall(t, c.name, c.src)
			_, err := Shortest(context.Background(), m, Options{})
			if !errors.Is(err, model.ErrUnsupported) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want an unsupported error about %s", err, c.want)
			}
		})
	}
}

// The same corridor with the pockets empty is solved: the king walks 46 moves.
func TestCorridor(t *testing.T) {
	m := parseSmall(t, "corridor", "board: 1x47\nslide: {piece: king, from: [a1], to: [au1]}")
	out, err := Shortest(context.Background(), m, Options{})
	if err != nil || len(out.Moves) != 46 {
		t.Fatalf("%v, %d moves, want 46", err, len(out.Moves))
	}
}

// A run that would not fit in its memory bound is refused before it
// allocates, with the flag that lifts the bound in the message.
func TestMemoryRefused(t *testing.T) {
	m := seedModel(t, "rook", 12)
	_, err := Explore(context.Background(), m, ExploreOptions{Options: Options{Memory: 1 << 20}, Components: true})
	if !errors.Is(err, ErrMemory) || !strings.Contains(err.Error(), "--max-memory") {
		t.Fatalf("explore: err = %v, want ErrMemory naming --max-memory", err)
	}
	_, err = Shortest(context.Background(), m, Options{Memory: 1 << 16})
	if !errors.Is(err, ErrMemory) || !errors.Is(err, model.ErrUnsupported) {
		t.Fatalf("shortest: err = %v, want ErrMemory", err)
	}
	t.Setenv(MemoryEnv, "64KiB")
	if _, err = Shortest(context.Background(), m, Options{}); !errors.Is(err, ErrMemory) {
		t.Fatalf("with %s=64KiB: err = %v, want ErrMemory", MemoryEnv, err)
	}
}

// A cancelled search answers unknown, quickly, through the solver.
func TestCancel(t *testing.T) {
	m := seedModel(t, "rook", 20)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	began := time.Now()
	res, err := (&Solver{}).Solve(ctx, m, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != model.StatusUnknown || res.Solution != nil {
		t.Fatalf("status %s, want unknown without a solution", res.Status)
	}
	t.Logf("stopped after %v", time.Since(began))
}

// An unreachable goal is infeasible: two rooks on either side of a wall
// that cuts the board.
func TestInfeasible(t *testing.T) {
	m := parseSmall(t, "cut", "board: {size: 4, walls: [a2, b2, c2, d2]}\nslide: {piece: rook, from: [a1, d4], to: [a4, d3]}")
	res, err := (&Solver{}).Solve(context.Background(), m, model.Options{})
	if err != nil || res.Status != model.StatusInfeasible {
		t.Fatalf("%v %v, want infeasible", res, err)
	}
	if _, err := (&Solver{}).Solve(context.Background(), m, model.Options{Task: model.TaskCount}); !errors.Is(err, model.ErrUnsupported) {
		t.Fatalf("count: %v, want unsupported", err)
	}
}
