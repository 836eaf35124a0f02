package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/chessmodel/chessmodel/model"
)

// The browser tests of the defects a new user met in the playground: stale
// answers after an edit, "unknown" beside a verified solution, a time
// bound split without saying so, a slide's groups merged, names cut off
// and the results below the fold, nothing to take away. Each drives the
// page as a user does and reads what it shows.

// resultRows reads the rows of the results table, cell by cell.
const resultRows = `[...document.querySelectorAll("#results table.results tr")].slice(1).map((tr) => [...tr.children].map((td) => td.textContent))`

// TestBrowserEditClearsAnswers: an answer belongs to the text it was
// computed from; after an edit the page shows no answer of the text before.
func TestBrowserEditClearsAnswers(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	queens := modelText(t, "eight-queens.yaml")
	run(t, ctx, "solve eight queens", click("#solve"), waitText("#run-status", "satisfied, value 8"))
	six := strings.NewReplacer("board: 8", "board: 6", "[8 queen]", "[6 queen]").Replace(queens)
	run(t, ctx, "six queens", typeModel(six), waitText("#summary", "6x6"))
	noAnswer := func(when string) {
		t.Helper()
		if s := text(t, ctx, "#run-status"); s != "Ready." {
			t.Errorf("%s the status reads %q", when, s)
		}
		if rows := eval[[][]string](t, ctx, resultRows); len(rows) != 0 {
			t.Errorf("%s the results show %v", when, rows)
		}
	}
	noAnswer("after the edit to 6x6")

	run(t, ctx, "compare six queens", click("#compare"), waitText("#compare-verdict", "agree"))
	run(t, ctx, "a typo",
		chromedp.SetValue("#yaml", "board: 6\nplace: [6 quen]\n", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("yaml").dispatchEvent(new Event("input"))`, nil),
		waitText("#parse-status", "unknown piece"))
	noAnswer("after an edit that does not parse")
	if n := eval[int](t, ctx, `document.querySelectorAll("#results *").length`); n != 0 {
		t.Errorf("the compare of the text before stays: %d elements", n)
	}

	// A run stopped on request, then an edit: its best so far goes too.
	run(t, ctx, "a long solve, stopped",
		typeModel("name: queens and knights\nboard: 12\nplace: [max queen, max knight]\nrules: [independent]\n"),
		click("#solve"), waitText("#run-status", "best"), click("#stop"),
		waitText("#run-status", "best found so far: value"))
	run(t, ctx, "another typo",
		chromedp.SetValue("#yaml", "board: 12\nplace: [max queen, max knigt]\n", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("yaml").dispatchEvent(new Event("input"))`, nil),
		waitText("#parse-status", "unknown piece"))
	noAnswer("after stopping and an edit")
}

// peaceable9 is peaceable queens on 9x9, which no backend finishes in a
// few seconds.
func peaceable9(t *testing.T) string {
	return strings.Replace(modelText(t, "peaceable-queens-8.yaml"), "board: 8", "board: 9", 1)
}

