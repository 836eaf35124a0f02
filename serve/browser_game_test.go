package serve

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/chessmodel/chessmodel/model"
)

// waitOver waits until the page says the game is over.
func waitOver() chromedp.Action {
	return chromedp.Poll(`!!document.getElementById("verdict").dataset.over`, nil, chromedp.WithPollingTimeout(30*time.Second))
}

// playedMoves reads the moves of the game on the page and replays them
// by the model's rules, failing the test at an illegal one; it returns
// the position reached and the last move.
func playedMoves(t *testing.T, m *model.Model, moves []model.Move) (model.GamePosition, model.Move) {
	t.Helper()
	pos := m.GameStart()
	var last model.Move
	for i, mv := range moves {
		if err := m.GameStep(pos, mv); err != nil {
			t.Fatalf("move %d, %v-%v, on the page is illegal: %v", i+1, mv.From, mv.To, err)
		}
		pos, last = m.GamePlay(pos, mv), mv
	}
	return pos, last
}

// TestBrowserGameLost: a first-time user opens the sliding-rooks race on
// 4x4 and takes black, the side that does not move first: the computer,
// playing perfectly, wins at once and the page says so. Then the queens'
// race with walls, black again: the user reads the moves' values, asks
// for a hint, steps through the best line, moves a queen by clicks, loses,
// takes the move back and loses again by a listed move.
func TestBrowserGameLost(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)

	race := modelText(t, "game-rook-race-4x4.yaml")
	m, err := model.Parse([]byte(race), "game-rook-race-4x4.yaml")
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "open the race", openModel("game-rook-race-4x4.yaml"), waitText("#verdict", "your move (white): you win in 1 ply"))
	if n, want := eval[int](t, ctx, `document.querySelectorAll("#game-moves button.game-move").length`), len(m.GameMoves(m.GameStart())); n != want {
		t.Errorf("%d moves listed at the start, want the %d legal ones", n, want)
	}
	run(t, ctx, "take black", click("#game-side-1"), waitOver(), chromedp.WaitVisible(`#game-side-1.active`, chromedp.ByQuery))
	moves := eval[[]model.Move](t, ctx, `state.game.moves`)
	pos, last := playedMoves(t, m, moves)
	if len(moves) != 1 || m.GameEnd(pos) != "white wins" {
		t.Fatalf("the computer played %v: %q", moves, m.GameEnd(pos))
	}
	want := fmt.Sprintf("white wins: rook on %v reached the centre — you lose", last.To)
	if got := text(t, ctx, "#verdict"); got != want {
		t.Errorf("the race's end reads %q, want %q", got, want)
	}
	screenshot(t, ctx, "", "serve-game-race.png")

	// The queens' race: white wins; the user plays black.
	file := "game-queens-walls.yaml"
	qm, err := model.Parse([]byte(modelText(t, file)), file)
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "open the queens' race", openModel(file), waitText("#verdict", "your move (white)"),
		click("#game-side-1"), waitText("#verdict", "your move (black)"))
	moves = eval[[]model.Move](t, ctx, `state.game.moves`)
	pos, _ = playedMoves(t, qm, moves)
	value, plies := solveFrom(t, qm, pos)
	if value != "loss" || len(moves) != 1 {
		t.Fatalf("after the computer's %v exact says black's value is %s in %d", moves, value, plies)
	}
	if got, want := text(t, ctx, "#verdict"), fmt.Sprintf("your move (black): you lose in %d plies", plies); got != want {
		t.Errorf("the verdict reads %q, want %q", got, want)
	}
	listed := eval[[]string](t, ctx, `[...document.querySelectorAll("#game-moves li")].map((li) => li.querySelector(".game-value").textContent)`)
	if len(listed) != len(qm.GameMoves(pos)) {
		t.Errorf("%d moves listed, %d legal", len(listed), len(qm.GameMoves(pos)))
	}
	for _, v := range listed {
		if !strings.HasPrefix(v, "loses in ") {
			t.Errorf("a move of a lost position is listed as %q", v)
		}
	}
	run(t, ctx, "a hint", click("#game-hint"), waitText("#verdict", "hint: "), chromedp.WaitVisible("#game-moves button.hint", chromedp.ByQuery))
	if got, want := text(t, ctx, "#game-moves li:has(button.hint) .game-value"), fmt.Sprintf("loses in %d plies", plies); got != want {
		t.Errorf("the hinted move %s, want the longest defence: %s", got, want)
	}
	screenshot(t, ctx, "", "serve-game-moves.png")
	n := eval[int](t, ctx, `state.game.last.line.length`)
	run(t, ctx, "the best line", click("#game-line"), waitText("#replay-label", fmt.Sprintf("move 0 of %d", n)),
		click("#replay-last"), waitText("#replay-label", fmt.Sprintf("move %d of %d", n, n)), waitText("#verdict", "white wins"))

	// A move by clicks: the piece, then where it slides.
	mv := eval[model.Move](t, ctx, `state.game.last.moves[0]`)
	run(t, ctx, fmt.Sprintf("move %v-%v by clicks", mv.From, mv.To),
		click(square("overlay", mv.From.String())), chromedp.WaitVisible(fmt.Sprintf(`#overlay rect.selected[data-mark=%q]`, mv.From), chromedp.ByQuery),
		click(square("overlay", mv.To.String())), waitOver())
	end := func(what string) {
		t.Helper()
		moves := eval[[]model.Move](t, ctx, `state.game.moves`)
		pos, last := playedMoves(t, qm, moves)
		if qm.GameEnd(pos) != "white wins" {
			t.Fatalf("%s: after %v the game stands %q", what, moves, qm.GameEnd(pos))
		}
		want := fmt.Sprintf("white wins: queen on %v reached its goal — you lose", last.To)
		if got := text(t, ctx, "#verdict"); got != want {
			t.Errorf("%s: the end reads %q, want %q", what, got, want)
		}
	}
	end("by clicks")
	run(t, ctx, "undo", click("#undo"), waitText("#verdict", "your move (black)"))
	if k := eval[int](t, ctx, `state.game.moves.length`); k != 1 {
		t.Errorf("after undo %d moves stand, want the computer's first", k)
	}
	run(t, ctx, "a listed move", click("#game-moves li:last-child button.game-move"), waitOver())
	end("by the list")
	screenshot(t, ctx, "", "serve-game.png")

	// The seed's 8x8 race is far beyond the memory kept for games: a search
	// plays it, and the page says so.
	race8 := modelText(t, "game-rook-race.yaml")
	m8, err := model.Parse([]byte(race8), "game-rook-race.yaml")
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "open the 8x8 race", openModel("game-rook-race.yaml"), waitText("#verdict", "your move (white): not solved here — a "))
	if n, want := eval[int](t, ctx, `document.querySelectorAll("#game-moves li").length`), len(m8.GameMoves(m8.GameStart())); n != want {
		t.Errorf("%d moves listed on the 8x8 race, want the %d legal ones", n, want)
	}
	if title := eval[string](t, ctx, `document.getElementById("verdict").title`); !strings.Contains(title, "too large to solve here") {
		t.Errorf("the verdict's title %q does not say why the game is searched", title)
	}
}
