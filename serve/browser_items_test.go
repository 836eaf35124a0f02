package serve

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// The browser tests of issue 28, one per defect a first-time user met in
// the playground; each drives the page as a user does and reads what it
// shows.

// asUser gives the server the backends `chessmodel serve` gives it (those
// of cli.DefaultBackends: exact, ilp and brute), so that the page is tested
// in the configuration users get.
func asUser(cfg *Config) {
	cfg.Backends = map[string]model.Solver{"exact": exact.New(), "ilp": ilp.New(), "brute": &brute.Solver{}}
}

// openPage opens the playground and waits until it has opened its first
// model.
func openPage(t *testing.T, ts *httptest.Server) (ctx context.Context) {
	t.Helper()
	ctx = browser(t)
	run(t, ctx, "open the page",
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
		waitText("#verdict", "0 of 8 pieces placed"),
	)
	return ctx
}

// openModel clicks a model of the list and waits for it to parse.
func openModel(file string) chromedp.Action {
	return chromedp.Tasks{
		click(fmt.Sprintf(`#model-list li[data-file=%q]`, file)),
		chromedp.Poll(fmt.Sprintf(`document.getElementById("file-name").value === %q && document.querySelector("#parse-status").textContent.includes("model parses")`, file), nil, chromedp.WithPollingTimeout(30*time.Second)),
	}
}

