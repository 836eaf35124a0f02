package serve

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
)

// TestGameBoard: the playground's board of a game shows its start
// position (each side's pieces in the side's colour) and rings its goal
// squares, as render draws them.
func TestGameBoard(t *testing.T) {
	ts := newTestServer(t, nil)
	var ans parseAnswer
	post(t, ts, "/api/parse", map[string]any{"yaml": modelText(t, "game-queens-walls.yaml"), "file": "game.yaml"}, &ans)
	if !ans.OK || ans.Model == nil {
		t.Fatalf("parse: %+v", ans.Error)
	}
	svg := ans.Model.SVG
	// two white queens and two black ones, and the two goal rings
	for id, want := range map[string]int{`href="#queen-group-1"`: 2, `href="#queen-group-2"`: 2, "#2e8b3e": 2} {
		if got := strings.Count(svg, id); got != want {
			t.Errorf("%s: %d in the board, want %d", id, got, want)
		}
	}
}

// gameAnswerOf is /api/game's answer as the tests read it.
type gameAnswerOf struct {
	gameAnswer
	Error string `json:"error"`
}

func postGame(t *testing.T, ts *httptest.Server, body map[string]any) (int, gameAnswerOf) {
	t.Helper()
	var ans gameAnswerOf
	code := post(t, ts, "/api/game", body, &ans)
	return code, ans
}

// solveFrom is exact's solve of the game m started at p: the start's
// value and plies for the side to move there.
func solveFrom(t *testing.T, m *model.Model, p model.GamePosition) (string, int) {
	t.Helper()
	c := *m
	g := *m.Game
	for side := range 2 {
		g.Sides[side].From = p.Pieces[side]
	}
	g.First = p.ToMove
	c.Game = &g
	res, err := exact.New().Solve(context.Background(), &c, model.Options{Task: model.TaskSolve, Workers: 1})
	if err != nil || res.Game == nil {
		t.Fatalf("solve from %s: %v", m.GamePositionText(p), err)
	}
	return res.Game.Value, res.Game.Plies
}

// TestGameValuesAgreeWithSolve: along the game played by the API's best
// moves, the value of the position and of every legal move agree with
// exact's solve of a model starting at the position (for a move: the
// position after it, the other side to move, with the value reversed and
// a ply more); the opponent's reply is a legal move there; the game ends
// as the API's first answer said, in as many plies.
func TestGameValuesAgreeWithSolve(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, file := range []string{"game-queens-walls.yaml", "game-one-rook-4x4.yaml"} {
		yaml := modelText(t, file)
		m, err := model.Parse([]byte(yaml), file)
		if err != nil {
			t.Fatal(err)
		}
		var moves []model.Move
		pos := m.GameStart()
		var first gameAnswerOf
		for ply := 0; ply < 12; ply++ {
			code, ans := postGame(t, ts, map[string]any{"yaml": yaml, "file": file, "moves": moves})
			if code != http.StatusOK {
				t.Fatalf("%s after %v: %d %s", file, moves, code, ans.Error)
			}
			if ply == 0 {
				first = ans
			}
			if v, d := solveFrom(t, m, pos); ans.Value != v || ans.Plies != d {
				t.Errorf("%s: %s: the API says %s in %d, solve %s in %d", file, m.GamePositionText(pos), ans.Value, ans.Plies, v, d)
			}
			if ans.Over != nil {
				break
			}
			for _, mv := range ans.Moves {
				child := m.GamePlay(pos, mv.Move())
				v, d := solveFrom(t, m, child)
				want := map[string]string{"win": "loss", "loss": "win", "draw": "draw"}[v]
				if want != "draw" {
					d++
				}
				if mv.Value != want || mv.Plies != d {
					t.Errorf("%s: %s, move %v-%v: the API says %s in %d (%q), solve of the position after it %s in %d", file, m.GamePositionText(pos), mv.From, mv.To, mv.Value, mv.Plies, mv.Text, v, d-1)
				}
				if mv.Reply != nil {
					if err := m.GameStep(child, *mv.Reply); err != nil {
						t.Errorf("%s: the reply %v-%v to %v-%v: %v", file, mv.Reply.From, mv.Reply.To, mv.From, mv.To, err)
					}
				}
			}
			if ans.Best == nil {
				t.Fatalf("%s: no best move at %s", file, m.GamePositionText(pos))
			}
			moves = append(moves, *ans.Best)
			pos = m.GamePlay(pos, *ans.Best)
		}
		switch first.Value {
		case "win", "loss":
			if len(moves) != first.Plies {
				t.Errorf("%s: %s in %d, but best play ended after %d plies", file, first.Value, first.Plies, len(moves))
			}
		}
	}
}

// Move is the move of a listed move.
func (g gameMove) Move() model.Move { return model.Move{From: g.From, To: g.To} }

