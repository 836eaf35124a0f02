package exact

import (
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/clique"
	"github.com/chessmodel/chessmodel/exact/internal/techtest"
	"github.com/chessmodel/chessmodel/internal/oeis"
	"github.com/chessmodel/chessmodel/model"
)

// TestLinesChosen: dispatch counts line pieces by rook polynomials (9
// bishops on 9x9, which the search does not count in a minute), classes
// too, with the search's numbers, and leaves to the search what the
// polynomials do not take (classes of two colour rules).
func TestLinesChosen(t *testing.T) {
	engine := func(res *model.Result) string { return res.Stats.Engine }
	m := load(t, "n-bishops", "board=9")
	res := run(t, m, model.Options{Task: model.TaskCount})
	if got, want := count(res), oeis.A002465[8]; got != want || !strings.Contains(engine(res), "rook polynomials") {
		t.Errorf("9 bishops on 9x9: %d by %q, want %d by rook polynomials", got, engine(res), want)
	}
	for _, set := range [][]string{{"board=5"}, {"board=6", "place=[2 bishop on light, 2 bishop on dark]"}} {
		m := load(t, "n-bishops", set...)
		opts := model.Options{Task: model.TaskCount, Symmetry: true}
		res := run(t, m, opts)
		want := techtest.Run(t, clique.Technique, m, opts)
		if count(res) != count(want) || classes(res) != classes(want) || classes(res) < 0 {
			t.Errorf("%v with classes: %d, %d; the search %d, %d", set, count(res), classes(res), count(want), classes(want))
		}
		if polynomials := strings.Contains(engine(res), "rook polynomials"); polynomials != (len(set) == 1) {
			t.Errorf("%v with classes counted by %q", set, engine(res))
		}
	}
}
