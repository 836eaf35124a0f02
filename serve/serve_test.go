package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/extern"
	"github.com/chessmodel/chessmodel/model"
)

func get(t *testing.T, url string) (int, string, http.Header) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body), res.Header
}

func TestPageAndAssets(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, c := range []struct {
		path, want, contentType string
		status                  int
	}{
		{"/", "chessmodel", "text/html", 200},
		{"/static/app.js", "readEvents", "text/javascript", 200},
		{"/static/app.css", ".board-wrap", "text/css", 200},
		{"/static/nothing.js", "", "", 404},
		{"/elsewhere", "", "", 404},
		{"/static/../serve.go", "", "", 404},
	} {
		status, body, h := get(t, ts.URL+c.path)
		if status != c.status || !strings.Contains(body, c.want) || !strings.HasPrefix(h.Get("Content-Type"), c.contentType) {
			t.Errorf("GET %s: %d %q, body has %q: %v", c.path, status, h.Get("Content-Type"), c.want, strings.Contains(body, c.want))
		}
		if h.Get("Content-Security-Policy") == "" || h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: security headers missing: %v", c.path, h)
		}
	}
	// The page fetches nothing from elsewhere.
	for _, asset := range []string{"/", "/static/app.js", "/static/app.css"} {
		_, body, _ := get(t, ts.URL+asset)
		if strings.Contains(body, "http://") || strings.Contains(body, "https://") {
			for _, line := range strings.Split(body, "\n") {
				if (strings.Contains(line, "http://") || strings.Contains(line, "https://")) && !strings.Contains(line, "www.w3.org/2000/svg") {
					t.Errorf("%s refers to another site: %s", asset, strings.TrimSpace(line))
				}
			}
		}
	}
}

func TestInfo(t *testing.T) {
	ts := newTestServer(t, nil)
	var got info
	status, body, _ := get(t, ts.URL+"/api/info")
	if err := json.Unmarshal([]byte(body), &got); err != nil || status != 200 {
		t.Fatalf("%d %s %v", status, body, err)
	}
	if !slices.Equal(got.Backends, []string{"exact", "ilp"}) || got.External || got.Writable || !got.Puzzles || got.MaxTimeout != 30 {
		t.Errorf("info %+v", got)
	}
}

func TestModelList(t *testing.T) {
	ts := newTestServer(t, nil)
	var list []Entry
	_, body, _ := get(t, ts.URL+"/api/models")
	if err := json.Unmarshal([]byte(body), &list); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	for _, e := range list {
		if e.Error != "" {
			t.Errorf("%s: %s", e.File, e.Error)
		}
		kinds[e.File] = e.Kind
	}
	for file, kind := range map[string]string{"eight-queens.yaml": "place", "knights-tour.yaml": "tour", "sliding-rooks.yaml": "slide"} {
		if kinds[file] != kind {
			t.Errorf("%s: kind %q, want %q", file, kinds[file], kind)
		}
	}
	if len(list) < 30 {
		t.Errorf("%d models listed", len(list))
	}
}

