package serve

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// weightedModel carries a weight on three squares, one of them negative.
const weightedModel = "board: {size: 4, weights: {a1: 7, b2: -13, d4: 21}}\nplace: [2 rook]\nrules: [independent]\nobjective: maximize weight\n"

// TestParseWeights: the parse answer carries the square weights in the
// summary, and the board picture draws each number.
func TestParseWeights(t *testing.T) {
	ts := newTestServer(t, nil)
	var ans parseAnswer
	if status := post(t, ts, "/api/parse", map[string]any{"yaml": weightedModel, "file": "w.yaml"}, &ans); status != 200 || !ans.OK {
		t.Fatalf("status %d, %+v", status, ans.Error)
	}
	w := ans.Model.Summary.Weights
	if len(w) != 3 || w["a1"] != 7 || w["b2"] != -13 || w["d4"] != 21 {
		t.Errorf("summary weights %v", w)
	}
	for _, n := range []string{">7<", ">-13<", ">21<"} {
		if !strings.Contains(ans.Model.SVG, n) {
			t.Errorf("the board picture does not draw the weight %s", n)
		}
	}
}

// TestBrowserWeights: a user who types a weighted model sees its weights
// in the summary and on the board; one who types a torus sees the wrap
// in the summary.
func TestBrowserWeights(t *testing.T) {
	ts := newTestServer(t, asUser)
	ctx := openPage(t, ts)
	run(t, ctx, "type a weighted model", typeModel(weightedModel), waitText("#summary", "weights"))
	if s := text(t, ctx, "#summary"); !strings.Contains(s, "3 squares, -13 to 21") {
		t.Errorf("the summary reads %q", s)
	}
	var drawn []string
	run(t, ctx, "read the board", chromedp.Evaluate(`[...document.querySelectorAll("#board-wrap svg text")].map(e => e.textContent)`, &drawn))
	for _, want := range []string{"7", "-13", "21"} {
		found := false
		for _, d := range drawn {
			found = found || d == want
		}
		if !found {
			t.Errorf("the board does not show the weight %s (texts %v)", want, drawn)
		}
	}
	run(t, ctx, "type a torus", typeModel("board: {size: 5, wrap: torus}\nplace: [5 queen]\nrules: [independent]\n"), waitText("#summary", "wrapped: torus"))
}
