package model

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

var sizePattern = regexp.MustCompile(`^\s*(\d+)\s*(?:[xX×]\s*(\d+)\s*)?$`)

// sizeLike is a one-line board that can only be meant as a size.
var sizeLike = regexp.MustCompile(`^\s*\d[^\n]*$`)

func (p *parser) board(n *yaml.Node, m *Model) error {
	switch n.Kind {
	case yaml.ScalarNode:
		// A line that starts with a digit is a size: a diagram holds no
		// digits, and "8x8x8" is better told it is not a size than that
		// '8' is not a square of a diagram.
		if sizePattern.MatchString(n.Value) || sizeLike.MatchString(n.Value) {
			rows, cols, err := p.size(n)
			if err != nil {
				return err
			}
			m.Board = NewBoard(rows, cols)
			return nil
		}
		if n.Tag == "!!str" && strings.TrimSpace(n.Value) != "" {
			return p.diagram(n, m)
		}
	case yaml.MappingNode:
		f, err := p.fields(n, []string{"size", "diagram", "walls", "off", "wrap", "weights"}, "board")
		if err != nil {
			return err
		}
		switch {
		case f["size"] != nil && f["diagram"] != nil:
			return p.errorf(f["diagram"], "board has both size and diagram; give one")
		case f["size"] != nil:
			rows, cols, err := p.size(f["size"])
			if err != nil {
				return err
			}
			m.Board = NewBoard(rows, cols)
		case f["diagram"] != nil:
			if err := p.diagram(f["diagram"], m); err != nil {
				return err
			}
		default:
			return p.errorf(n, "board needs size (like 8 or \"6x9\") or diagram")
		}
		if err := p.wrap(f["wrap"], m.Board); err != nil {
			return err
		}
		if off := f["off"]; off != nil {
			squares, err := p.squares(off, m.Board, "squares not on the board")
			if err != nil {
				return err
			}
			for _, s := range squares {
				m.Board.Set(s, Off)
			}
		}
		if walls := f["walls"]; walls != nil {
			if err := p.walls(walls, m); err != nil {
				return err
			}
		}
		if w := f["weights"]; w != nil { // parse_counts.go
			return p.weights(w, m)
		}
		return nil
	}
	return p.errorf(n, "expected a board: a size like 8 or \"6x9\", a mapping with size and walls, or a diagram")
}

func (p *parser) size(n *yaml.Node) (int, int, error) {
	s, err := p.scalar(n, "a board size like 8 or \"6x9\"")
	if err != nil {
		return 0, 0, err
	}
	g := sizePattern.FindStringSubmatch(s)
	if g == nil {
		return 0, 0, p.errorf(n, "expected a board size like 8 or \"6x9\" (ranks x files), found %q", shortQuote(s))
	}
	rows, err1 := strconv.Atoi(g[1])
	cols := rows
	var err2 error
	if g[2] != "" {
		cols, err2 = strconv.Atoi(g[2])
	}
	if err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > MaxBoardSide || cols > MaxBoardSide {
		return 0, 0, p.errorf(n, "board size %q: each side must be from 1 to %d", s, MaxBoardSide)
	}
	return rows, cols, nil
}

// diagram reads a picture of the board, top rank first: '.' open, '#' or 'P'
// a wall, '-' not on the board, a piece letter a fixed piece. Spaces between
// squares are ignored.
func (p *parser) diagram(n *yaml.Node, m *Model) error {
	type row struct {
		text      []rune
		line, col int
		cols      []int // source column of each square
	}
	var rows []row
	for i, raw := range strings.Split(n.Value, "\n") {
		var r row
		r.line, r.col = n.Line, n.Column
		if n.Style == yaml.LiteralStyle || n.Style == yaml.FoldedStyle {
			r.line = n.Line + 1 + i
			r.col = 1
			if src, ok := p.sourceLine(n, r.line); ok {
				r.col = len(src) - len(strings.TrimLeft(src, " \t")) + 1
			}
		}
		for j, c := range []rune(raw) {
			if c != ' ' && c != '\t' && c != '\r' {
				r.text = append(r.text, c)
				r.cols = append(r.cols, r.col+j)
			}
		}
		rows = append(rows, r)
	}
	for len(rows) > 0 && len(rows[len(rows)-1].text) == 0 {
		rows = rows[:len(rows)-1]
	}
	for len(rows) > 0 && len(rows[0].text) == 0 {
		rows = rows[1:]
	}
	if len(rows) == 0 {
		return p.errorf(n, "empty board diagram")
	}
	cols := len(rows[0].text)
	if len(rows) > 1000 || cols > 1000 {
		return p.errorf(n, "board diagrams are limited to 1000x1000; use size and walls for larger boards")
	}
	b := NewBoard(len(rows), cols)
	symbols := map[rune]*Piece{}
	for _, pc := range m.Pieces {
		symbols[pc.Symbol] = pc
	}
	for i, r := range rows {
		at := p.within(n, r.line, r.col)
		if len(r.text) != cols {
			return p.errorf(at, "diagram row %d has %d squares, expected %d like the first row", i+1, len(r.text), cols)
		}
		rank := len(rows) - 1 - i
		for file, c := range r.text {
			s := Square{File: file, Rank: rank}
			switch c {
			case '.':
			case '#', 'P':
				b.Set(s, Wall)
			case '-':
				b.Set(s, Off)
			default:
				pc, ok := symbols[c]
				if !ok {
					at.Column = r.cols[file]
					return p.errorf(at, "unexpected %q in the diagram; expected . (open), # (wall), - (not on the board) or a piece letter %s", c, symbolList(m))
				}
				m.Fixed = append(m.Fixed, Placed{Piece: pc.Name, Square: s})
			}
		}
	}
	m.Board = b
	return nil
}