// TestGameEnds: the 4x4 race, white first: white wins in 1 ply, and after
// it the game is over with the result said in words.
func TestGameEnds(t *testing.T) {
	ts := newTestServer(t, nil)
	yaml := modelText(t, "game-rook-race-4x4.yaml")
	code, ans := postGame(t, ts, map[string]any{"yaml": yaml, "moves": []model.Move{}})
	if code != http.StatusOK || ans.Value != "win" || ans.Plies != 1 || ans.Best == nil {
		t.Fatalf("the start: %d %+v", code, ans)
	}
	best := 0
	for _, mv := range ans.Moves {
		if mv.Best {
			best++
			if mv.Text != "wins in 1 ply" || mv.Move() != *ans.Best {
				t.Errorf("the best move %v-%v: %q", mv.From, mv.To, mv.Text)
			}
		}
	}
	if best != 1 {
		t.Errorf("%d best moves listed, want 1", best)
	}
	code, end := postGame(t, ts, map[string]any{"yaml": yaml, "moves": []model.Move{*ans.Best}})
	want := "white wins: rook on " + ans.Best.To.String() + " reached the centre"
	if code != http.StatusOK || end.Over == nil || end.Over.Text != want || end.Over.Winner != "white" || len(end.Moves) != 0 {
		t.Errorf("after %v-%v: %d %+v, want over: %q", ans.Best.From, ans.Best.To, code, end.Over, want)
	}
	// A position sent as squares: the same answer as the moves to it.
	code, at := postGame(t, ts, map[string]any{"yaml": yaml, "position": map[string]any{
		"pieces": map[string]any{"white": end.Pieces[0], "black": end.Pieces[1]}, "to_move": "black"}})
	if code != http.StatusOK || at.Over == nil || at.Over.Text != want {
		t.Errorf("the position sent as squares: %d %+v", code, at.Over)
	}
}

// TestGameRefusals: an illegal move is refused with 400 naming it; a
// move after the end too; a model that is not a game, a bad position and
// a game over the memory kept for games are refused with their reason.
func TestGameRefusals(t *testing.T) {
	ts := newTestServer(t, func(c *Config) { c.GameMemory = 1 << 20 })
	yaml := modelText(t, "game-queens-walls.yaml")
	for _, tc := range []struct {
		body map[string]any
		code int
		want string
	}{
		{map[string]any{"yaml": yaml, "moves": []model.Move{{From: sq("a1"), To: sq("a2")}}}, 400, "move 1, a1-a2, is illegal: the white queen does not slide as far as it goes"},
		{map[string]any{"yaml": yaml, "moves": []model.Move{{From: sq("d1"), To: sq("c1")}}}, 400, "move 1, d1-c1, is illegal: no white piece on d1"},
		{map[string]any{"yaml": yaml, "moves": []model.Move{{From: sq("a1"), To: sq("c3")}, {From: sq("d1"), To: sq("c1")}, {From: sq("c3"), To: sq("c4")}, {From: sq("c1"), To: sq("c2")}}}, 400, "move 4, c1-c2: the game is over after move 3 (white wins)"},
		{map[string]any{"yaml": yaml, "position": map[string]any{"pieces": map[string]any{"white": []string{"a1"}, "black": []string{"d1", "d2"}}, "to_move": "white"}}, 400, "white has 1 pieces, the game gives it 2"},
		{map[string]any{"yaml": yaml, "position": map[string]any{"pieces": map[string]any{"white": []string{"a1", "b3"}, "black": []string{"d1", "d2"}}, "to_move": "red"}}, 400, `the side to move "red" is not a side`},
		{map[string]any{"yaml": yaml, "position": map[string]any{"pieces": map[string]any{"white": []string{"a1", "b3"}, "black": []string{"d1", "d2"}}, "to_move": "white"}}, 400, "white's b3 is not an open square"},
		{map[string]any{"yaml": modelText(t, "eight-queens.yaml")}, 422, "not a game model (a place model)"},
		{map[string]any{"yaml": yaml, "moves": make([]model.Move, MaxGameMoves+1)}, 400, "2001 moves: a game played here is at most 2000 moves long"},
	} {
		code, ans := postGame(t, ts, tc.body)
		if code != tc.code || !strings.Contains(ans.Error, tc.want) {
			t.Errorf("got %d %q, want %d %q", code, ans.Error, tc.code, tc.want)
		}
	}
}

func sq(name string) model.Square {
	s, err := model.ParseSquare(name)
	if err != nil {
		panic(err)
	}
	return s
}

