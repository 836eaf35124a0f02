package tour

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// Theorems that decide a board without search. Each returns the reason no
// tour exists, or "" when it does not apply. The model theorems look only at
// the piece and the board's shape, so they also decide boards too large to
// build a move graph for; the graph theorems need the graph.

// colourBound reports whether every move of the piece keeps the colour of
// its square: each leap and each ride direction moves an even number of
// files plus ranks (the camel's (1,3), the bishop's (1,1)).
func colourBound(p *model.Piece) bool {
	for _, v := range append(append([]model.Vector(nil), p.Leaps...), p.Rides...) {
		if (v.File+v.Rank)%2 != 0 {
			return false
		}
	}
	return len(p.Leaps)+len(p.Rides) > 0
}

// colourChanging reports whether every move of the piece changes colour: a
// leaper whose leaps all move an odd number of files plus ranks (knight,
// zebra, giraffe). Riders never qualify: two steps keep the colour.
func colourChanging(p *model.Piece) bool {
	if len(p.Rides) > 0 || len(p.Leaps) == 0 {
		return false
	}
	for _, v := range p.Leaps {
		if (v.File+v.Rank)%2 == 0 {
			return false
		}
	}
	return true
}

// isKnight reports whether the piece moves exactly as a knight.
func isKnight(p *model.Piece) bool {
	if len(p.Rides) > 0 || len(p.Leaps) != 8 {
		return false
	}
	for _, v := range p.Leaps {
		a, b := abs(v.File), abs(v.Rank)
		if !(a == 1 && b == 2 || a == 2 && b == 1) {
			return false
		}
	}
	return true
}

// fullRectangle reports whether every square of the board is open.
func fullRectangle(b *model.Board) bool { return b.OpenCount() == b.Size() }

// colourCounts counts the open dark and light squares.
func colourCounts(b *model.Board) (dark, light int64) {
	rows, cols := int64(b.Rows), int64(b.Cols)
	dark = (rows*cols + 1) / 2 // a1 is dark
	light = rows*cols - dark
	for _, s := range append(b.Walls(), b.OffSquares()...) {
		if s.Dark() {
			dark--
		} else {
			light--
		}
	}
	return dark, light
}

// modelTheorems decides from the piece and the board's shape.
func modelTheorems(m *model.Model) string {
	b, t := m.Board, m.Tour
	open := int64(b.OpenCount())
	name := t.Piece.Name
	dark, light := colourCounts(b)
	if t.Closed && open < 3 {
		return fmt.Sprintf("a closed tour is a cycle of the move graph, which joins two squares once however many moves go between them, so it needs at least 3 squares; the board has %d open", open)
	}
	if open <= 1 {
		return ""
	}
	if len(t.Piece.Leaps)+len(t.Piece.Rides) == 0 {
		return fmt.Sprintf("the %s has no move", name)
	}
	if !m.Plain() {
		return "" // across a glued edge a move may keep or change colour as it will: the graph decides
	}
	if colourBound(t.Piece) && dark > 0 && light > 0 {
		return fmt.Sprintf("the %s never changes colour (each of its moves goes an even number of files plus ranks), and the board has open squares of both colours (%d dark, %d light)", name, dark, light)
	}
	if colourChanging(t.Piece) {
		if t.Closed && open%2 != 0 {
			return fmt.Sprintf("a closed tour needs an even number of squares: every %s move changes colour, so a closed tour alternates colours; the board has %d open squares", name, open)
		}
		if t.Closed && dark != light {
			return fmt.Sprintf("every %s move changes colour, so a closed tour visits as many dark as light squares; the board has %d dark and %d light", name, dark, light)
		}
		if diff := dark - light; diff > 1 || diff < -1 {
			return fmt.Sprintf("every %s move changes colour, so a tour's dark and light squares differ by at most one; the board has %d dark and %d light", name, dark, light)
		}
		if s := t.Start; s != nil && ((dark > light && !s.Dark()) || (light > dark && s.Dark())) {
			return fmt.Sprintf("every %s move changes colour and the board has %d dark and %d light squares, so a tour starts and ends on the colour there is more of; the start %v is not", name, dark, light, *s)
		}
	}
	if t.Closed && isKnight(t.Piece) && fullRectangle(b) {
		if why := schwenk(b.Rows, b.Cols); why != "" {
			return why
		}
	}
	return ""
}

// schwenk applies Schwenk's theorem (1991): an m x n board, m <= n, has a
// closed knight's tour unless m and n are both odd, m is 1, 2 or 4, or m is
// 3 and n is 4, 6 or 8.
func schwenk(rows, cols int) string {
	m, n := min(rows, cols), max(rows, cols)
	why := ""
	switch {
	case m%2 == 1 && n%2 == 1:
		why = "both sides are odd"
	case m == 1 || m == 2 || m == 4:
		why = fmt.Sprintf("the shorter side is %d", m)
	case m == 3 && (n == 4 || n == 6 || n == 8):
		why = fmt.Sprintf("it is 3 x %d", n)
	}
	if why == "" {
		return ""
	}
	return fmt.Sprintf("Schwenk's theorem: the %dx%d board has no closed knight's tour (%s)", rows, cols, why)
}

// graphTheorems decides from the move graph: connectivity and degrees.
func graphTheorems(m *model.Model, g *model.MoveGraph) string {
	n := g.Len()
	if n <= 1 {
		return ""
	}
	name := m.Tour.Piece.Name
	comp, parts := g.Components()
	if parts > 1 {
		other := 0
		for v := range comp {
			if comp[v] != comp[0] {
				other = v
				break
			}
		}
		return fmt.Sprintf("the %s's move graph is disconnected (%d parts): no sequence of moves leads from %v to %v",
			name, parts, g.Squares[0], g.Squares[other])
	}
	start := -1
	if s := m.Tour.Start; s != nil {
		start = g.Vertex(*s)
	}
	var ends []model.Square
	for v := 0; v < n; v++ {
		d := g.Degree(v)
		if m.Tour.Closed && d < 2 {
			return fmt.Sprintf("%v has only %d %s move; a closed tour enters and leaves every square", g.Squares[v], d, name)
		}
		if d == 1 && v != start {
			ends = append(ends, g.Squares[v])
		}
	}
	allowed := 2
	if start >= 0 {
		allowed = 1
	}
	if len(ends) > allowed {
		return fmt.Sprintf("%v each have a single %s move, so each must end the tour, and a tour has %d free end(s)", ends, name, allowed)
	}
	return ""
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
