package exact

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/internal/oeis"
	"github.com/chessmodel/chessmodel/model"
)

// TestLinesChosen: dispatch counts line pieces by rook polynomials (9
// bishops on 9x9, which the search does not count in a minute), and
// leaves counts of classes to the search.
func TestLinesChosen(t *testing.T) {
	m := load(t, "n-bishops", "board=9")
	res := run(t, m, model.Options{Task: model.TaskCount})
	if got, want := count(res), oeis.A002465[8]; got != want {
		t.Errorf("9 bishops on 9x9: %d, want %d", got, want)
	}
	if e := fmt.Sprint(res.Stats.Extra["engine"]); !strings.Contains(e, "rook polynomials") {
		t.Errorf("9 bishops on 9x9 counted by %q", e)
	}
	m = load(t, "n-bishops", "board=5")
	res = run(t, m, model.Options{Task: model.TaskCount, Symmetry: true})
	if got, want := count(res), oeis.A002465[4]; got != want || classes(res) < 0 {
		t.Errorf("5 bishops on 5x5 with classes: count %d (want %d), classes %d", got, want, classes(res))
	}
	if e := fmt.Sprint(res.Stats.Extra["engine"]); strings.Contains(e, "rook polynomials") {
		t.Errorf("classes counted by %q, which counts no classes", e)
	}
}