// TestGameTimeBound: a solution that does not finish within the server's
// time bound is stopped and not kept; the search plays the game instead,
// saying why, and the solution is not tried again.
func TestGameTimeBound(t *testing.T) {
	ts := newTestServer(t, func(c *Config) { c.MaxTimeout = 20 * time.Millisecond })
	for i := range 2 {
		start := time.Now()
		code, ans := postGame(t, ts, map[string]any{"yaml": modelText(t, "game-rook-race-4x4.yaml")})
		if code != http.StatusOK || !strings.Contains(ans.Search, "this game is too long to solve here") || ans.Best == nil {
			t.Errorf("request %d: %d %q, search %q", i+1, code, ans.Error, ans.Search)
		}
		if i == 0 && !strings.Contains(ans.Search, "stopped by the time bound") {
			t.Errorf("the first answer does not say the time bound stopped the solution: %q", ans.Search)
		}
		t.Logf("request %d answered in %v", i+1, time.Since(start))
	}
}

// TestGameTablesBound: the solutions kept stay within GameMemory, the
// least recently used dropped first; a game asked for again after it was
// dropped is built again.
func TestGameTablesBound(t *testing.T) {
	yaml := modelText(t, "game-queens-walls.yaml")
	m, err := model.Parse([]byte(yaml), "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, need, err := exact.PlanGame(m, true)
	if err != nil {
		t.Fatal(err)
	}
	// room to build one, not to keep two
	srv, err := New(Config{Models: builtin(t), Backends: map[string]model.Solver{"exact": exact.New()}, GameMemory: need + need/8})
	if err != nil {
		t.Fatal(err)
	}
	a := srv.parseModel(&modelRequest{YAML: yaml})
	b := srv.parseModel(&modelRequest{YAML: "# another text of the same game\n" + yaml})
	for i, p := range []parsed{a, b, a} {
		tb, _, err := srv.games.get(context.Background(), srv, p)
		if err != nil {
			t.Fatal(err)
		}
		g := srv.games
		g.mu.Lock()
		kept, n := g.bytes, g.lru.Len()
		_, other := g.byKey[[]parsed{b, a, b}[i].key]
		g.mu.Unlock()
		if kept > g.limit || kept != tb.Bytes() || n != 1 || other {
			t.Errorf("request %d: %d bytes kept in %d solutions (the other kept: %v), bound %d, one table %d", i+1, kept, n, other, g.limit, tb.Bytes())
		}
	}
}

// TestGameSearch: a game over the memory kept for games is played by the
// search instead, saying so; every win or loss it finds within its horizon
// is the strong solution's value; on the seed's 8x8 race it answers within
// its time with a legal best move.
func TestGameSearch(t *testing.T) {
	yaml := modelText(t, "game-queens-walls.yaml")
	small := newTestServer(t, func(c *Config) { c.GameMemory = 1 << 10 })
	solved := newTestServer(t, nil)
	var moves []model.Move
	found := 0
	for ply := 0; ply < 3; ply++ {
		_, got := postGame(t, small, map[string]any{"yaml": yaml, "moves": moves})
		_, want := postGame(t, solved, map[string]any{"yaml": yaml, "moves": moves})
		if !strings.Contains(got.Search, "this game is too large to solve here") || want.Search != "" {
			t.Fatalf("search %q, solved %q", got.Search, want.Search)
		}
		if got.Over != nil || len(got.Moves) != len(want.Moves) {
			t.Fatalf("after %v: the search lists %d moves, the table %d (over %v)", moves, len(got.Moves), len(want.Moves), got.Over)
		}
		for i, mv := range got.Moves {
			if mv.Value == "unknown" {
				continue
			}
			found++
			if w := want.Moves[i]; mv.Move() != w.Move() || mv.Value != w.Value || mv.Plies != w.Plies {
				t.Errorf("after %v, %v-%v: the search says %q, the strong solution %q", moves, mv.From, mv.To, mv.Text, w.Text)
			}
		}
		moves = append(moves, *got.Best)
	}
	if found == 0 {
		t.Errorf("the search found no forced result on a game won in 3 plies")
	}

	race := modelText(t, "game-rook-race.yaml")
	rm, err := model.Parse([]byte(race), "race.yaml")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	code, ans := postGame(t, solved, map[string]any{"yaml": race})
	if code != http.StatusOK || ans.Best == nil || ans.SearchDepth < 1 || !strings.Contains(ans.Search, "positions") {
		t.Fatalf("the 8x8 race: %d %q %+v", code, ans.Error, ans.Search)
	}
	if err := rm.GameStep(rm.GameStart(), *ans.Best); err != nil {
		t.Errorf("the search's best move %v-%v: %v", ans.Best.From, ans.Best.To, err)
	}
	t.Logf("the 8x8 race searched %d plies deep in %v: best %v-%v, %s", ans.SearchDepth, time.Since(start), ans.Best.From, ans.Best.To, ans.Text)
}
