package model_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact/slide"
	"github.com/chessmodel/chessmodel/internal/gen"
	"github.com/chessmodel/chessmodel/model"
)

// TestSlideObstructionReason: a slide that no moves can solve because a
// colour-bound piece would have to change colour, or a dabbaba its
// parities, is said infeasible with that argument, not "exhaustive search
// over n positions"; a slide without one keeps the search's reason.
func TestSlideObstructionReason(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, reason string
	}{
		{"bishops to the other colour", `board: 4
slide:
  pieces:
    - {piece: rook, from: [a1, d1], to: [a4, d4]}
    - {piece: bishop, move: ordinary, from: [b1, c1], to: [a2, c2]}
`, "colour: no move of a bishop changes the colour of its square; the bishops' start squares are 1 dark, 1 light, their goal squares 0 dark, 2 light"},
		{"dabbabas by parity", `pieces: {dabbaba: {leap: [0, 2]}}
board: 4
slide: {piece: dabbaba, from: [a1, b1], to: [a3, c1]}
`, "parity: every move of a dabbaba keeps it among the squares on files a, c, e, ... and ranks 1, 3, 5, ... (those of a1); the dabbabas' start squares have 1 there, their goal squares 2"},
		{"camel on an even cylinder", `pieces: {camel: {leap: [1, 3]}}
board: {size: 4, wrap: cylinder}
slide: {pieces: [{piece: camel, move: ordinary, from: [a1], to: [a2]}]}
`, "colour: no move of a camel changes the colour"},
		{"walled off: no argument", `board: {size: 5, walls: [c3, b4]}
slide: {piece: rook, from: [a5], to: [c4]}
`, "exhaustive search"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.Parse([]byte(tc.yaml), "s.yaml")
			if err != nil {
				t.Fatal(err)
			}
			res, err := model.Run(context.Background(), &slide.Solver{}, m, model.Options{Task: model.TaskSolve})
			if err != nil {
				t.Fatal(err)
			}
			reason := res.Stats.Reason
			if res.Status != model.StatusInfeasible || !strings.HasPrefix(reason, tc.reason) {
				t.Errorf("%s, reason %q\nwant infeasible, %q", res.Status, reason, tc.reason)
			}
		})
	}
	// a camel on an odd cylinder changes colour across the glued edge
	m, err := model.Parse([]byte("pieces: {camel: {leap: [1, 3]}}\nboard: {size: 5, wrap: cylinder}\nslide: {pieces: [{piece: camel, move: ordinary, from: [a1], to: [a2]}]}\n"), "c.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if why := model.SlideObstruction(m); why != "" {
		t.Errorf("the 5-file cylinder: %s", why)
	}
}

// TestSlideObstructionSound: on random small slides (bishops, ferzes,
// camels among them), every slide the argument says unsolvable the
// exhaustive search finds unsolvable too.
func TestSlideObstructionSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 7))
	argued := 0
	for i := range 400 {
		text := gen.RandomSlide(rng, "s")
		m, err := model.Parse([]byte(text), "s.yaml")
		if err != nil {
			t.Fatal(err)
		}
		why := model.SlideObstruction(m)
		if why == "" {
			continue
		}
		argued++
		res, err := (&slide.Solver{}).Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != model.StatusInfeasible {
			t.Errorf("slide %d: argued %q, the search says %s\n%s", i, why, res.Status, text)
		}
	}
	if argued < 20 {
		t.Errorf("only %d of 400 random slides argued unsolvable: the test shows little", argued)
	}
	t.Logf("%d of 400 random slides argued unsolvable, each confirmed by the search", argued)
}