// TestModelFiles reads and writes through the catalog: only plain names
// inside the directory, never a file outside it.
func TestModelFiles(t *testing.T) {
	dir, outside := tempModels(t)
	if err := os.Symlink(outside, filepath.Join(dir, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("..", filepath.Join(dir, "up.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken.yaml"), []byte("board: 8\nplace: [8 quen]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, err := DirCatalog(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	list, err := cat.List()
	if err != nil {
		t.Fatal(err)
	}
	// The listing names each plain file once, says why one does not parse,
	// and leaves out the links that lead outside.
	var names []string
	for _, e := range list {
		names = append(names, e.File)
		if e.File == "broken.yaml" && !strings.Contains(e.Error, "broken.yaml:2:11") {
			t.Errorf("broken.yaml listed with error %q", e.Error)
		}
	}
	if !slices.Equal(names, []string{"broken.yaml", "mine.yaml"}) {
		t.Errorf("listed %v", names)
	}
	for _, writable := range []bool{false, true} {
		checkCatalogAccess(t, dir, outside, writable)
	}
	// The built-in catalog cannot be written at all.
	ts := newTestServer(t, nil)
	req, _ := http.NewRequest("PUT", ts.URL+"/api/models/eight-queens.yaml", strings.NewReader("board: 8"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 403 {
		t.Errorf("PUT into the built-in models: %d", res.StatusCode)
	}
}

// checkCatalogAccess serves the models of dir, read-only or writable, and
// checks that reads and writes reach the files of dir and nothing else
// (outside is a file beside dir that links lead to).
func checkCatalogAccess(t *testing.T, dir, outside string, writable bool) {
	t.Helper()
	cat, err := DirCatalog(dir, writable)
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, func(c *Config) { c.Models = cat })
	reads := []struct {
		name   string
		status int
	}{
		{"mine.yaml", 200},
		{"absent.yaml", 404},
		{"..%2Fsecret.yaml", 400},
		{"..%2F..%2Fetc%2Fpasswd", 400},
		{"%2Fetc%2Fpasswd", 400},
		{".hidden.yaml", 400},
		{"mine.txt", 400},
		{"..", 404},        // cleaned away by the router
		{"link.yaml", 403}, // a symbolic link out of the directory
		{"up.yaml", 403},
	}
	for _, c := range reads {
		status, body, _ := get(t, ts.URL+"/api/models/"+c.name)
		if status != c.status {
			t.Errorf("GET %s: %d, want %d: %s", c.name, status, c.status, body)
		}
		if strings.Contains(body, "name: secret") {
			t.Errorf("GET %s leaked the file outside: %s", c.name, body)
		}
	}
	// Paths with slashes do not even reach the handler.
	for _, p := range []string{"/api/models/../secret.yaml", "/api/models/a/b.yaml", "/api/models/%2e%2e/secret.yaml"} {
		status, body, _ := get(t, ts.URL+p)
		if status == 200 || strings.Contains(body, "name: secret") {
			t.Errorf("GET %s: %d %s", p, status, body)
		}
	}
	put := func(name, text string) int {
		req, _ := http.NewRequest("PUT", ts.URL+"/api/models/"+name, strings.NewReader(text))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	okStatus := 403
	if writable {
		okStatus = 200
	}
	if got := put("new.yaml", "board: 4\nplace: [4 rook]\n"); got != okStatus {
		t.Errorf("writable %v: PUT new.yaml: %d, want %d", writable, got, okStatus)
	}
	for _, name := range []string{"..%2Fsecret.yaml", "..%2Fevil.yaml", "link.yaml", "up.yaml", "x.sh", "%2Ftmp%2Fevil.yaml"} {
		if got := put(name, "board: 4\n"); got == 200 {
			t.Errorf("PUT %s succeeded", name)
		}
	}
	if got := put("big.yaml", strings.Repeat("#", MaxModelBytes+1)); got == 200 {
		t.Errorf("PUT of a model over %d bytes succeeded", MaxModelBytes)
	}
	data, _ := os.ReadFile(outside)
	if !strings.HasPrefix(string(data), "name: secret") {
		t.Errorf("the file outside was changed: %q", data)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "evil.yaml")); err == nil {
		t.Error("a file was written outside the directory")
	}
	_, err = os.Stat(filepath.Join(dir, "new.yaml"))
	if (err == nil) != writable {
		t.Errorf("writable %v: new.yaml exists: %v", writable, err == nil)
	}
}

func TestParse(t *testing.T) {
	ts := newTestServer(t, nil)
	cases := []struct {
		name         string
		yaml         string
		line, column int
		msg          string
	}{
		{"good", modelText(t, "eight-queens.yaml"), 0, 0, ""},
		{"unknown piece", "board: 8\nplace: [8 quen]\n", 2, 11, "unknown piece"},
		{"not yaml", "board: 8\nplace: [8 queen\n", 2, 8, "not a valid YAML model"},
		{"bad square", "board:\n  size: 8\n  walls: [z9]\nplace: [max queen]\n", 3, 11, "z9"},
		{"empty", "", 1, 1, "empty model"},
		{"unknown key", "board: 8\nplace: [8 queen]\ncolour: red\n", 3, 1, "colour"},
		{"too large for the page", "board: 1000\nplace: [1000 queen]\nrules: [independent]\n", 1, 1, "squares the playground works on"},
		{"tabs", "board: 8\n\tplace: [8 queen]\n", 2, 1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var ans parseAnswer
			if status := post(t, ts, "/api/parse", map[string]any{"yaml": c.yaml, "file": "x.yaml"}, &ans); status != 200 {
				t.Fatalf("status %d", status)
			}
			if c.line == 0 {
				if !ans.OK || ans.Model == nil || !strings.HasPrefix(ans.Model.SVG, "<svg") {
					t.Fatalf("%+v", ans)
				}
				g := ans.Model.Board
				if g.Rows != 8 || g.Cols != 8 || g.Square != 60 || g.X <= 0 || g.Y <= 0 || g.X+8*g.Square > g.Width {
					t.Errorf("board geometry %+v", g)
				}
				if len(ans.Model.Palette) != 1 || ans.Model.Palette[0].Piece != "queen" || ans.Model.Optimizing {
					t.Errorf("palette %+v optimizing %v", ans.Model.Palette, ans.Model.Optimizing)
				}
				return
			}
			if ans.OK || ans.Error == nil {
				t.Fatalf("parsed: %+v", ans)
			}
			if ans.Error.Line != c.line || (c.column > 0 && ans.Error.Column != c.column) || !strings.Contains(ans.Error.Message, c.msg) {
				t.Errorf("error %+v, want %d:%d %q", ans.Error, c.line, c.column, c.msg)
			}
		})
	}
}

// TestBadRequests sends what a browser never would.
func TestBadRequests(t *testing.T) {
	ts := newTestServer(t, func(c *Config) { c.MaxBody = 100 << 10 })
	huge := `{"yaml": "` + strings.Repeat("a", 200<<10) + `"}`
	bigModel, _ := json.Marshal(map[string]string{"yaml": "# " + strings.Repeat("x", MaxModelBytes) + "\nboard: 8\n"})
	for _, c := range []struct {
		path, body string
		status     int
		want       string
	}{
		{"/api/parse", huge, 413, "over"},
		{"/api/play", huge, 413, "over"},
		{"/api/run", huge, 413, "over"},
		{"/api/parse", `{"yaml": 3}`, 400, "bad request"},
		{"/api/parse", `{"yml": "board: 8"}`, 400, "unknown field"},
		{"/api/parse", `not json`, 400, "bad request"},
		{"/api/parse", `{"yaml": "board: 8"} {}`, 400, "more than one"},
		{"/api/parse", string(bigModel), 200, "over the 65536"},
		{"/api/play", `{"yaml": "board: 8\nplace: [8 queen]", "solution": {"pieces": [{"piece": "queen", "square": "z99x"}]}}`, 400, "bad request"},
		{"/api/play", `{"puzzle": "a1-a2-a3-a4"}`, 404, "no puzzle"},
		{"/api/run", `{"yaml": "board: 8\nplace: [8 queen]", "task": "destroy"}`, 400, "unknown task"},
		{"/api/run", `{"yaml": "board: 8\nplace: [8 queen]", "task": "solve", "backend": "cplex"}`, 400, "unknown backend"},
		{"/api/run", `{"yaml": "board: 8\nplace: [8 quen]", "task": "solve"}`, 422, "2:11"},
		{"/api/run", `{"puzzle": "nope", "task": "solve"}`, 404, "no puzzle"},
	} {
		res, err := http.Post(ts.URL+c.path, "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.status || !strings.Contains(string(body), c.want) {
			t.Errorf("POST %s %.60q: %d %s, want %d with %q", c.path, c.body, res.StatusCode, body, c.status, c.want)
		}
	}
	// Methods the routes do not take.
	for _, c := range []struct{ method, path string }{{"GET", "/api/parse"}, {"DELETE", "/api/models/eight-queens.yaml"}, {"POST", "/api/models"}} {
		req, _ := http.NewRequest(c.method, ts.URL+c.path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("%s %s: %d", c.method, c.path, res.StatusCode)
		}
	}
}

func readSolution(t *testing.T, path string) model.Solution {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := model.ReadSolution(bytes.NewReader(data), path)
	if err != nil {
		t.Fatal(err)
	}
	return *sol
}

func placed(squares ...string) []map[string]string {
	var out []map[string]string
	for _, s := range squares {
		piece, sq, _ := strings.Cut(s, "@")
		out = append(out, map[string]string{"piece": piece, "square": sq})
	}
	return out
}

func TestPlayPlacement(t *testing.T) {
	ts := newTestServer(t, nil)
	queens := modelText(t, "eight-queens.yaml")
	cases := []struct {
		name      string
		yaml      string
		solution  any
		solved    bool
		valid     bool
		verdict   string
		attacked  []string
		uncovered int
	}{
		{"eight queens", queens, readSolution(t, "../testdata/solutions/eight-queens.json"), true, true, "solved", nil, 0},
		{"empty", queens, map[string]any{}, false, false, "0 of 8 pieces placed", nil, 0},
		{"two attacking", queens, map[string]any{"pieces": placed("queen@a1", "queen@c3")}, false, false, "not valid", []string{"a1", "c3"}, 0},
		{"wrong piece", queens, map[string]any{"pieces": placed("rook@a1")}, false, false, "not valid", nil, 0},
		{"off the board", queens, map[string]any{"pieces": placed("queen@a9")}, false, false, "not valid", nil, 0},
		{"max, optimum unknown", "board: 4\nplace: [max rook]\nrules: [independent]\n", map[string]any{"pieces": placed("rook@a1", "rook@b2")}, false, true, "valid, value 2", nil, 0},
		{"cover", modelText(t, "queens-domination.yaml"), map[string]any{"pieces": placed("queen@d4")}, false, false, "1 piece placed, 36 squares not yet dominated", nil, 64 - 28},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var ans playAnswer
			post(t, ts, "/api/play", map[string]any{"yaml": c.yaml, "solution": c.solution}, &ans)
			if !ans.OK || ans.Solved != c.solved || ans.Valid != c.valid || !strings.HasPrefix(ans.Verdict, c.verdict) {
				t.Fatalf("solved %v valid %v %q, want %v %v %q (%v)", ans.Solved, ans.Valid, ans.Verdict, c.solved, c.valid, c.verdict, ans.Error)
			}
			var hit []string
			for _, s := range ans.Attacked {
				hit = append(hit, s.String())
			}
			if !slices.Equal(hit, c.attacked) || len(ans.Uncovered) != c.uncovered {
				t.Errorf("attacked %v uncovered %d, want %v %d", hit, len(ans.Uncovered), c.attacked, c.uncovered)
			}
			if !strings.Contains(ans.Model.SVG, "<svg") {
				t.Error("no picture")
			}
		})
	}
}

// TestPlaySolvedAfterSolve: once a solve has found the optimum, a position
// of that value is "solved", one below it is not.
func TestPlaySolvedAfterSolve(t *testing.T) {
	ts := newTestServer(t, nil)
	yaml := "board: 4\nplace: [max rook]\nrules: [independent]\n"
	_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": yaml, "task": "solve"})
	var res wireResultEvent
	if !lastEvent(t, events, "result", &res) || *res.Result.Value != 4 {
		t.Fatalf("events %s", eventNames(events))
	}
	for _, c := range []struct {
		pieces  []map[string]string
		solved  bool
		verdict string
	}{
		{placed("rook@a1", "rook@b2", "rook@c3", "rook@d4"), true, "solved: value 4, the optimum"},
		{placed("rook@a1", "rook@b2"), false, "valid, value 2 (the optimum is 4)"},
	} {
		var ans playAnswer
		post(t, ts, "/api/play", map[string]any{"yaml": yaml, "solution": map[string]any{"pieces": c.pieces}}, &ans)
		if ans.Solved != c.solved || ans.Verdict != c.verdict {
			t.Errorf("%v: %v %q, want %v %q", c.pieces, ans.Solved, ans.Verdict, c.solved, c.verdict)
		}
	}
}

func squareNames(list []model.Square) []string {
	var out []string
	for _, s := range list {
		out = append(out, s.String())
	}
	return out
}

func TestPlayTour(t *testing.T) {
	ts := newTestServer(t, nil)
	tour := modelText(t, "knights-tour.yaml") // from d8
	seed := readSolution(t, "../testdata/solutions/knights-tour-seed.json")
	var full []string
	for _, s := range seed.Squares {
		full = append(full, s.String())
	}
	for _, c := range []struct {
		name    string
		squares []string
		next    []string
		solved  bool
		verdict string
	}{
		{"start", nil, []string{"d8"}, false, "0 of 64 squares visited"},
		{"first move", []string{"d8"}, []string{"b7", "c6", "e6", "f7"}, false, "1 of 64"},
		{"second", []string{"d8", "c6"}, []string{"a5", "a7", "b4", "b8", "d4", "e5", "e7"}, false, "2 of 64"},
		{"not a knight move", []string{"d8", "d7"}, nil, false, "d8 to d7 is not a knight move"},
		{"twice", []string{"d8", "c6", "d8"}, nil, false, "d8 is visited twice"},
		{"wrong start", []string{"a1"}, nil, false, "the tour must start on d8"},
		{"the seed's tour", full, nil, true, "solved: an open tour of all 64 squares"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ans playAnswer
			post(t, ts, "/api/play", map[string]any{"yaml": tour, "solution": map[string]any{"squares": c.squares}}, &ans)
			next := squareNames(ans.Next)
			slices.Sort(next)
			if !slices.Equal(next, c.next) || ans.Solved != c.solved || !strings.HasPrefix(ans.Verdict, c.verdict) {
				t.Errorf("next %v solved %v %q, want %v %v %q", next, ans.Solved, ans.Verdict, c.next, c.solved, c.verdict)
			}
		})
	}
}

func TestPlaySlide(t *testing.T) {
	ts := newTestServer(t, nil)
	yaml := "board: 3\nslide: {piece: rook, from: [a1], to: [c3]}\n"
	for _, c := range []struct {
		name     string
		moves    []map[string]string
		position []string
		slides   int
		solved   bool
		verdict  string
	}{
		{"start", nil, []string{"a1"}, 2, false, "0 moves played"},
		{"one", []map[string]string{{"from": "a1", "to": "a3"}}, []string{"a3"}, 2, false, "1 move played"},
		{"not as far as it goes", []map[string]string{{"from": "a1", "to": "a2"}}, []string{"a1"}, 0, false, "move 1, a1-a2, is not a slide"},
		{"solved", []map[string]string{{"from": "a1", "to": "a3"}, {"from": "a3", "to": "c3"}}, []string{"c3"}, 2, true, "solved in 2 moves (optimum not known"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ans playAnswer
			post(t, ts, "/api/play", map[string]any{"yaml": yaml, "solution": map[string]any{"moves": c.moves}}, &ans)
			if !slices.Equal(squareNames(ans.Position), c.position) || len(ans.Slides) != c.slides || ans.Solved != c.solved || !strings.HasPrefix(ans.Verdict, c.verdict) {
				t.Errorf("position %v slides %v solved %v %q, want %v %d %v %q", squareNames(ans.Position), ans.Slides, ans.Solved, ans.Verdict, c.position, c.slides, c.solved, c.verdict)
			}
		})
	}
}