// within is a node for a place inside n (a square of a diagram), from
// where n was read: the file or a --set value.
func (p *parser) within(n *yaml.Node, line, col int) *yaml.Node {
	at := &yaml.Node{Line: line, Column: col, Style: yaml.LiteralStyle}
	if o, ok := p.origin[n]; ok {
		p.origin[at] = o
	}
	return at
}

// sourceLine is a line (from 1) of the text n was read from: the file, or
// the value of the --set that gave it.
func (p *parser) sourceLine(n *yaml.Node, line int) (string, bool) {
	lines := p.lines
	if o, ok := p.origin[n]; ok {
		_, value, _ := strings.Cut(o, "=")
		lines = strings.Split(value, "\n")
	}
	if line < 1 || line > len(lines) {
		return "", false
	}
	return lines[line-1], true
}

func symbolList(m *Model) string {
	var s []string
	for _, pc := range m.Pieces {
		s = append(s, fmt.Sprintf("%c", pc.Symbol))
	}
	sort.Strings(s)
	return strings.Join(s, " ")
}

// squares reads a list of squares on board b (a YAML list, or one scalar of
// names separated by spaces or commas).
func (p *parser) squares(n *yaml.Node, b *Board, what string) ([]Square, error) {
	items, err := p.items(n, "a list of "+what+", like [e4, d5]")
	if err != nil {
		return nil, err
	}
	var out []Square
	seen := map[Square]bool{}
	for _, it := range items {
		if it.Kind != yaml.ScalarNode {
			return nil, p.errorf(it, "expected a square like e4 in the %s, found %s", what, describe(it))
		}
		offset := 0
		for _, name := range strings.FieldsFunc(it.Value, func(r rune) bool { return r == ' ' || r == ',' }) {
			offset = strings.Index(it.Value[offset:], name) + offset
			s, err := p.square(it, offset, name, b)
			if err != nil {
				return nil, err
			}
			if seen[s] {
				return nil, p.errorAt(it, offset, "square %v listed twice in the %s", s, what)
			}
			seen[s] = true
			out = append(out, s)
			offset += len(name)
		}
	}
	return out, nil
}

func (p *parser) square(n *yaml.Node, offset int, name string, b *Board) (Square, error) {
	s, err := ParseSquare(name)
	if err != nil {
		return s, p.errorAt(n, offset, "bad %v", err)
	}
	if !b.InBounds(s) {
		return s, p.errorAt(n, offset, "square %s is not on the %dx%d board (files a..%s, ranks 1..%d)",
			name, b.Rows, b.Cols, FileName(b.Cols-1), b.Rows)
	}
	return s, nil
}

func (p *parser) walls(n *yaml.Node, m *Model) error {
	var fixed, free *yaml.Node
	switch {
	case n.Kind == yaml.ScalarNode && n.Value == "free":
		m.FreeWalls = &Range{0, Unbounded}
		return nil
	case n.Kind == yaml.MappingNode:
		f, err := p.fields(n, []string{"fixed", "free"}, "walls")
		if err != nil {
			return err
		}
		fixed, free = f["fixed"], f["free"]
	default:
		fixed = n
	}
	if fixed != nil {
		squares, err := p.squares(fixed, m.Board, "walls")
		if err != nil {
			return err
		}
		for _, s := range squares {
			if m.Board.Cell(s) == Off {
				return p.errorf(fixed, "wall %v is on a square that is not on the board", s)
			}
			m.Board.Set(s, Wall)
		}
	}
	if free != nil {
		if free.Kind == yaml.ScalarNode && (free.Value == "true" || free.Value == "any") {
			m.FreeWalls = &Range{0, Unbounded}
		} else {
			r, opt, err := p.count(free, free.Value, 0, m.Board)
			if err != nil {
				return err
			}
			if opt != Fixed {
				return p.errorf(free, "free walls take a count like 3 or 0..5, not %s; use objective: minimize walls", free.Value)
			}
			m.FreeWalls = &r
		}
	}
	return nil
}
