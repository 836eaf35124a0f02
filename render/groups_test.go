package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestGroupColours: each group of a group model is drawn in its own
// colour, and a model without groups keeps the placed pieces black.
func TestGroupColours(t *testing.T) {
	m, err := model.Parse([]byte("board: 3\nplace: [1 queen as white, 1 queen as black, 1 queen as red]\nrules: [independent between groups]\n"), "three.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sol := &model.Solution{Pieces: []model.Placed{
		{Piece: "queen", Square: model.Square{File: 0, Rank: 0}, Group: "white"},
		{Piece: "queen", Square: model.Square{File: 1, Rank: 2}, Group: "black"},
		{Piece: "queen", Square: model.Square{File: 2, Rank: 1}, Group: "red"},
	}}
	var b bytes.Buffer
	if err := SVG(&b, m, sol, Options{}); err != nil {
		t.Fatal(err)
	}
	for i, st := range groupStyles[:3] {
		if !strings.Contains(b.String(), hex(st.body)) {
			t.Errorf("group %d: no body in %s", i+1, hex(st.body))
		}
	}
	plain, _ := model.Parse([]byte("board: 3\nplace: [1 queen]\n"), "one.yaml")
	if got := placedStyle(plain, model.Placed{Piece: "queen"}); got != stylePlaced {
		t.Errorf("without groups: style %s", got.name)
	}
}