// runServer is a test server with two more backends: "none", which
// supports nothing, and "panic", which crashes.
func runServer(t *testing.T) *httptest.Server {
	return newTestServer(t, func(c *Config) {
		c.Backends["none"] = unsupportedSolver{}
		c.Backends["panic"] = panicSolver{}
	})
}

// TestRun solves and counts through /api/run.
func TestRun(t *testing.T) {
	ts := runServer(t)
	queens := modelText(t, "eight-queens.yaml")
	t.Run("solve", func(t *testing.T) {
		status, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": queens, "task": "solve"})
		if status != 200 || !strings.HasPrefix(eventNames(events), "queued started") || !strings.HasSuffix(eventNames(events), "result done") {
			t.Fatalf("%d %s", status, eventNames(events))
		}
		var res wireResultEvent
		lastEvent(t, events, "result", &res)
		if res.Result.Status != model.StatusSatisfied || !res.Result.Verified || len(res.Result.Solution.Pieces) != 8 || !strings.HasPrefix(res.SVG, "<svg") || res.Board == nil {
			t.Errorf("%+v", res.Result)
		}
	})
	t.Run("count", func(t *testing.T) {
		_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": queens, "task": "count", "backend": "ilp", "symmetry": true})
		var res wireResultEvent
		if !lastEvent(t, events, "result", &res) || *res.Result.Count != 92 || *res.Result.Classes != 12 || res.Result.Backend != "ilp" {
			t.Errorf("%s %+v", eventNames(events), res.Result)
		}
	})
}

