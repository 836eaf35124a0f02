package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// tourBoardLimit is the largest board side drawn with numbered squares;
// tourListLimit the longest tour listed square by square in text output
// (--json always has every square).
const (
	tourBoardLimit = 32
	tourListLimit  = 4096
)

// printTour shows a tour: the board with each square numbered by its place
// in the tour, then the squares in order. Large tours are summarised, and
// written through a buffer rather than built as one string.
func printTour(w io.Writer, m *model.Model, res *model.Result) {
	if res.Solution == nil || len(res.Solution.Squares) == 0 {
		return
	}
	if res.Verified {
		fmt.Fprintln(w, "  solution verified by the checker")
	}
	squares := res.Solution.Squares
	b := m.Board
	out := bufio.NewWriter(w)
	defer out.Flush()
	kind := "open"
	if m.Tour.Closed {
		kind = "closed"
	}
	fmt.Fprintf(out, "  %s tour of %d squares, %v to %v\n\n", kind, len(squares), squares[0], squares[len(squares)-1])
	if b.Rows <= tourBoardLimit && b.Cols <= tourBoardLimit {
		writeNumberedBoard(out, b, squares)
	}
	if len(squares) > tourListLimit {
		fmt.Fprintf(out, "(%d squares: --json lists them all)\n", len(squares))
		return
	}
	out.WriteString("tour:")
	for i, s := range squares {
		if i > 0 && i%16 == 0 {
			out.WriteString("\n     ")
		}
		out.WriteString(" ")
		out.WriteString(s.String())
	}
	out.WriteString("\n")
}

// writeNumberedBoard draws the board top rank first, each toured square with
// its step number from 1, walls as '#', squares off the board as '-'.
func writeNumberedBoard(out *bufio.Writer, b *model.Board, squares []model.Square) {
	step := map[model.Square]int{}
	for i, s := range squares {
		step[s] = i + 1
	}
	cell := len(fmt.Sprint(len(squares)))
	rank := len(fmt.Sprint(b.Rows))
	for r := b.Rows - 1; r >= 0; r-- {
		fmt.Fprintf(out, "%*d ", rank, r+1)
		for f := 0; f < b.Cols; f++ {
			s := model.Square{File: f, Rank: r}
			text := "."
			switch {
			case b.Cell(s) == model.Wall:
				text = "#"
			case b.Cell(s) == model.Off:
				text = "-"
			case step[s] > 0:
				text = fmt.Sprint(step[s])
			}
			fmt.Fprintf(out, " %*s", cell, text)
		}
		out.WriteString("\n")
	}
	out.WriteString(strings.Repeat(" ", rank+1))
	for f := 0; f < b.Cols; f++ {
		fmt.Fprintf(out, " %*s", cell, model.FileName(f))
	}
	out.WriteString("\n")
}

// writeResultJSON is writeJSON for a result, except that the squares of a
// tour longer than tourListLimit are written one by one through a buffer:
// encoded with the rest of the result they took 35 bytes a square more
// at the peak (the encoder's growing buffer), 900 MB for a 4000x4000 tour.
// The bytes written are the same.
func writeResultJSON(w io.Writer, res *model.Result) error {
	if res.Solution == nil || len(res.Solution.Squares) <= tourListLimit {
		return writeJSON(w, res)
	}
	rest := *res
	rest.Solution = &model.Solution{}
	var text bytes.Buffer
	if err := writeJSON(&text, &rest); err != nil {
		return err
	}
	const hole = `"solution":{}`
	before, after, ok := bytes.Cut(text.Bytes(), []byte(hole))
	if !ok {
		return errors.New("internal error: no solution field in the JSON of a result")
	}
	out := bufio.NewWriter(w)
	out.Write(before)
	out.WriteString(`"solution":{"squares":[`)
	name := make([]byte, 0, 32)
	for i, s := range res.Solution.Squares {
		if i > 0 {
			out.WriteByte(',')
		}
		name, _ = s.AppendText(append(name[:0], '"'))
		name = append(name, '"')
		out.Write(name)
	}
	out.WriteString("]}")
	out.Write(after)
	return out.Flush()
}
