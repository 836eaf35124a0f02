package model_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

const gameSides = "game:\n  sides:\n    - {piece: rook, from: [a2], goal: [b2]}\n    - {piece: rook, from: [b1], goal: [b2]}\n"

// TestParseGameErrors: every bad game section is refused at its
// file:line:column with a message that says what is expected.
func TestParseGameErrors(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, want, phrase string
	}{
		{"not a mapping", "board: 3\ngame: [1]\n", "m.yaml:2:7:", "expected game:"},
		{"no sides", "board: 3\ngame: {first: white}\n", "m.yaml:2:7:", "game needs sides"},
		{"one side", "board: 3\ngame: {sides: [{piece: rook, from: [a1], goal: [b2]}]}\n", "m.yaml:2:15:", "exactly two sides"},
		{"unknown key", "board: 3\ngame: {sides: [], turn: white}\n", "m.yaml:2:19:", `unknown key "turn" in game`},
		{"side key", "board: 3\ngame:\n  sides:\n    - {piece: rook, from: [a2], to: [b2]}\n    - {piece: rook, from: [b1], goal: [b2]}\n", "m.yaml:4:33:", `unknown key "to" in game side`},
		{"no goal", "board: 3\ngame:\n  sides:\n    - {piece: rook, from: [a2]}\n    - {piece: rook, from: [b1], goal: [b2]}\n", "m.yaml:4:7:", "game side needs goal"},
		{"empty goal", "board: 3\ngame:\n  sides:\n    - {piece: rook, from: [a2], goal: []}\n    - {piece: rook, from: [b1], goal: [b2]}\n", "m.yaml:4:39:", "has no goal"},
		{"unknown piece", "board: 3\ngame:\n  sides:\n    - {piece: rock, from: [a2], goal: [b2]}\n    - {piece: rook, from: [b1], goal: [b2]}\n", "m.yaml:4:15:", `unknown piece "rock"`},
		{"off the board", "board: 3\ngame:\n  sides:\n    - {piece: rook, from: [a4], goal: [b2]}\n    - {piece: rook, from: [b1], goal: [b2]}\n", "m.yaml:4:28:", "not on the 3x3 board"},
		{"on a wall", "board: {size: 3, walls: [a2]}\ngame:\n  sides:\n    - {piece: rook, from: [a2], goal: [b2]}\n    - {piece: rook, from: [b1], goal: [b2]}\n", "m.yaml:4:27:", "game square a2 is a wall"},
		{"shared start", "board: 3\ngame:\n  sides:\n    - {piece: rook, from: [a2], goal: [b2]}\n    - {piece: rook, from: [a2], goal: [b2]}\n", "m.yaml:5:7:", "start square of both sides"},
		{"start on goal", "board: 3\ngame:\n  sides:\n    - {piece: rook, from: [b2], goal: [b2]}\n    - {piece: rook, from: [b1], goal: [b2]}\n", "m.yaml:4:27:", "starts on its own goal square b2"},
		{"same labels", "board: 3\ngame:\n  sides:\n    - {label: x, piece: rook, from: [a2], goal: [b2]}\n    - {label: x, piece: rook, from: [b1], goal: [b2]}\n", "m.yaml:5:7:", `both sides are labelled "x"`},
		{"first unknown", "board: 3\n" + gameSides + "  first: red\n", "m.yaml:6:10:", `no side is labelled "red"; expected white or black`},
		{"stuck unknown", "board: 3\n" + gameSides + "  stuck: resigns\n", "m.yaml:6:10:", `unknown stuck rule "resigns"`},
		{"place key", "board: 3\nrules: [independent]\n" + gameSides, "m.yaml:2:8:", "belongs to place models, not to a game model"},
		{"two kinds", "board: 3\nslide: {piece: rook, from: [a1], to: [c3]}\n" + gameSides, "m.yaml:4:3:", "exactly one of place, tour, slide, game"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := model.Parse([]byte(tc.yaml), "m.yaml")
			var merr *model.Error
			if !errors.As(err, &merr) {
				t.Fatalf("error %v is not a *model.Error", err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.phrase) {
				t.Errorf("error\n  %v\nwant prefix %q containing %q", err, tc.want, tc.phrase)
			}
		})
	}
}

