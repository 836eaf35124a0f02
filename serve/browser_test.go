package serve

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// updateDocs also writes the playground's picture in the docs,
// docs/img/serve.png: go test ./serve -run 'TestBrowser$' -update.
var updateDocs = flag.Bool("update", false, "write docs/img/serve.png from the browser test")

// outDir is where the browser test leaves its screenshots: out/ at the
// top of the repository, which git ignores.
const outDir = "../out"

// findBrowser finds Chromium or Chrome: $CHROME, then the usual names.
func findBrowser() string {
	if p := os.Getenv("CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser starts a headless browser for the test, or skips the test with
// the reason when there is none.
func browser(t *testing.T) context.Context {
	path := findBrowser()
	if path == "" {
		t.Skip("SKIPPED: no Chromium or Chrome found (install the Debian package chromium — `make deps` does — or set $CHROME); the end-to-end browser test did not run")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // the test may run as root, in a container
		chromedp.DisableGPU,
		chromedp.WindowSize(1400, 1040),
		chromedp.Flag("hide-scrollbars", true),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelTime(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Run(ctx); err != nil {
		t.Skipf("SKIPPED: the browser %s does not start: %v", path, err)
	}
	return ctx
}

// waitText waits until the element's text contains want.
func waitText(sel, want string) chromedp.Action {
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.textContent.includes(%q); })()`, sel, want)
	return chromedp.Poll(js, nil, chromedp.WithPollingTimeout(30*time.Second))
}

func click(sel string) chromedp.Action { return chromedp.Click(sel, chromedp.ByQuery) }

func square(overlay, sq string) string {
	return fmt.Sprintf(`#%s rect.cell[data-square=%q]`, overlay, sq)
}

// run performs actions, failing the test with what was being done.
func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		var verdict, status string
		chromedp.Run(ctx, chromedp.Text("#verdict", &verdict, chromedp.ByQuery), chromedp.Text("#run-status", &status, chromedp.ByQuery))
		t.Fatalf("%s: %v (verdict %q, status %q)", what, err, verdict, status)
	}
}

func screenshot(t *testing.T, ctx context.Context, sel, name string) image.Image {
	t.Helper()
	var buf []byte
	action := chromedp.FullScreenshot(&buf, 100)
	if sel != "" {
		action = chromedp.Screenshot(sel, &buf, chromedp.ByQuery)
	}
	run(t, ctx, "screenshot "+name, action)
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(outDir, name)
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	t.Logf("screenshot %s: %dx%d", path, img.Bounds().Dx(), img.Bounds().Dy())
	return img
}

// checkBoardImage checks that a screenshot of the board is the board: an
// 8x8 checkerboard of the render package's light and dark squares, seen at
// the corner of every square, with a dark piece glyph in the middle of each
// square that holds a piece and none elsewhere.
func checkBoardImage(t *testing.T, img image.Image, g geometry, pieces map[string]bool) {
	t.Helper()
	scale := float64(img.Bounds().Dx()) / g.Width
	at := func(x, y float64) color.NRGBA {
		return color.NRGBAModel.Convert(img.At(img.Bounds().Min.X+int(x*scale), img.Bounds().Min.Y+int(y*scale))).(color.NRGBA)
	}
	near := func(c, want color.NRGBA) bool {
		d := math.Abs(float64(c.R)-float64(want.R)) + math.Abs(float64(c.G)-float64(want.G)) + math.Abs(float64(c.B)-float64(want.B))
		return d < 40
	}
	// Squares of one colour look alike, except that the attacked ones are
	// shaded: in a solved placement every square is attacked but those the
	// pieces stand on.
	seen := map[[2]bool]color.NRGBA{}
	bad := 0
	for r := 0; r < g.Rows; r++ {
		for f := 0; f < g.Cols; f++ {
			name := fmt.Sprintf("%c%d", 'a'+f, r+1)
			x := g.X + float64(f)*g.Square
			y := g.Y + float64(g.Rows-1-r)*g.Square
			corner := at(x+g.Square*0.1, y+g.Square*0.1)
			key := [2]bool{(f+r)%2 == 0, pieces[name]}
			if want, ok := seen[key]; !ok {
				seen[key] = corner
			} else if !near(corner, want) {
				bad++
			}
			centre := at(x+g.Square*0.5, y+g.Square*0.55)
			lum := (int(centre.R) + int(centre.G) + int(centre.B)) / 3
			if hasPiece := lum < 90; hasPiece != pieces[name] {
				t.Errorf("square %s: piece drawn %v, want %v (centre %v)", name, hasPiece, pieces[name], centre)
			}
		}
	}
	for _, occupied := range []bool{false, true} {
		dark, light := seen[[2]bool{true, occupied}], seen[[2]bool{false, occupied}]
		if near(dark, light) {
			t.Errorf("not a checkerboard: dark squares %v, light %v", dark, light)
		}
	}
	if bad > 0 {
		t.Errorf("not a checkerboard: %d squares off", bad)
	}
}

