package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// POST /api/stop stops a run by its id, and the run still answers with the
// best the backend found, its bound and its picture.
func TestRunStopKeepsBest(t *testing.T) {
	ts := newTestServer(t, nil)
	body, _ := json.Marshal(map[string]any{"yaml": "board: 12\nplace: [max queen, max knight]\nrules: [independent]\n", "task": "solve"})
	res, err := http.Post(ts.URL+"/api/run", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	var name string
	var result struct {
		Result struct {
			Status   model.Status    `json:"status"`
			Value    *int64          `json:"value"`
			Solution *model.Solution `json:"solution"`
			Verified bool            `json:"verified"`
			Stats    map[string]any  `json:"stats"`
		} `json:"result"`
		Stopped string `json:"stopped"`
		SVG     string `json:"svg"`
	}
	var id string
	got, stopped := false, false
	stop := func() bool {
		var ans struct{ Stopped bool }
		post(t, ts, "/api/stop", map[string]string{"id": id}, &ans)
		return ans.Stopped
	}
	for sc.Scan() {
		line, isData := sc.Text(), strings.HasPrefix(sc.Text(), "data: ")
		switch {
		case strings.HasPrefix(line, "event: "):
			name = line[len("event: "):]
		case name == "started" && isData:
			var started startedEvent
			if err := json.Unmarshal([]byte(line[len("data: "):]), &started); err != nil || started.ID == "" {
				t.Fatalf("started %s: %v", line, err)
			}
			id = started.ID
		case name == "progress" && isData && strings.Contains(line, "best") && !stopped:
			// The backend has found a placement: stop it.
			if !stop() {
				t.Fatalf("run %q not stopped", id)
			}
			stopped = true
		case name == "result" && isData:
			if err := json.Unmarshal([]byte(line[len("data: "):]), &result); err != nil {
				t.Fatal(err)
			}
			got = true
		}
	}
	if stop() {
		t.Errorf("a finished run is stopped again")
	}
	if !got {
		t.Fatal("no result event")
	}
	checkStoppedBest(t, result.Result.Status, result.Stopped, result.Result.Value != nil && result.Result.Solution != nil &&
		result.Result.Verified && result.SVG != "" && result.Result.Stats["bound"] != nil)
	var ans struct{ Stopped bool }
	if post(t, ts, "/api/stop", map[string]string{"id": "nonesuch"}, &ans); ans.Stopped {
		t.Errorf("an unknown run is stopped")
	}
}

// An enumeration is answered a page at a time: all 92 solutions of eight
// queens in pages of 20, or one per class.
func TestRunEnumeratePages(t *testing.T) {
	ts := newTestServer(t, nil)
	queens := modelText(t, "eight-queens.yaml")
	m, err := model.Parse([]byte(queens), "eight-queens.yaml")
	if err != nil {
		t.Fatal(err)
	}
	page := func(skip, limit int, classes bool) solutionsEvent {
		t.Helper()
		_, events, _ := runStream(t, t.Context(), ts, map[string]any{"yaml": queens, "task": "enumerate", "skip": skip, "limit": limit, "symmetry": classes})
		var ev solutionsEvent
		if !lastEvent(t, events, "solutions", &ev) {
			t.Fatalf("events %s", eventNames(events))
		}
		return ev
	}
	all := map[string]bool{}
	for skip := 0; skip < 92; skip += 20 {
		ev := page(skip, 20, false)
		want := min(20, 92-skip)
		if len(ev.Solutions) != want || ev.More != (skip+20 < 92) || ev.Skip != skip {
			t.Fatalf("skip %d: %d solutions, more %v", skip, len(ev.Solutions), ev.More)
		}
		for _, s := range ev.Solutions {
			if r := model.Check(m, &s); !r.Valid {
				t.Fatalf("skip %d: %v", skip, r.Problems)
			}
			all[s.Key()] = true
		}
	}
	if len(all) != 92 {
		t.Errorf("%d distinct solutions in the pages", len(all))
	}
	ev := page(0, 20, true)
	canon := m.CanonicalFunc()
	classes := map[string]bool{}
	for _, s := range ev.Solutions {
		classes[canon(s).Key()] = true
	}
	if len(ev.Solutions) != 12 || len(classes) != 12 || ev.More {
		t.Errorf("%d solutions, %d classes, more %v", len(ev.Solutions), len(classes), ev.More)
	}
	if code := post(t, ts, "/api/run", map[string]any{"yaml": queens, "task": "enumerate", "limit": MaxPage + 1}, nil); code != http.StatusBadRequest {
		t.Errorf("a page over the bound: status %d", code)
	}
}

// The page is not offered brute where brute refuses the model.
func TestParseRefused(t *testing.T) {
	ts := newTestServer(t, asUser)
	for _, c := range []struct {
		yaml    string
		refused bool
	}{
		{modelText(t, "eight-queens.yaml"), true},
		{modelText(t, "knights-tour.yaml"), true},
		{"board: 4\nplace: [4 queen]\nrules: [independent]\n", false},
	} {
		var ans parseAnswer
		post(t, ts, "/api/parse", map[string]any{"yaml": c.yaml}, &ans)
		if !ans.OK || (ans.Model.Refused["brute"] != "") != c.refused || ans.Model.Refused["exact"] != "" || ans.Model.Refused["ilp"] != "" {
			t.Errorf("%q: refused %v", c.yaml, ans.Model.Refused)
		}
	}
}

// checkStoppedBest: a run stopped on request keeps the best it found: it
// ends feasible, as the command line says, saying why it stopped, with
// the best placement so far (its value, verified solution, picture and
// bound: whole).
func checkStoppedBest(t *testing.T, status model.Status, stopped string, whole bool) {
	t.Helper()
	if status != model.StatusFeasible || !strings.Contains(stopped, "on request") {
		t.Fatalf("status %s, stopped %q", status, stopped)
	}
	if !whole {
		t.Error("stopped without the best so far (value, verified solution, picture and bound)")
	}
}
