package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestPrintPartial: a result cut short says what it had counted (the
// typed count so far of every backend, with its classes) and the bound
// proven, in the objective's direction.
func TestPrintPartial(t *testing.T) {
	most, err := model.Parse([]byte("name: most queens\nboard: 4\nplace: [max queen]\nrules: [independent]\n"), "most.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		stats model.Stats
		want  string
	}{
		{"count so far", model.Stats{CountedSoFar: model.Int64(1)}, "  counted so far: 1 solution (incomplete)\n"},
		{"with classes", model.Stats{CountedSoFar: model.Int64(172), ClassesSoFar: model.Int64(22)},
			"  counted so far: 172 solutions (incomplete), 22 classes up to symmetry\n"},
		{"a bound", model.Stats{Bound: model.Int64(5)}, "  proven bound: at most 5\n"},
		{"nothing", model.Stats{}, ""},
	} {
		var b bytes.Buffer
		printPartial(&b, most, &model.Result{Status: model.StatusUnknown, Stats: tc.stats})
		if b.String() != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, b.String(), tc.want)
		}
	}
}

// TestPrintStatsTyped: --stats prints the typed statistics under their
// keys, in order with the technique's own.
func TestPrintStatsTyped(t *testing.T) {
	var b bytes.Buffer
	printStats(&b, &model.Result{Stats: model.Stats{Seconds: 1.5, Nodes: 7, Engine: "clique branch and bound",
		Bound: model.Int64(4), Extra: map[string]any{"cliques": "8 rows"}}})
	want := "stats: 1.500s, 7 nodes\n  bound: 4\n  cliques: 8 rows\n  engine: clique branch and bound\n"
	if got := b.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if strings.Contains(b.String(), "0x") {
		t.Error("a pointer printed")
	}
}