// TestRunCompareBackends compares through /api/run with the backends
// asked for, including ones that cannot answer or crash.
func TestRunCompareBackends(t *testing.T) {
	ts := runServer(t)
	queens := modelText(t, "eight-queens.yaml")
	compareWith := func(t *testing.T, backends ...string) wireCompareEvent {
		req := map[string]any{"yaml": modelText(t, "blocked-3w-value11.yaml"), "task": "compare"}
		if backends != nil {
			req["backends"] = backends
		}
		_, events, _ := runStream(t, context.Background(), ts, req)
		var ev wireCompareEvent
		if !lastEvent(t, events, "compare", &ev) {
			t.Fatalf("events %s", eventNames(events))
		}
		return ev
	}
	t.Run("compare by default", func(t *testing.T) {
		// exact and ilp, not every backend the server has.
		ev := compareWith(t)
		if len(ev.Row.Answers) != 2 || ev.Row.Answers[0].Backend != "exact" || ev.Row.Answers[1].Backend != "ilp" ||
			ev.Row.Verdict != "agree" || ev.Verdict != "agree" || ev.Solution == nil || len(ev.Solution.Pieces) != 11 {
			t.Errorf("%+v", ev)
		}
	})
	t.Run("compare with one that cannot", func(t *testing.T) {
		// The backends that answered agree: the page says so, and names
		// the one that did not answer.
		ev := compareWith(t, "exact", "none", "ilp")
		if ev.Row.Verdict != "incomplete" || ev.Verdict != "agree" || !strings.Contains(ev.Note, "none") {
			t.Errorf("%+v", ev)
		}
		if ev := compareWith(t, "exact", "none"); ev.Verdict != "incomplete" {
			t.Errorf("one answer is called %q", ev.Verdict)
		}
	})
	t.Run("compare an unknown backend", func(t *testing.T) {
		if code := post(t, ts, "/api/run", map[string]any{"yaml": queens, "task": "compare", "backends": []string{"exact", "magic"}}, nil); code != http.StatusBadRequest {
			t.Errorf("status %d", code)
		}
	})
}