// TestBrowserStoppedIsFeasible: a solve cut off with a verified solution
// reads feasible, as the command line says, with the proven bound when the
// backend has one; in a comparison too, where each backend has the whole
// time bound, said in round figures.
func TestBrowserStoppedIsFeasible(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	setBound := func(seconds string) chromedp.Action {
		return chromedp.SetValue("#timeout", seconds, chromedp.ByQuery)
	}
	run(t, ctx, "peaceable queens 9x9 on ilp, 2 s", typeModel(peaceable9(t)), setBound("2"),
		chromedp.SetValue("#backend", "ilp", chromedp.ByQuery),
		click("#solve"), waitText("#run-status", "time bound of 2s"))
	status := text(t, ctx, "#run-status")
	rows := eval[[][]string](t, ctx, resultRows)
	if len(rows) != 1 || rows[0][1] != "feasible" || !regexp.MustCompile(`^\d+ \(gap \d`).MatchString(rows[0][3]) {
		t.Errorf("ilp cut off by the bound: rows %q", rows)
	}
	if !strings.Contains(status, "ilp: feasible") || !strings.Contains(status, "proven bound") || strings.Contains(status, "unknown") {
		t.Errorf("ilp cut off by the bound: the status reads %q", status)
	}

	run(t, ctx, "stopped on exact", chromedp.SetValue("#backend", "exact", chromedp.ByQuery), setBound("20"),
		click("#solve"), waitText("#run-status", "best"), click("#stop"), waitText("#run-status", "stopped on request"))
	status = text(t, ctx, "#run-status")
	rows = eval[[][]string](t, ctx, resultRows)
	if len(rows) != 1 || rows[0][1] != "feasible" || !strings.Contains(status, "exact: feasible") {
		t.Errorf("exact stopped: rows %q, status %q", rows, status)
	}
	// The exact backend proves no bound on this model: the page says so.
	if !strings.Contains(status, "bound") {
		t.Errorf("exact stopped: the status %q says nothing of a bound", status)
	}

	run(t, ctx, "compare, 1 s each", setBound("1"), click("#compare"),
		chromedp.WaitVisible("#compare-verdict", chromedp.ByQuery),
		waitText("#results", "each backend had the whole time bound, 1 s"))
	rows = eval[[][]string](t, ctx, resultRows)
	if len(rows) != 2 {
		t.Fatalf("compare: rows %q", rows)
	}
	withValue := 0
	for _, r := range rows {
		secs, err := strconv.ParseFloat(strings.TrimSuffix(r[5], " s"), 64)
		if err != nil || secs < 0.9 {
			t.Errorf("%s ran %q, not the whole bound of 1 s", r[0], r[5])
		}
		if r[6] != "timeout: no complete answer within 1s" {
			t.Errorf("%s: note %q", r[0], r[6])
		}
		if r[2] == "—" {
			continue
		}
		withValue++
		if r[1] != "feasible" || r[4] != "✓" {
			t.Errorf("%s cut off with a verified value reads %q", r[0], r)
		}
		if r[0] == "ilp" && !regexp.MustCompile(`^\d+`).MatchString(r[3]) {
			t.Errorf("ilp's proven bound is not shown: %q", r)
		}
	}
	if withValue == 0 {
		t.Errorf("no backend found a placement in 1 s: %q", rows)
	}
}

// TestBrowserSlideGroups: a slide with different pieces is summarised group
// by group, each with its start and goal, as `chessmodel show` lists it.
func TestBrowserSlideGroups(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	run(t, ctx, "Guarini's knights", openModel("slide-guarini.yaml"))
	s := text(t, ctx, "#summary")
	for _, want := range []string{"white (N): knight, ordinary moves, a1 c1 → a3 c3", "black (n): knight, ordinary moves, a3 c3 → a1 c1"} {
		if !strings.Contains(s, want) {
			t.Errorf("the summary reads %q, without %q", s, want)
		}
	}
}

