package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"strings"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/render"
)

// Draw a solution of the eight queens as SVG and as PNG.
func Example() {
	m, err := model.Load("../testdata/models/eight-queens.yaml")
	if err != nil {
		panic(err)
	}
	sol, err := model.ReadSolution(strings.NewReader(`{"pieces": [
		{"piece": "queen", "square": "a4"}, {"piece": "queen", "square": "b2"},
		{"piece": "queen", "square": "c7"}, {"piece": "queen", "square": "d3"},
		{"piece": "queen", "square": "e6"}, {"piece": "queen", "square": "f8"},
		{"piece": "queen", "square": "g5"}, {"piece": "queen", "square": "h1"}]}`), "queens.json")
	if err != nil {
		panic(err)
	}
	var svg bytes.Buffer
	if err := render.SVG(&svg, m, sol, render.Options{}); err != nil {
		panic(err)
	}
	fmt.Println("queens drawn:", strings.Count(svg.String(), `<use href="#queen-placed"`))

	var pic bytes.Buffer
	if err := render.PNG(&pic, m, sol, render.Options{Size: 240}); err != nil {
		panic(err)
	}
	img, err := png.Decode(&pic)
	if err != nil {
		panic(err)
	}
	fmt.Println("PNG size:", img.Bounds().Size())
	// Output:
	// queens drawn: 8
	// PNG size: (268,270)
}