// TestRunCompareFailed: every backend takes part in a compare, and a
// crash is a failed comparison, never agreement.
func TestRunCompareFailed(t *testing.T) {
	ts := runServer(t)
	_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": modelText(t, "blocked-3w-value11.yaml"), "task": "compare", "backends": []string{"exact", "ilp", "none", "panic"}})
	var ev wireCompareEvent
	if !lastEvent(t, events, "compare", &ev) {
		t.Fatalf("events %s", eventNames(events))
	}
	seen := map[string]compare.Answer{}
	for _, a := range ev.Row.Answers {
		seen[a.Backend] = a
	}
	for _, name := range []string{"exact", "ilp"} {
		if a := seen[name]; a.Value == nil || *a.Value != 11 || !a.Verified {
			t.Errorf("%s: %+v", name, a)
		}
	}
	// The test backends take part too: one cannot, one crashes, and a
	// crash is a failed comparison, never agreement.
	if seen["none"].Problem != compare.Unsupported || seen["panic"].Problem != compare.Crashed || ev.Row.Verdict != "FAILED" || ev.Verdict != "FAILED" || ev.SVG == "" {
		t.Errorf("row %+v", ev.Row)
	}
}

// TestRunFailures: a backend that cannot and one that crashes each end
// the stream with a failure event.
func TestRunFailures(t *testing.T) {
	ts := runServer(t)
	queens := modelText(t, "eight-queens.yaml")
	t.Run("unsupported", func(t *testing.T) {
		_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": modelText(t, "sliding-rooks.yaml"), "task": "solve", "backend": "none"})
		var f failureEvent
		if !lastEvent(t, events, "failure", &f) || !f.Unsupported || !strings.Contains(f.Message, "not supported") {
			t.Errorf("%s %+v", eventNames(events), f)
		}
	})
	t.Run("panic", func(t *testing.T) {
		_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": queens, "task": "solve", "backend": "panic"})
		var f failureEvent
		if !lastEvent(t, events, "failure", &f) || !strings.Contains(f.Message, "boom") {
			t.Errorf("%s %+v", eventNames(events), f)
		}
	})
}