// TestBrowser plays the page in headless Chromium: eight queens by clicks,
// a blocked board solved on the server, a tour and a slide played, a solve
// stopped, and a puzzle played, with every board of the collection shown as
// generated.
func TestBrowser(t *testing.T) {
	ctx := browser(t)
	ts := newTestServer(t, asUser)
	run(t, ctx, "open the page",
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
		waitText("#verdict", "0 of 8 pieces placed"),
	)

	// Eight queens, placed by clicks; the checker says solved at the eighth.
	queens := []string{"a4", "b2", "c7", "d3", "e6", "f8", "g5", "h1"}
	for i, sq := range queens {
		want := fmt.Sprintf("%d of 8 pieces placed", i+1)
		if i == len(queens)-1 {
			want = "solved"
		}
		run(t, ctx, "place a queen on "+sq, click(square("overlay", sq)), waitText("#verdict", want))
	}
	// A ninth queen is attacked, marked, and not valid; a click takes it away.
	run(t, ctx, "a ninth queen",
		click(square("overlay", "h8")), waitText("#verdict", "not valid"),
		chromedp.WaitVisible(`#overlay rect.hit[data-mark="h8"]`, chromedp.ByQuery),
		click(square("overlay", "h8")), waitText("#verdict", "solved"),
	)
	var g geometry
	run(t, ctx, "board geometry", chromedp.Evaluate(`board.geom`, &g))
	onBoard := map[string]bool{}
	for _, sq := range queens {
		onBoard[sq] = true
	}
	run(t, ctx, "move the mouse away", chromedp.MouseEvent(input.MouseMoved, 1, 1))
	img := screenshot(t, ctx, "#board", "serve-eight-queens.png")
	checkBoardImage(t, img, g, onBoard)

	// A blocked board solved on the server: eleven queens appear.
	run(t, ctx, "solve the 3-wall board",
		click(`#model-list li[data-file="blocked-3w-value11.yaml"]`),
		waitText("#parse-status", "model parses"),
		waitText("#summary", "blocked queens, 3 walls"),
		click("#solve"),
		waitText("#run-status", "optimal, value 11"),
		waitText("#verdict", "solved: value 11, the optimum"),
	)
	var glyphs int
	run(t, ctx, "count the pieces", chromedp.Evaluate(`document.querySelectorAll("#board svg use[href='#piece-queen'], #board svg use[*|href='#piece-queen']").length`, &glyphs))
	var boardSVG string
	run(t, ctx, "read the board", chromedp.OuterHTML("#board svg", &boardSVG, chromedp.ByQuery))
	if n := strings.Count(boardSVG, "queen"); glyphs != 11 && n < 11 {
		t.Errorf("the solved board shows %d queen glyphs (%d mentions of queen)", glyphs, n)
	}

	// Compare: the agreement table, and the picture for the README, taken
	// in the configuration users get (the backends of `chessmodel serve`,
	// the page's default choices), tall enough to show the whole table.
	run(t, ctx, "compare", click("#compare"), waitText("#compare-verdict", "agree"), chromedp.MouseEvent(input.MouseMoved, 1, 1),
		chromedp.EmulateViewport(1400, 1050))
	screenshot(t, ctx, "", "serve.png")
	if *updateDocs {
		data, err := os.ReadFile(filepath.Join(outDir, "serve.png"))
		if err == nil {
			err = os.WriteFile("../docs/img/serve.png", data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}

	// A parse error as you type, at its line and column.
	run(t, ctx, "a typo",
		chromedp.SetValue("#yaml", "board: 8\nplace: [8 quen]\n", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("yaml").dispatchEvent(new Event("input"))`, nil),
		waitText("#parse-status", "line 2, column 11: unknown piece"),
		chromedp.WaitVisible(`#gutter span.err`, chromedp.ByQuery),
	)

	// Stop: a count that would take long, stopped from the page.
	run(t, ctx, "stop a long count",
		chromedp.SetValue("#yaml", "board: 18\nplace: [18 queen]\nrules: [independent]\n", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("yaml").dispatchEvent(new Event("input"))`, nil),
		waitText("#parse-status", "model parses"),
		click("#count"),
		waitText("#run-status", "running"),
		click("#stop"),
		waitText("#run-status", "stopped"),
	)

	// A knight's tour: the start, a legal move, undo.
	run(t, ctx, "a knight's tour",
		click(`#model-list li[data-file="knights-tour.yaml"]`),
		waitText("#verdict", "0 of 64 squares visited"),
		click(square("overlay", "d8")), waitText("#verdict", "1 of 64"),
		chromedp.WaitVisible(`#overlay circle.next[data-mark="c6"]`, chromedp.ByQuery),
		click(square("overlay", "c6")), waitText("#verdict", "2 of 64"),
		click(square("overlay", "c5")), // not a knight move: nothing happens
		click("#undo"), waitText("#verdict", "1 of 64"),
		click(square("overlay", "e6")), waitText("#verdict", "2 of 64"),
		click(square("overlay", "d4")), waitText("#verdict", "3 of 64"),
		chromedp.MouseEvent(input.MouseMoved, 1, 1),
	)
	screenshot(t, ctx, "", "serve-tour.png")
	// Sliding rooks: choose a rook, slide it.
	run(t, ctx, "a slide",
		click(`#model-list li[data-file="sliding-rooks.yaml"]`),
		waitText("#verdict", "0 moves played"),
		click(square("overlay", "a1")),
		chromedp.WaitVisible(`#overlay rect.selected[data-mark="a1"]`, chromedp.ByQuery),
		click(square("overlay", "g1")), waitText("#verdict", "1 move played"),
	)
	screenshot(t, ctx, "", "serve-slide.png")

	// Shift-click stacks pieces where the model allows it.
	var stacked int
	run(t, ctx, "stacking",
		click(`#model-list li[data-file="eight-pieces-stack.yaml"]`),
		waitText("#summary", "stack"),
		click(`.palette-item[data-piece="king"]`),
		chromedp.Evaluate(`clickSquare("d4", {shiftKey: true}); undefined`, nil),
		waitText("#verdict", "1 of 8"),
		click(`.palette-item[data-piece="queen"]`),
		chromedp.Evaluate(`clickSquare("d4", {shiftKey: true}); undefined`, nil),
		waitText("#verdict", "2 of 8"),
		chromedp.Evaluate(`state.position.pieces.filter((p) => p.square === "d4").length`, &stacked),
	)
	if stacked != 2 {
		t.Errorf("%d pieces stacked on d4", stacked)
	}

	// A new model from a template parses and plays.
	run(t, ctx, "a new tour",
		chromedp.Evaluate(`(() => { const s = document.getElementById("new"); s.value = "tour"; s.dispatchEvent(new Event("change")); })()`, nil),
		waitText("#summary", "my tour"),
		waitText("#verdict", "0 of 36 squares visited"),
	)

	// Puzzles: every board of the collection shown exactly as generated.
	c := testPuzzles(t)
	run(t, ctx, "open the puzzles", click("#tab-puzzles"), chromedp.WaitVisible(`#puzzle-list .puzzle-chip`, chromedp.ByQuery))
	var mismatches []string
	run(t, ctx, "show every puzzle", chromedp.Evaluate(`(async () => {
		const bad = [];
		for (const p of puzzles.data.puzzles) {
			await openPuzzle(p.id);
			const shown = document.getElementById("pboard-wrap").dataset.walls.split(" ").sort().join(" ");
			const want = [...p.walls].sort().join(" ");
			const drawn = [...document.querySelectorAll("#poverlay rect.cell[data-blocked]")].map((r) => r.dataset.square).sort().join(" ");
			if (shown !== want || drawn !== want || document.getElementById("pboard-wrap").dataset.puzzle !== p.id) bad.push(p.id + ": " + shown + " / " + drawn);
		}
		return bad;
	})()`, &mismatches, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	var shownCount int
	run(t, ctx, "count the puzzles", chromedp.Evaluate(`puzzles.data.puzzles.length`, &shownCount))
	if len(mismatches) > 0 || shownCount != len(c.List) {
		t.Errorf("%d of %d puzzles shown, %d not as generated: %v", shownCount, len(c.List), len(mismatches), mismatches)
	}

	// Play one: place its unique solution by clicks.
	p := c.List[len(c.List)/2]
	run(t, ctx, "open puzzle "+p.ID, chromedp.Click(fmt.Sprintf(`#puzzle-list .puzzle-chip[data-id=%q]`, p.ID), chromedp.ByQuery),
		chromedp.WaitVisible(fmt.Sprintf(`#pboard-wrap[data-puzzle=%q]`, p.ID), chromedp.ByQuery),
		waitText("#pverdict", fmt.Sprintf("0 of %d", p.Value)))
	for i, pc := range p.Solution.Pieces {
		want := fmt.Sprintf("%d of %d placed", i+1, p.Value)
		if i == len(p.Solution.Pieces)-1 {
			want = "solved"
		}
		run(t, ctx, "place "+pc.Square.String(), click(square("poverlay", pc.Square.String())), waitText("#pverdict", want))
	}
	screenshot(t, ctx, "", "serve-puzzle.png")
	// Progress is kept in the browser, by id as a string.
	var kept bool
	run(t, ctx, "progress kept",
		chromedp.Reload(),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
		click("#tab-puzzles"),
		chromedp.WaitVisible(fmt.Sprintf(`.puzzle-chip.solved[data-id=%q]`, p.ID), chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`JSON.parse(localStorage.getItem("chessmodel.puzzles.solved")).includes(%q)`, p.ID), &kept),
	)
	if !kept {
		t.Errorf("puzzle %s not kept as solved", p.ID)
	}
}