// TestBrowserLayout: at 820 px every model's name is shown whole; at 1280
// px the results of a comparison are on screen beside the board, not below
// the fold of a panel that scrolls on its own.
func TestBrowserLayout(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := browser(t)
	run(t, ctx, "open at 820 px", chromedp.EmulateViewport(820, 900), chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery))
	cut := eval[[]string](t, ctx, `[...document.querySelectorAll("#model-list li .file")].filter((e) => e.scrollWidth > e.clientWidth || e.getBoundingClientRect().right > e.parentElement.getBoundingClientRect().right).map((e) => e.textContent)`)
	if len(cut) > 0 {
		t.Errorf("at 820 px %d names are cut off: %v", len(cut), cut)
	}
	for _, size := range [][2]int64{{1280, 800}, {1280, 720}} {
		run(t, ctx, fmt.Sprintf("compare at %dx%d", size[0], size[1]), chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(ts.URL+"/"),
			chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery), openModel("blocked-3w-value11.yaml"),
			click("#compare"), waitText("#compare-verdict", "agree"))
		screenshot(t, ctx, "", fmt.Sprintf("serve-%dx%d.png", size[0], size[1]))
		// Every row of the table is on screen and is what is seen there.
		hidden := eval[[]string](t, ctx, `[...document.querySelectorAll("#results table.results tr")].filter((tr) => {
			const r = tr.getBoundingClientRect();
			if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth) return true;
			const seen = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
			return !seen || !tr.contains(seen);
		}).map((tr) => tr.textContent)`)
		if len(hidden) > 0 {
			t.Errorf("%dx%d: %d rows of the results are not on screen: %q", size[0], size[1], len(hidden), hidden)
		}
		if w := eval[float64](t, ctx, `document.getElementById("board-wrap").getBoundingClientRect().width`); w < 360 {
			t.Errorf("%dx%d: the board is %.0f px wide", size[0], size[1], w)
		}
	}
}

// waitFile waits for a download to be written whole.
func waitFile(t *testing.T, path string) []byte {
	t.Helper()
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if data, err := os.ReadFile(path); err == nil && len(data) > 0 {
			if _, err := os.Stat(path + ".crdownload"); os.IsNotExist(err) {
				return data
			}
		}
	}
	t.Fatalf("%s was not downloaded", path)
	return nil
}

// TestBrowserDownloads: the model as written, the solution on the board as
// the JSON `chessmodel check` reads, and the board as the page draws it, in
// SVG and in PNG, can be taken away.
func TestBrowserDownloads(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	dir := t.TempDir()
	run(t, ctx, "allow downloads", cdpbrowser.SetDownloadBehavior(cdpbrowser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(dir))
	queens := modelText(t, "eight-queens.yaml")
	run(t, ctx, "solve", click("#solve"), waitText("#verdict", "solved"))

	run(t, ctx, "download the model", click("#download-yaml"))
	if got := string(waitFile(t, filepath.Join(dir, "eight-queens.yaml"))); got != queens {
		t.Errorf("the model downloaded is %q, the editor holds %q", got, queens)
	}

	run(t, ctx, "download the solution", click("#download-json"))
	var sol model.Solution
	if err := json.Unmarshal(waitFile(t, filepath.Join(dir, "eight-queens.solution.json")), &sol); err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse([]byte(queens), "eight-queens.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var shown model.Solution
	run(t, ctx, "read the position", chromedp.Evaluate(`({pieces: state.position.pieces})`, &shown))
	if r := model.Check(m, &sol); !r.Valid || len(sol.Pieces) != 8 || sol.Key() != shown.Key() {
		t.Errorf("the solution downloaded (%d pieces, %v) is not the one on the board", len(sol.Pieces), r.Problems)
	}

	run(t, ctx, "download the SVG", click("#download-svg"))
	svg := string(waitFile(t, filepath.Join(dir, "eight-queens.svg")))
	if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, `xmlns="http://www.w3.org/2000/svg"`) || strings.Count(svg, "<use") < 8 {
		t.Errorf("the SVG downloaded is not the board: %.200s", svg)
	}

	run(t, ctx, "download the PNG", click("#download-png"))
	img, err := png.Decode(bytes.NewReader(waitFile(t, filepath.Join(dir, "eight-queens.png"))))
	if err != nil {
		t.Fatal(err)
	}
	var g geometry
	run(t, ctx, "board geometry", chromedp.Evaluate(`board.geom`, &g))
	if img.Bounds().Dx() < int(g.Width) {
		t.Errorf("the PNG is %d px wide, the board %v", img.Bounds().Dx(), g.Width)
	}
	onBoard := map[string]bool{}
	for _, p := range shown.Pieces {
		onBoard[p.Square.String()] = true
	}
	checkBoardImage(t, img, g, onBoard)
}