// TestRunCompare compares exact and ilp alone: they agree, and the page
// gets a verified solution to draw.
func TestRunCompare(t *testing.T) {
	ts := newTestServer(t, nil)
	_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": modelText(t, "blocked-3w-value11.yaml"), "task": "compare"})
	var ev wireCompareEvent
	if !lastEvent(t, events, "compare", &ev) {
		t.Fatalf("events %s", eventNames(events))
	}
	if ev.Row.Verdict != "agree" || len(ev.Row.Answers) != 2 || ev.Shown != "exact" || !strings.HasPrefix(ev.SVG, "<svg") {
		t.Errorf("%+v shown %q", ev.Row, ev.Shown)
	}
	if !strings.Contains(eventNames(events), "progress") {
		t.Errorf("no progress: %s", eventNames(events))
	}
}

// TestRunBounds: the time bound stops a solve, closing the request stops it,
// and beyond the slots and queue the answer is busy at once.
func TestRunBounds(t *testing.T) {
	slow := newSlowSolver()
	ts := newTestServer(t, func(c *Config) {
		c.Backends["slow"] = slow
		c.Running, c.Queue = 1, -1
	})
	queens := modelText(t, "eight-queens.yaml")

	t.Run("time bound", func(t *testing.T) {
		start := time.Now()
		_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": queens, "task": "solve", "backend": "slow", "timeout": 0.3})
		var res wireResultEvent
		if !lastEvent(t, events, "result", &res) || res.Result.Status != model.StatusUnknown || !strings.Contains(res.Stopped, "time bound of 300ms") {
			t.Fatalf("%s %+v", eventNames(events), res)
		}
		if err := <-slow.ended; err != context.DeadlineExceeded {
			t.Errorf("the backend ended with %v", err)
		}
		if !strings.Contains(eventNames(events), "progress") {
			t.Errorf("no progress streamed: %s", eventNames(events))
		}
		if time.Since(start) > 20*time.Second {
			t.Errorf("took %v", time.Since(start))
		}
		<-slow.started
	})

	t.Run("cancel and busy", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error)
		go func() {
			body, _ := json.Marshal(map[string]any{"yaml": queens, "task": "solve", "backend": "slow"})
			req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/run", bytes.NewReader(body))
			res, err := http.DefaultClient.Do(req)
			if err == nil {
				_, err = io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
			done <- err
		}()
		<-slow.started
		// The one slot is taken and there is no queue: busy, at once.
		status, _, body := runStream(t, context.Background(), ts, map[string]any{"yaml": queens, "task": "solve"})
		var busy apiError
		json.Unmarshal(body, &busy)
		if status != http.StatusServiceUnavailable || !busy.Busy || !strings.Contains(busy.Error, "busy") {
			t.Errorf("second solve: %d %s", status, body)
		}
		cancel()
		select {
		case err := <-slow.ended:
			if err != context.Canceled {
				t.Errorf("the backend ended with %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("closing the request did not stop the solve")
		}
		<-done
		// The slot is free again.
		deadline := time.Now().Add(5 * time.Second)
		for {
			status, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": queens, "task": "solve"})
			if status == 200 {
				if !strings.HasSuffix(eventNames(events), "result done") {
					t.Errorf("after the cancel: %s", eventNames(events))
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the slot was not released")
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// TestRunQueue: a request that waits in the queue runs when the slot frees.
func TestRunQueue(t *testing.T) {
	slow := newSlowSolver()
	ts := newTestServer(t, func(c *Config) {
		c.Backends["slow"] = slow
		c.Running, c.Queue = 1, 1
	})
	queens := modelText(t, "eight-queens.yaml")
	first := make(chan []event)
	go func() {
		_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": queens, "task": "solve", "backend": "slow", "timeout": 0.5})
		first <- events
	}()
	<-slow.started
	_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": queens, "task": "solve"})
	var q queuedEvent
	lastEvent(t, events, "queued", &q)
	if q.Running != 1 || q.Waiting != 1 || !strings.HasSuffix(eventNames(events), "result done") {
		t.Errorf("queued %+v, events %s", q, eventNames(events))
	}
	<-first
}

func TestPuzzlesEndpoint(t *testing.T) {
	ts := newTestServer(t, nil)
	var got struct {
		Model   string   `json:"model"`
		YAML    string   `json:"yaml"`
		Puzzles []Puzzle `json:"puzzles"`
	}
	_, body, _ := get(t, ts.URL+"/api/puzzles")
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	// 10 puzzles with two walls and 270 with three (the sweep package's own test).
	if len(got.Puzzles) != 280 || got.Model != "blocked queens, no walls" {
		t.Fatalf("%d puzzles of %q", len(got.Puzzles), got.Model)
	}
	if strings.Contains(body, `"solution"`) {
		t.Error("the collection gives its solutions away")
	}
	// ids are strings in the JSON, never numbers.
	var raw struct {
		Puzzles []map[string]json.RawMessage `json:"puzzles"`
	}
	json.Unmarshal([]byte(body), &raw)
	for _, p := range raw.Puzzles {
		if !bytes.HasPrefix(p["id"], []byte(`"`)) {
			t.Fatalf("id %s is not a string", p["id"])
		}
	}
}

// TestPuzzlesPlayable: every puzzle of the collection, played by id, shows
// exactly the walls it was generated with, and its unique solution is
// "solved" while a position one queen short is not.
func TestPuzzlesPlayable(t *testing.T) {
	ts := newTestServer(t, nil)
	c := testPuzzles(t)
	for _, p := range c.List {
		var ans playAnswer
		post(t, ts, "/api/play", map[string]any{"puzzle": p.ID, "solution": p.Solution}, &ans)
		want := squareNames(p.Walls)
		slices.Sort(want)
		got := squareNames(ans.Model.Summary.Walls)
		slices.Sort(got)
		if !slices.Equal(got, want) || strings.Join(squareNames(p.Walls), "-") != p.ID {
			t.Fatalf("puzzle %s shows walls %v, generated with %v", p.ID, got, want)
		}
		if !ans.Solved || ans.Value != p.Value {
			t.Fatalf("puzzle %s: its solution is %q (value %d of %d)", p.ID, ans.Verdict, ans.Value, p.Value)
		}
		short := p.Solution
		short.Pieces = short.Pieces[1:]
		post(t, ts, "/api/play", map[string]any{"puzzle": p.ID, "solution": short}, &ans)
		if ans.Solved || !ans.Valid {
			t.Fatalf("puzzle %s one short: %q", p.ID, ans.Verdict)
		}
	}
}

func TestLocateBoard(t *testing.T) {
	for _, dims := range []string{"8", "6x9", "1", "40", "3x17"} {
		m, err := model.Parse([]byte("board: "+dims+"\nplace: [max rook]\n"), "x.yaml")
		if err != nil {
			t.Fatal(err)
		}
		_, g, err := picture(m, nil, false)
		if err != nil {
			t.Fatalf("%s: %v", dims, err)
		}
		if g.Square*float64(g.Cols) > g.Width || g.Square*float64(g.Rows) > g.Height || g.Square < 2 {
			t.Errorf("%s: %+v", dims, g)
		}
	}
	if _, err := locateBoard([]byte("<svg></svg>"), model.NewBoard(8, 8)); err == nil {
		t.Error("located a board in an empty picture")
	}
}

// TestRunMemoryBound: a solve that keeps allocating is stopped at the
// memory bound, and says so.
func TestRunMemoryBound(t *testing.T) {
	limit := heapBytes() + 96<<20
	ts := newTestServer(t, func(c *Config) {
		c.Backends["greedy"] = greedySolver{}
		c.MaxMemory = limit
	})
	_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": modelText(t, "eight-queens.yaml"), "task": "solve", "backend": "greedy", "timeout": 20})
	var res wireResultEvent
	if !lastEvent(t, events, "result", &res) || !strings.Contains(res.Stopped, "memory bound") {
		t.Fatalf("%s %+v", eventNames(events), res)
	}
	runtime.GC()
}

// TestOtherSites: a page elsewhere cannot use the playground, neither by
// rebinding its name to the loopback address nor by posting to it.
func TestOtherSites(t *testing.T) {
	ts := newTestServer(t, nil)
	body := `{"yaml": "board: 8\nplace: [8 queen]", "task": "solve"}`
	for _, c := range []struct {
		name, method, path, host, origin, site string
		status                                 int
	}{
		{"same origin", "POST", "/api/run", "", "self", "same-origin", 200},
		{"no origin (curl)", "POST", "/api/run", "", "", "", 200},
		{"localhost", "GET", "/api/info", "localhost:8080", "", "", 200},
		{"ipv6 loopback", "GET", "/api/info", "[::1]:8080", "", "", 200},
		{"rebound name", "GET", "/api/models", "evil.example:8080", "", "", 403},
		{"rebound name, page", "GET", "/", "evil.example", "", "", 403},
		{"cross-site post", "POST", "/api/run", "", "http://evil.example", "", 403},
		{"cross-site fetch", "POST", "/api/run", "", "", "cross-site", 403},
		{"cross-site put", "PUT", "/api/models/x.yaml", "", "http://evil.example", "cross-site", 403},
	} {
		req, _ := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(body))
		if c.host != "" {
			req.Host = c.host
		}
		switch c.origin {
		case "self":
			req.Header.Set("Origin", ts.URL)
		case "":
		default:
			req.Header.Set("Origin", c.origin)
		}
		if c.site != "" {
			req.Header.Set("Sec-Fetch-Site", c.site)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != c.status {
			t.Errorf("%s: %d, want %d", c.name, res.StatusCode, c.status)
		}
	}
	ts = newTestServer(t, func(c *Config) { c.AnyHost = true })
	req, _ := http.NewRequest("GET", ts.URL+"/api/info", nil)
	req.Host = "my-laptop.lan:8080"
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("AnyHost: %d", res.StatusCode)
	}
}

// TestRunExternal: the command-line solvers join a comparison only when
// the server allows it.
func TestRunExternal(t *testing.T) {
	var tools []string
	for _, tool := range extern.ExternalTools {
		if _, err := exec.LookPath(tool); err == nil {
			tools = append(tools, tool)
		}
	}
	if len(tools) == 0 {
		t.Skip("SKIPPED: none of lp_solve, cbc, glpsol is installed")
	}
	for _, external := range []bool{false, true} {
		ts := newTestServer(t, func(c *Config) { c.External = external })
		_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": modelText(t, "blocked-2w-value10.yaml"), "task": "compare"})
		var ev wireCompareEvent
		if !lastEvent(t, events, "compare", &ev) {
			t.Fatalf("events %s", eventNames(events))
		}
		var names []string
		for _, a := range ev.Row.Answers {
			names = append(names, a.Backend)
		}
		want := []string{"exact", "ilp"}
		if external {
			want = append(want, tools...)
		}
		if !slices.Equal(names, want) || ev.Row.Verdict != "agree" {
			t.Errorf("external %v: %v %s, want %v agreeing", external, names, ev.Row.Verdict, want)
		}
	}
}

// TestListenAndServe serves on a real listener whose read timeout is
// shorter than a solve: the solve still streams to its own time bound, and
// the server shuts down when its context ends.
func TestListenAndServe(t *testing.T) {
	slow := newSlowSolver()
	cfg := Config{Models: builtin(t), Backends: map[string]model.Solver{"slow": slow}}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv.readTimeout = 200 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- srv.ListenAndServe(ctx, "127.0.0.1:0", func(a net.Addr) { addr <- a.String() }) }()
	url := "http://" + <-addr
	body, _ := json.Marshal(map[string]any{"yaml": modelText(t, "eight-queens.yaml"), "task": "solve", "backend": "slow", "timeout": 0.8})
	res, err := http.Post(url+"/api/run", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	events, err := readEvents(res.Body)
	res.Body.Close()
	var ev wireResultEvent
	if err != nil || !lastEvent(t, events, "result", &ev) || !strings.Contains(ev.Stopped, "time bound of 800ms") {
		t.Errorf("%v %s %+v", err, eventNames(events), ev)
	}
	if got := <-slow.ended; got != context.DeadlineExceeded {
		t.Errorf("the solve ended with %v, not its time bound", got)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("shutdown: %v", err)
	}
}