// typeModel replaces the editor's text, as typing does.
func typeModel(yaml string) chromedp.Action {
	return chromedp.Tasks{
		chromedp.SetValue("#yaml", yaml, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("yaml").dispatchEvent(new Event("input"))`, nil),
		chromedp.Poll(`state.parsedText === document.getElementById("yaml").value`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		waitText("#parse-status", "model parses"),
	}
}

// newModel starts a model from the New... menu.
func newModel(kind string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => { const s = document.getElementById("new"); s.value = %q; s.dispatchEvent(new Event("change")); })()`, kind), nil)
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	var s string
	run(t, ctx, "read "+sel, chromedp.Text(sel, &s, chromedp.ByQuery))
	return s
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	var v T
	run(t, ctx, "evaluate "+js, chromedp.Evaluate(js, &v, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	return v
}

// Item 1: Compare runs the backends the user chooses, exact and ilp unless
// told otherwise, offers brute only where it can answer, and says "agree"
// when the backends that answered agree — on the models of the README's
// compare example, as a user first meets them.
func TestBrowserCompareAgrees(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	for _, file := range []string{"eight-queens.yaml", "blocked-3w-value11.yaml", "knights-tour-closed.yaml", "slide-walls.yaml", "queens-domination.yaml"} {
		run(t, ctx, "compare "+file, openModel(file), click("#compare"), chromedp.WaitVisible("#compare-verdict", chromedp.ByQuery))
		verdict, status := text(t, ctx, "#compare-verdict"), text(t, ctx, "#run-status")
		all := text(t, ctx, "#view-models")
		bad := eval[bool](t, ctx, `document.getElementById("run-status").classList.contains("bad")`)
		if verdict != "agree" || bad || strings.Contains(all, "incomplete") || strings.Contains(all, "unsupported") {
			t.Errorf("%s: compare says %q, status %q (red %v)", file, verdict, status, bad)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("#results table.results tr").length - 1`); n != 2 {
			t.Errorf("%s: %d backends ran, want exact and ilp", file, n)
		}
	}
	chosen := eval[[]string](t, ctx, `compareBackends()`)
	if strings.Join(chosen, " ") != "exact ilp" {
		t.Errorf("compare runs %v by default, want exact and ilp", chosen)
	}
	if !eval[bool](t, ctx, `document.querySelector('#compare-with input[data-backend="brute"]').disabled`) {
		t.Errorf("brute is offered for queens domination, whose 2^64 candidates it refuses")
	}
	// On a board small enough, brute may be chosen, and three agree.
	run(t, ctx, "compare with brute",
		typeModel("name: four queens\nboard: 4\nplace: [4 queen]\nrules: [independent]\n"),
		chromedp.Poll(`!document.querySelector('#compare-with input[data-backend="brute"]').disabled`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		click(`#compare-with input[data-backend="brute"]`),
		click("#compare"), waitText("#compare-verdict", "agree"),
	)
	if n := eval[int](t, ctx, `document.querySelectorAll("#results table.results tr").length - 1`); n != 3 {
		t.Errorf("%d backends ran, want exact, ilp and brute", n)
	}
}

// Item 2: the run-status line is the model's own: opening another model,
// or a new one, does not keep the last one's message.
func TestBrowserStatusNotStale(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	run(t, ctx, "solve a model", openModel("blocked-3w-value11.yaml"), click("#solve"), waitText("#run-status", "optimal, value 11"))
	run(t, ctx, "open another", openModel("knights-tour.yaml"), waitText("#verdict", "0 of 64"))
	if s := text(t, ctx, "#run-status"); s != "Ready." {
		t.Errorf("after opening another model the status reads %q", s)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#results *").length`); n != 0 {
		t.Errorf("the last model's results stay: %d elements", n)
	}
	run(t, ctx, "solve it", click("#solve"), waitText("#run-status", "verified"))
	run(t, ctx, "a new model", newModel("slide"), waitText("#summary", "my slide"))
	if s := text(t, ctx, "#run-status"); s != "Ready." {
		t.Errorf("after New... the status reads %q", s)
	}
	// Every built-in model opens without an error, a red verdict or another
	// model's message.
	files := eval[[]string](t, ctx, `[...document.querySelectorAll("#model-list li")].map((li) => li.dataset.file)`)
	if len(files) < 50 {
		t.Fatalf("%d built-in models listed", len(files))
	}
	for _, file := range files {
		run(t, ctx, "open "+file, openModel(file), chromedp.WaitVisible(fmt.Sprintf(`#verdict[data-file=%q]`, file), chromedp.ByQuery))
		status, verdict := text(t, ctx, "#run-status"), text(t, ctx, "#verdict")
		red := eval[bool](t, ctx, `document.getElementById("verdict").classList.contains("invalid")`)
		if status != "Ready." || red || strings.Contains(verdict, "not valid") {
			t.Errorf("%s opens with status %q, verdict %q", file, status, verdict)
		}
	}
}

// Item 3: Stop keeps what was found: the best solution so far on the
// board, with its value and the proven bound.
func TestBrowserStopKeepsBest(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	run(t, ctx, "a long solve, stopped",
		typeModel("name: queens and knights\nboard: 12\nplace: [max queen, max knight]\nrules: [independent]\n"),
		click("#solve"),
		waitText("#run-status", "best"), // the backend's progress: a best set found
		click("#stop"),
		waitText("#run-status", "best found so far: value"),
	)
	status := text(t, ctx, "#run-status")
	if !strings.Contains(status, "stopped on request") || !strings.Contains(status, "proven bound") {
		t.Errorf("after Stop the status reads %q", status)
	}
	run(t, ctx, "the best placement on the board", chromedp.Poll(`state.position.pieces.length > 0 && !!document.querySelector("#board svg use")`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		waitText("#verdict", "valid, value"))
	if n := eval[int](t, ctx, `state.position.pieces.length`); n < 12 {
		t.Errorf("the board shows %d pieces of the best placement so far", n)
	}
	if glyphs := eval[int](t, ctx, `document.querySelectorAll("#board svg use").length`); glyphs < 12 {
		t.Errorf("the board draws %d pieces", glyphs)
	}
	screenshot(t, ctx, "", "serve-stopped.png")
}

// attackShading is whether the board shows the attack shading of the
// render package.
const attackShading = `!!document.querySelector('#board svg [fill="#e0241a"]')`

// Item 4: after Compare, the board, its verdict and its shading are those
// of the solution shown.
func TestBrowserCompareShowsSolution(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	run(t, ctx, "compare a tour", openModel("knights-tour.yaml"), click("#compare"), waitText("#compare-verdict", "agree"),
		waitText("#verdict", "solved: an open tour of all 64 squares"))
	run(t, ctx, "solve a placement", openModel("blocked-3w-value11.yaml"), click("#solve"), waitText("#verdict", "solved: value 11"))
	if !eval[bool](t, ctx, attackShading) {
		t.Fatalf("Solve shows no attack shading")
	}
	run(t, ctx, "compare it", click("#compare"), waitText("#compare-verdict", "agree"), waitText("#verdict", "solved: value 11"))
	if !eval[bool](t, ctx, attackShading) {
		t.Errorf("after Compare the attack shading is off")
	}
}

// Item 5: a slide or tour solution can be stepped through, move by move.
func TestBrowserStepThrough(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	run(t, ctx, "solve a slide", openModel("sliding-rooks.yaml"), click("#solve"), waitText("#run-status", "optimal"),
		chromedp.WaitVisible("#replay", chromedp.ByQuery), waitText("#verdict", "solved in"))
	n := eval[int](t, ctx, `state.replay.full.length`)
	if label := text(t, ctx, "#replay-label"); label != fmt.Sprintf("move %d of %d", n, n) {
		t.Errorf("the step-through starts at %q, want the end of %d moves", label, n)
	}
	run(t, ctx, "to the start", click("#replay-first"), waitText("#replay-label", fmt.Sprintf("move 0 of %d", n)), waitText("#verdict", "0 moves played"))
	run(t, ctx, "one on", click("#replay-next"), waitText("#replay-label", fmt.Sprintf("move 1 of %d", n)), waitText("#verdict", "1 move played"),
		chromedp.WaitVisible(`#overlay rect.last`, chromedp.ByQuery))
	run(t, ctx, "the slider", chromedp.SetValue("#replay-slider", "3", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("replay-slider").dispatchEvent(new Event("input"))`, nil),
		waitText("#replay-label", fmt.Sprintf("move 3 of %d", n)), waitText("#verdict", "3 moves played"))
	run(t, ctx, "one back", click("#replay-prev"), waitText("#verdict", "2 moves played"))
	run(t, ctx, "play", click("#replay-play"), waitText("#replay-play", "pause"),
		waitText("#replay-label", fmt.Sprintf("move %d of %d", n, n)), waitText("#verdict", "solved in"), waitText("#replay-play", "play"))
	run(t, ctx, "the end", click("#replay-first"), click("#replay-last"), waitText("#replay-label", fmt.Sprintf("move %d of %d", n, n)))
	screenshot(t, ctx, "", "serve-step-slide.png")

	run(t, ctx, "solve a tour", openModel("knights-tour.yaml"), click("#solve"), waitText("#run-status", "verified"),
		waitText("#replay-label", "square 64 of 64"), waitText("#verdict", "solved"))
	run(t, ctx, "a square back", click("#replay-prev"), waitText("#replay-label", "square 63 of 64"), waitText("#verdict", "63 of 64 squares visited"))
	if n := eval[int](t, ctx, `state.position.squares.length`); n != 63 {
		t.Errorf("the position has %d squares at step 63", n)
	}
}

// Item 5: the solutions a count reports can be browsed, all of them page
// by page, or one per class.
func TestBrowserBrowseSolutions(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	run(t, ctx, "count with classes", click("#symmetry"), click("#count"), waitText("#run-status", "92 solutions, 12 classes"),
		click("#browse-all"), waitText("#browse-label", "solution 1 of 92"), waitText("#verdict", "solved"))
	m, err := model.Parse([]byte(modelText(t, "eight-queens.yaml")), "eight-queens.yaml")
	if err != nil {
		t.Fatal(err)
	}
	shown := func() model.Solution {
		var sol model.Solution
		run(t, ctx, "read the position", chromedp.Evaluate(`({pieces: state.position.pieces})`, &sol))
		return sol
	}
	seen := map[string]bool{}
	for i := 1; i <= 22; i++ { // past the first page of 20
		if i > 1 {
			run(t, ctx, "next", click("#browse-next"), waitText("#browse-label", fmt.Sprintf("solution %d of 92", i)), waitText("#verdict", "solved"))
		}
		sol := shown()
		if r := model.Check(m, &sol); !r.Valid || len(sol.Pieces) != 8 {
			t.Fatalf("solution %d on the board is not one: %v", i, r.Problems)
		}
		seen[sol.Key()] = true
	}
	if len(seen) != 22 {
		t.Errorf("22 solutions browsed, %d distinct", len(seen))
	}
	run(t, ctx, "back", click("#browse-prev"), waitText("#browse-label", "solution 21 of 92"))

	run(t, ctx, "one per class", click("#browse-classes"), waitText("#browse-label", "class 1 of 12"), waitText("#verdict", "solved"))
	canon := m.CanonicalFunc()
	classes := map[string]bool{canon(shown()).Key(): true}
	for i := 2; i <= 12; i++ {
		run(t, ctx, "next class", click("#browse-next"), waitText("#browse-label", fmt.Sprintf("class %d of 12", i)), waitText("#verdict", "solved"))
		classes[canon(shown()).Key()] = true
	}
	screenshot(t, ctx, "", "serve-browse.png")
	if len(classes) != 12 {
		t.Errorf("12 classes browsed, %d distinct up to symmetry", len(classes))
	}
	if !eval[bool](t, ctx, `document.getElementById("browse-next").disabled`) {
		t.Errorf("next is offered past the last class")
	}
}

// Item 6: the marks say what they mean: the start of a tour is a ring
// around the piece, not a dot under it; squares left unattacked are not
// marked as defects where the fewest attacked squares are wanted; the
// symmetries are a list; a tour is "an open tour".
func TestBrowserMarkers(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	if s := text(t, ctx, "#summary"); !strings.Contains(s, "identity, rotate 180, mirror left-right") {
		t.Errorf("the symmetries read %q", s)
	}
	run(t, ctx, "a tour with a start", openModel("knights-tour.yaml"), waitText("#verdict", "0 of 64"),
		chromedp.WaitVisible(`#overlay circle.start[data-mark="d8"]`, chromedp.ByQuery))
	ring := eval[float64](t, ctx, `document.querySelector('#overlay circle.start[data-mark="d8"]').getAttribute("r") / board.geom.square`)
	screenshot(t, ctx, "#board-wrap", "serve-tour-start.png")
	if ring < 0.4 {
		t.Errorf("the start's ring has radius %.2f squares: the knight hides it", ring)
	}
	if eval[bool](t, ctx, `!!document.querySelector('#overlay circle.next[data-mark="d8"]')`) {
		t.Errorf("a dot marks the start under the knight")
	}
	run(t, ctx, "start", click(square("overlay", "d8")), waitText("#verdict", "1 of 64"))
	if eval[bool](t, ctx, `!!document.querySelector('#overlay circle.start')`) {
		t.Errorf("the start is still marked once the tour has begun")
	}

	run(t, ctx, "fewest attacked", openModel("eight-pieces-fewest.yaml"), waitText("#verdict", "0 of 8"))
	if n := eval[int](t, ctx, `document.querySelectorAll("#overlay .uncovered").length`); n != 0 {
		t.Errorf("%d squares marked uncovered where the fewest attacked are wanted", n)
	}
	run(t, ctx, "domination", openModel("queens-domination.yaml"), waitText("#verdict", "64 squares not yet dominated"))
	if n := eval[int](t, ctx, `document.querySelectorAll("#overlay .uncovered").length`); n != 64 {
		t.Errorf("%d squares marked not yet dominated on an empty board, want 64", n)
	}

	run(t, ctx, "solve a new tour", newModel("tour"), waitText("#summary", "my tour"), click("#solve"),
		waitText("#verdict", "solved: an open tour of all 36 squares"))
}

// Item 7: from 800 px wide the page needs no scrolling across, and every
// part of it is on screen.
func TestBrowserNarrow(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := browser(t)
	for _, width := range []int64{800, 820, 1024} {
		run(t, ctx, fmt.Sprintf("open at %d px", width),
			chromedp.EmulateViewport(width, 900),
			chromedp.Navigate(ts.URL+"/"),
			chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
			waitText("#verdict", "0 of 8 pieces placed"),
		)
		if over := eval[int](t, ctx, `document.documentElement.scrollWidth - window.innerWidth`); over > 0 {
			t.Errorf("%d px: the page is %d px wider than the window", width, over)
		}
		for _, sel := range []string{"#model-list", "#yaml", "#board-wrap", "#verdict", "#solve", "#stop", "#compare-with", "#run-status"} {
			box := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.left, r.right, r.width]; })()`, sel))
			if box[0] < 0 || box[1] > float64(width) || box[2] < 40 {
				t.Errorf("%d px: %s spans %.0f..%.0f", width, sel, box[0], box[1])
			}
		}
		if w := eval[float64](t, ctx, `document.getElementById("board-wrap").getBoundingClientRect().width`); w < 300 {
			t.Errorf("%d px: the board is %.0f px wide", width, w)
		}
		screenshot(t, ctx, "", fmt.Sprintf("serve-%dpx.png", width))
		run(t, ctx, "the puzzles", click("#tab-puzzles"), chromedp.WaitVisible(`#pboard-wrap[data-puzzle]`, chromedp.ByQuery))
		if over := eval[int](t, ctx, `document.documentElement.scrollWidth - window.innerWidth`); over > 0 {
			t.Errorf("%d px: the puzzles are %d px wider than the window", width, over)
		}
		if w := eval[float64](t, ctx, `document.getElementById("pboard-wrap").getBoundingClientRect().width`); w < 300 {
			t.Errorf("%d px: the puzzle board is %.0f px wide", width, w)
		}
		screenshot(t, ctx, "", fmt.Sprintf("serve-puzzles-%dpx.png", width))
	}
}

// Item 7: the board is drawn with the page, before the page has heard
// back from the API.
func TestBrowserBoardWithPage(t *testing.T) {
	srv, err := New(Config{Models: builtin(t), Backends: map[string]model.Solver{"exact": exact.New(), "ilp": ilp.New(), "brute": &brute.Solver{}}})
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		}
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	t.Cleanup(func() { close(release) })
	ctx := browser(t)
	run(t, ctx, "open the page", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible("#board svg", chromedp.ByQuery))
	if eval[bool](t, ctx, `document.body.dataset.ready === "1"`) {
		t.Fatal("the page is ready while the API is held back")
	}
	if w := eval[float64](t, ctx, `document.querySelector("#board svg").getBoundingClientRect().width`); w < 300 {
		t.Errorf("the board is %.0f px wide before the API answers", w)
	}
	var g geometry
	run(t, ctx, "board geometry", chromedp.Evaluate(`(() => { const s = document.querySelector("#board svg"); return {width: +s.getAttribute("width"), height: +s.getAttribute("height"), rows: 8, cols: 8}; })()`, &g))
	img := screenshot(t, ctx, "#board", "serve-first-paint.png")
	if img.Bounds().Dx() < 300 || g.Width == 0 {
		t.Errorf("the first board is %dx%d", img.Bounds().Dx(), img.Bounds().Dy())
	}
}

// Solve at once after an edit solves the edited model, and the edit's
// parse, answered later, does not clear the solution from the board.
func TestBrowserSolveRightAfterEdit(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	run(t, ctx, "edit and solve",
		chromedp.SetValue("#yaml", "name: four queens\nboard: 4\nplace: [4 queen]\nrules: [independent]\n", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("yaml").dispatchEvent(new Event("input"))`, nil),
		click("#solve"),
		waitText("#run-status", "verified"), waitText("#verdict", "solved"),
		chromedp.Sleep(600*time.Millisecond), // past the editor's pause before it parses
	)
	if s := text(t, ctx, "#summary"); !strings.Contains(s, "four queens") {
		t.Errorf("the summary reads %q", s)
	}
	if v := text(t, ctx, "#verdict"); v != "solved" || eval[int](t, ctx, `state.position.pieces.length`) != 4 {
		t.Errorf("the board lost the solution: %q", v)
	}
}

// Opening another model while a run is on cuts the run and drops its
// answer: the page shows the new model, ready, and never the old model's
// answer or an error. An answer that came after the open was once shown
// for a model the page no longer had ("Cannot read properties of null").
func TestBrowserOpenDuringRun(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	run(t, ctx, "a long compare", openModel("eight-pieces.yaml"), click("#compare"), waitText("#run-status", "compare"))
	if eval[bool](t, ctx, `document.getElementById("compare").disabled`) == false {
		t.Fatal("the run did not start")
	}
	run(t, ctx, "open another", openModel("eight-queens.yaml"), waitText("#run-status", "Ready."))
	if s := text(t, ctx, "#run-status"); s != "Ready." {
		t.Errorf("after opening another model during a run the status reads %q", s)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#results *").length`); n != 0 {
		t.Errorf("the cut run left %d elements of results", n)
	}
	run(t, ctx, "compare the new model", click("#compare"), chromedp.WaitVisible("#compare-verdict", chromedp.ByQuery))
	if v := text(t, ctx, "#compare-verdict"); v != "agree" {
		t.Errorf("eight queens after the cut run: compare says %q", v)
	}
}