// TestParseGame: the seed's race reads as written, with the defaults
// (the first side moves first, a side without a move loses), and its
// symmetry group is the quarter turns, which keep each side's squares.
func TestParseGame(t *testing.T) {
	m := mustLoad(t, "game-rook-race.yaml")
	if m.Kind != model.KindGame || m.Game == nil {
		t.Fatalf("kind %v", m.Kind)
	}
	g := m.Game
	if g.Sides[0].Label != "white" || g.Sides[1].Label != "black" || g.First != 0 || g.Stuck != model.StuckLoses {
		t.Errorf("sides %q %q, first %d, stuck %v", g.Sides[0].Label, g.Sides[1].Label, g.First, g.Stuck)
	}
	if got := len(m.Symmetries()); got != 4 {
		t.Errorf("%d symmetries, want the 4 rotations", got)
	}
	q := mustParse(t, "board: 3\n"+gameSides+"  first: black\n  stuck: passes\n")
	if q.Game.First != 1 || q.Game.Stuck != model.StuckPasses || q.Game.Sides[1].Label != "black" {
		t.Errorf("first %d, stuck %v", q.Game.First, q.Game.Stuck)
	}
}

func moveList(t *testing.T, text string) []model.Move {
	t.Helper()
	var out []model.Move
	for _, w := range strings.Fields(text) {
		a, b, _ := strings.Cut(w, "-")
		out = append(out, model.Move{From: sq(t, a), To: sq(t, b)})
	}
	return out
}

// TestGameMoves: at the race's start each of white's rooks has the moves
// a rook sliding as far as it goes has: a2 up to a6 (a7 is black's), down
// to a1, right to g2 (h2 is black's); g1 left to c1 (b1 is black's).
func TestGameMoves(t *testing.T) {
	m := mustLoad(t, "game-rook-race.yaml")
	var got []string
	for _, mv := range m.GameMoves(m.GameStart()) {
		got = append(got, mv.From.String()+"-"+mv.To.String())
	}
	want := "g1-c1 g1-h1 g1-g7 a2-a1 a2-g2 a2-a6 h7-h3 h7-b7 h7-h8 b8-b2 b8-a8 b8-f8"
	if strings.Join(got, " ") != want {
		t.Errorf("moves\n  %s\nwant\n  %s", strings.Join(got, " "), want)
	}
}

// TestCheckGame: the checker replays a game and asks that it end as it
// says; it names a move that stops short, a move of the wrong side, a
// move after the end, and an end that is not the one claimed.
func TestCheckGame(t *testing.T) {
	m := mustParse(t, "board: 3\n"+gameSides)
	for _, tc := range []struct {
		name, moves, end, problem string
	}{
		{"goes on", "a2-c2 b1-b3", "", ""},
		{"short", "a2-b2", "", "move 1, a2-b2: the white rook does not slide as far as it goes"},
		{"wrong side", "b1-a1", "", "move 1, b1-a1: no white piece on b1 (white to move)"},
		{"not a rook move", "a2-c3", "", "move 1, a2-c3: not a rook move"},
		{"pass with moves", "a2-a2", "", "white passes but has 3 moves"},
		{"claim", "a2-c2", "white wins", "after 1 plies the game goes on, not white wins as claimed"},
		// white c2, black b1 slides up to b3; white c2-a2 (left, over b2);
		// black b3-b1 (down as far as it goes); white a2-c2 again: the
		// position after move 1 repeats, with black to move.
		{"repetition", "a2-c2 b1-b3 c2-a2 b3-b1 a2-c2", "draw", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := model.Check(m, &model.Solution{Moves: moveList(t, tc.moves), End: tc.end})
			problems := strings.Join(r.Problems, "; ")
			if tc.problem == "" && !r.Valid {
				t.Fatalf("invalid: %s", problems)
			}
			if tc.problem != "" && (r.Valid || !strings.Contains(problems, tc.problem)) {
				t.Fatalf("valid=%v %q, want %q", r.Valid, problems, tc.problem)
			}
		})
	}
}

// TestResizeGame: the 8x8 race on 6x6 and 10x10 keeps its squares next
// to the corners and the centre's 2x2; an odd change of size does not map
// the centre.
func TestResizeGame(t *testing.T) {
	m := mustLoad(t, "game-rook-race.yaml")
	for _, tc := range []struct {
		n           int
		white, goal string
	}{
		{6, "[e1 a2 f5 b6]", "[c3 d3 c4 d4]"},
		{10, "[i1 a2 j9 b10]", "[e5 f5 e6 f6]"},
		{4, "[c1 a2 d3 b4]", "[b2 c2 b3 c3]"},
	} {
		r, err := m.ResizeGame(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if w, g := fmt.Sprint(r.Game.Sides[0].From), fmt.Sprint(r.Game.Sides[0].Goal); w != tc.white || g != tc.goal {
			t.Errorf("%dx%d: white %s goal %s, want %s %s", tc.n, tc.n, w, g, tc.white, tc.goal)
		}
	}
	if _, err := m.ResizeGame(7); err == nil || !strings.Contains(err.Error(), "even number") {
		t.Errorf("7x7: %v", err)
	}
}
