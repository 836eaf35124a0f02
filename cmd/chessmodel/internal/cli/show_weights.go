package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// printWeights draws the square weights (board.weights) under the
// diagram as a grid in the layout of the diagram: top rank first, each
// number right-aligned in its file's column, 0 where an open square has
// none, # on a wall and - off the board. Nothing on an unweighted board.
func printWeights(w io.Writer, m *model.Model) {
	if len(m.Summarize().Weights) == 0 {
		return
	}
	b := m.Board
	cell := func(s model.Square) string {
		switch {
		case b.IsOpen(s):
			return strconv.FormatInt(m.Weight(s), 10)
		case b.InBounds(s) && b.Cell(s) == model.Wall:
			return "#"
		default:
			return "-"
		}
	}
	width := 1
	for i := 0; i < b.Size(); i++ {
		width = max(width, len(cell(b.Square(i))))
	}
	label := len(strconv.Itoa(b.Rows))
	fmt.Fprintln(w, "\nweights")
	for r := b.Rows - 1; r >= 0; r-- {
		line := fmt.Sprintf("%*d", label, r+1)
		for f := 0; f < b.Cols; f++ {
			line += fmt.Sprintf(" %*s", width, cell(model.Square{File: f, Rank: r}))
		}
		fmt.Fprintln(w, line)
	}
	files := strings.Repeat(" ", label)
	for f := 0; f < b.Cols; f++ {
		files += fmt.Sprintf(" %*s", width, model.FileName(f))
	}
	fmt.Fprintln(w, files)
}
