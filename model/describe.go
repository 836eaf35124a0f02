package model

import (
	"fmt"
	"strings"
)

// diagramLimit bounds the side of boards drawn as text.
const diagramLimit = 64

// Diagram draws the board as text, top rank first: '.' an open square, '#'
// a wall, '-' a square not on the board, a piece letter a piece ('*' where
// pieces stack; in a group model the second group's letters are lower
// case, as black's in chess). The solution, if any, adds its pieces and walls. Boards
// larger than 64 on a side are summarised in one line instead.
func (m *Model) Diagram(sol *Solution) string {
	b := m.Board
	if b.Rows > diagramLimit || b.Cols > diagramLimit {
		return fmt.Sprintf("(%s board: too large to draw; %d walls, %d squares not on the board)\n",
			b.Dims(), len(b.Walls()), len(b.OffSquares()))
	}
	marks := map[Square]rune{}
	put := func(s Square, r rune) {
		if _, taken := marks[s]; taken {
			r = '*'
		}
		marks[s] = r
	}
	for _, f := range m.Fixed {
		put(f.Square, m.symbol(f.Piece))
	}
	if sol != nil {
		for _, p := range sol.Pieces {
			put(p.Square, m.groupSymbol(p))
		}
		for _, w := range sol.Walls {
			marks[w] = '#'
		}
		for i, q := range sol.Squares {
			if i == 0 {
				marks[q] = 'S'
			}
		}
	}
	if m.Kind == KindSlide {
		m.Slide.mark(marks) // slide_groups.go
	}
	if m.Kind == KindGame {
		m.Game.mark(marks) // game.go
	}
	if m.Kind == KindTour && m.Tour.Start != nil {
		marks[*m.Tour.Start] = m.Tour.Piece.Symbol
	}
	width := len(fmt.Sprint(b.Rows))
	var sb strings.Builder
	for rank := b.Rows - 1; rank >= 0; rank-- {
		fmt.Fprintf(&sb, "%*d ", width, rank+1)
		for file := 0; file < b.Cols; file++ {
			s := Square{file, rank}
			c := '.'
			switch b.Cell(s) {
			case Wall:
				c = '#'
			case Off:
				c = '-'
			}
			if r, ok := marks[s]; ok {
				c = r
			}
			if file > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteRune(c)
		}
		sb.WriteByte('\n')
	}
	if b.Cols <= 26 {
		sb.WriteString(strings.Repeat(" ", width+1))
		for file := 0; file < b.Cols; file++ {
			if file > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(FileName(file))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func (m *Model) symbol(piece string) rune {
	if p, ok := m.Pieces[piece]; ok && p.Symbol != 0 {
		return p.Symbol
	}
	return '?'
}

// String writes an entry as it is written in a model: "2 rook", "max queen",
// "1 bishop on light".
func (e PlaceEntry) String() string {
	var count string
	switch {
	case e.Opt == Maximize:
		count = "max"
	case e.Opt == Minimize:
		count = "min"
	case e.Count.Min == e.Count.Max:
		count = fmt.Sprint(e.Count.Min)
	case e.Count.Max == Unbounded:
		count = fmt.Sprintf("%d..", e.Count.Min)
	default:
		count = fmt.Sprintf("%d..%d", e.Count.Min, e.Count.Max)
	}
	s := count + " " + e.Piece.Name
	if e.Colour != AnyColour {
		s += " on " + e.Colour.String()
	}
	if e.Group != "" {
		s += " as " + e.Group
	}
	return s
}

// RuleList writes the rules as they are written in a model.
func (r Rules) RuleList() []string {
	var out []string
	if r.Independent {
		out = append(out, "independent")
	}
	out = append(out, "attack "+r.Attack.String())
	if c := r.Cover; c != nil {
		if c.AtLeast > 0 {
			out = append(out, fmt.Sprintf("cover %d %s", c.AtLeast, c.What))
		} else {
			out = append(out, "cover "+c.What.String())
		}
	}
	if r.Stack {
		out = append(out, "stack")
	}
	for _, c := range r.Counts { // attack counts, parse_counts.go
		out = append(out, c.String())
	}
	return out
}

// String writes the objective as in a model, or "" for none.
func (o Objective) String() string {
	switch o.Sense {
	case Maximize:
		return "maximize " + o.Measure.String()
	case Minimize:
		return "minimize " + o.Measure.String()
	}
	return ""
}

// Summary is the normalised model as data, for `show --json` and for
// people: what the parser understood.
type Summary struct {
	Name       string            `json:"name"`
	Kind       string            `json:"kind"`
	Rows       int               `json:"rows"`
	Cols       int               `json:"cols"`
	Walls      []Square          `json:"walls"`
	Off        []Square          `json:"off,omitempty"`
	FreeWalls  string            `json:"free_walls,omitempty"`
	Pieces     map[string]string `json:"pieces"`
	Place      []string          `json:"place,omitempty"`
	Fixed      []Placed          `json:"fixed,omitempty"`
	Rules      []string          `json:"rules,omitempty"`
	Objective  string            `json:"objective,omitempty"`
	Tour       *TourSummary      `json:"tour,omitempty"`
	Slide      *SlideSummary     `json:"slide,omitempty"`
	Game       *GameSummary      `json:"game,omitempty"`
	Symmetries []string          `json:"symmetries"`
	Wrap       string            `json:"wrap,omitempty"` // cylinder, torus, mobius, klein; empty on a plain board

	// Weights: the square weights (board.weights) of the open
	// squares that carry one, by square name; none on an unweighted board.
	Weights map[string]int64 `json:"weights,omitempty"`
}

// TourSummary is the tour section of a Summary.
type TourSummary struct {
	Piece  string  `json:"piece"`
	Start  *Square `json:"start,omitempty"`
	Closed bool    `json:"closed"`
	// Undirected: a path and its reverse are one tour.
	Undirected bool `json:"undirected,omitempty"`
}

// SlideSummary is the slide section of a Summary.
type SlideSummary struct {
	Piece string   `json:"piece"`
	From  []Square `json:"from"`
	To    []Square `json:"to"`
	// Groups: the label classes of a slide with different pieces.
	Groups []SlideGroupSummary `json:"groups,omitempty"`
}

// Summarize describes the model as plain data.
func (m *Model) Summarize() Summary {
	s := Summary{
		Name: m.Name, Kind: m.Kind.String(), Rows: m.Board.Rows, Cols: m.Board.Cols,
		Walls: m.Board.Walls(), Off: m.Board.OffSquares(), Pieces: map[string]string{},
		Fixed: m.Fixed,
	}
	if s.Walls == nil {
		s.Walls = []Square{}
	}
	if m.Board.Wrapped() {
		s.Wrap = m.Board.Wrap.String()
	}
	if m.FreeWalls != nil {
		s.FreeWalls = rangeText(*m.FreeWalls)
	}
	for sq, w := range m.Weights { // square weights
		if w != 0 && m.Board.IsOpen(sq) {
			if s.Weights == nil {
				s.Weights = map[string]int64{}
			}
			s.Weights[sq.String()] = w
		}
	}
	used := func(p *Piece) { s.Pieces[p.Name] = p.Describe() }
	for _, f := range m.Fixed {
		used(m.Pieces[f.Piece])
	}
	switch m.Kind {
	case KindPlace:
		for _, e := range m.Place {
			s.Place = append(s.Place, e.String())
			used(e.Piece)
		}
		s.Rules = append(m.Rules.RuleList(), m.Army.Rules...)
		s.Objective = m.Objective.String()
	case KindTour:
		s.Tour = &TourSummary{Piece: m.Tour.Piece.Name, Start: m.Tour.Start, Closed: m.Tour.Closed, Undirected: m.Tour.Undirected}
		used(m.Tour.Piece)
	case KindSlide:
		s.Slide = &SlideSummary{Piece: m.Slide.Piece.Name, From: m.Slide.From, To: m.Slide.To, Groups: m.Slide.groupSummaries()}
		for _, g := range m.Slide.SlideGroups() {
			used(g.Piece)
		}
	case KindGame:
		s.Game = m.Game.summary()
		for _, side := range m.Game.Sides {
			used(side.Piece)
		}
	}
	for _, sym := range m.FullSymmetries() {
		s.Symmetries = append(s.Symmetries, sym.NameIn(m))
	}
	return s
}
