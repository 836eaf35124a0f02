package render

import (
	"math"
	"slices"
	"strconv"

	"github.com/chessmodel/chessmodel/model"
)

// A scene is everything one picture shows, in board terms. Scenes are made
// from a model and a solution (or a step of one), then drawn on a canvas.
type scene struct {
	m       *model.Model
	attacks bool
	caption string

	fixed   []model.Placed // stood on the board before anything was placed: white
	styles  []*pieceStyle  // of each of pieces when they differ (slide groups); else placed
	pieces  []model.Placed // placed by the solution, or sliding: black
	walls   []model.Square // added by the solution
	targets []model.Square // where sliding pieces must go
	owners  []*pieceStyle  // of each of targets: the one side of a game whose goal it is; nil when shared

	tour      []model.Square // the path so far
	tourTotal int            // squares in the whole tour, for stable colours
	tourDone  bool           // the whole tour: mark its end, close it if the model says so
	tourHead  bool           // show the touring piece on the last square of tour

	highlight []model.Square // the squares of the last move
	moves     []model.Move   // arrows
	moveFirst int            // index of moves[0] in the whole sequence
	moveTotal int            // moves in the whole sequence, for stable colours
}

// newScene is the still picture of a model and, if sol is not nil, of a
// solution: a placement with its pieces and walls; a tour with its path; a
// slide as its start position with an arrow for every move; a game as its
// start position with each side's goal squares ringed.
func newScene(m *model.Model, sol *model.Solution) *scene {
	sc := &scene{m: m, fixed: m.Fixed}
	switch m.Kind {
	case model.KindTour:
		if sol != nil && len(sol.Squares) > 0 {
			sc.tour = sol.Squares
			sc.tourTotal = len(sol.Squares)
			sc.tourDone = true
		} else if m.Tour.Start != nil {
			sc.pieces = []model.Placed{{Piece: m.Tour.Piece.Name, Square: *m.Tour.Start}}
		}
	case model.KindGame:
		sc.pieces, sc.styles = gamePieces(m, m.GameStart())
		sc.targets, sc.owners = gameGoals(m)
	case model.KindSlide:
		sc.pieces, sc.styles = slidePieces(m, m.SlideStart())
		sc.targets = m.Slide.To
		if sol != nil {
			sc.moves = sol.Moves
			sc.moveTotal = len(sol.Moves)
		}
	}
	if sol != nil {
		sc.pieces = append(sc.pieces, sol.Pieces...)
		sc.walls = sol.Walls
	}
	return sc
}

// slidePieces are the pieces of a slide's position, in square order, and
// their styles: black as placed pieces are for a slide of identical
// pieces; for a slide with different pieces each group its own colour
// (groupStyles: white, black, red, ...).
func slidePieces(m *model.Model, pos model.SlidePosition) ([]model.Placed, []*pieceStyle) {
	squares := make([]model.Square, 0, len(pos))
	for s := range pos {
		squares = append(squares, s)
	}
	model.SortSquares(squares)
	groups := m.Slide.SlideGroups()
	out := make([]model.Placed, len(squares))
	styles := make([]*pieceStyle, len(squares))
	for i, s := range squares {
		g := pos[s]
		out[i] = model.Placed{Piece: groups[g].Piece.Name, Square: s}
		styles[i] = stylePlaced
		if m.Slide.Labelled() {
			styles[i] = groupStyles[g%len(groupStyles)]
		}
	}
	return out, styles
}

// gamePieces are the pieces of a game's position, the first side's in
// white and the second's in black (groupStyles).
func gamePieces(m *model.Model, pos model.GamePosition) ([]model.Placed, []*pieceStyle) {
	var out []model.Placed
	var styles []*pieceStyle
	for side, s := range m.Game.Sides {
		for _, q := range pos.Pieces[side] {
			out = append(out, model.Placed{Piece: s.Piece.Name, Square: q})
			styles = append(styles, groupStyles[side])
		}
	}
	return out, styles
}

// gameGoals are the goal squares of both sides of a game, each once,
// ringed as a slide's targets are, and the style of the side whose goal
// each is when only one side's is (nil for a goal of both).
func gameGoals(m *model.Model) ([]model.Square, []*pieceStyle) {
	var goals []model.Square
	var owners []*pieceStyle
	for side, s := range m.Game.Sides {
		for _, q := range s.Goal {
			if slices.Contains(goals, q) {
				continue
			}
			goals = append(goals, q)
			if slices.Contains(m.Game.Sides[1-side].Goal, q) {
				owners = append(owners, nil)
			} else {
				owners = append(owners, groupStyles[side])
			}
		}
	}
	return goals, owners
}

// draw paints the scene: squares, shading, walls, paths, pieces, labels.
func (sc *scene) draw(c canvas, l *layout) {
	b := sc.m.Board
	c.rects([]rect{{0, 0, float64(l.width), float64(l.height)}}, colourBackground)
	c.rects([]rect{l.boardRect()}, colourLight)
	c.checker(l, colourDark)
	var off []rect
	for _, s := range b.OffSquares() {
		off = append(off, l.squareRect(s))
	}
	c.rects(off, colourBackground)
	sc.drawWrap(c, l) // wrap.go
	if sc.attacks {
		sc.drawAttacks(c, l)
	}
	var lit []rect
	for _, s := range sc.highlight {
		lit = append(lit, l.squareRect(s))
	}
	c.rects(lit, colourHighlight)
	sc.drawWalls(c, l)
	sc.drawWeights(c, l) // weights.go
	sc.drawTargets(c, l)
	sc.drawTour(c, l)
	sc.drawMoves(c, l)
	sc.drawPieces(c, l)
	sc.drawLabels(c, l)
}

func (sc *scene) drawAttacks(c canvas, l *layout) {
	b := sc.m.Board
	pieces := append(append([]model.Placed(nil), sc.fixed...), sc.pieces...)
	grid := attacked(sc.m, pieces, sc.walls)
	walls := map[model.Square]bool{}
	for _, w := range sc.walls {
		walls[w] = true
	}
	var rs []rect
	for i, hit := range grid {
		if s := b.Square(i); hit && !walls[s] {
			rs = append(rs, l.squareRect(s))
		}
	}
	c.rects(rs, colourAttack)
}

func (sc *scene) drawWalls(c canvas, l *layout) {
	walls := append(sc.m.Board.Walls(), sc.walls...)
	var blocks []rect
	for _, w := range walls {
		if sc.m.Board.InBounds(w) {
			blocks = append(blocks, l.squareRect(w))
		}
	}
	c.rects(blocks, colourWall)
	if l.sq < 12 {
		return // a pawn this small is a smudge; the block says enough
	}
	inset := math.Max(1, math.Round(float64(l.sq)*0.04))
	var edges []rect
	for _, r := range blocks {
		edges = append(edges, rect{r.X + inset, r.Y + r.H - inset, r.W - inset, inset}, rect{r.X + r.W - inset, r.Y + inset, inset, r.H - inset})
	}
	c.rects(edges, colourWallEdge)
	for _, r := range blocks {
		c.glyph(glyphPawn, styleWall, r)
	}
}

func (sc *scene) drawTargets(c canvas, l *layout) {
	sq := float64(l.sq)
	for i, t := range sc.targets {
		at := l.centre(t)
		c.stroke(circlePath(at.X, at.Y, sq*0.4), math.Max(1, sq*0.06), colourTarget)
		if i < len(sc.owners) && sc.owners[i] != nil {
			// a badge on the ring, in the colour of the one side whose
			// goal the square is
			x, y := at.X+sq*0.28, at.Y+sq*0.28
			c.fill(circlePath(x, y, sq*0.1), sc.owners[i].body)
			c.stroke(circlePath(x, y, sq*0.1), math.Max(1, sq*0.03), sc.owners[i].line)
		}
	}
}

// drawPieces draws fixed pieces in white and the others in black (or in
// their group's colour, groups.go); pieces
// sharing a square (stack: true) share it in a grid.
func (sc *scene) drawPieces(c canvas, l *layout) {
	type standing struct {
		piece string
		style *pieceStyle
	}
	at := map[model.Square][]standing{}
	var order []model.Square
	add := func(ps []model.Placed, st *pieceStyle) {
		for _, p := range ps {
			if len(at[p.Square]) == 0 {
				order = append(order, p.Square)
			}
			at[p.Square] = append(at[p.Square], standing{p.Piece, st})
		}
	}
	add(sc.fixed, styleFixed)
	for i, p := range sc.pieces {
		st := placedStyle(sc.m, p) // groups.go
		if i < len(sc.styles) {
			st = sc.styles[i] // a slide's groups
		}
		add([]model.Placed{p}, st)
	}
	if sc.tourHead && len(sc.tour) > 0 {
		add([]model.Placed{{Piece: sc.m.Tour.Piece.Name, Square: sc.tour[len(sc.tour)-1]}}, stylePlaced)
	}
	glyphs := map[string]*glyph{}
	for _, s := range order {
		here := at[s]
		box := l.squareRect(s)
		n := int(math.Ceil(math.Sqrt(float64(len(here)))))
		cell := box.W / float64(n)
		for i, p := range here {
			g := glyphs[p.piece]
			if g == nil {
				def := sc.m.Pieces[p.piece]
				if def == nil {
					def = &model.Piece{Name: p.piece, Symbol: '?'}
				}
				g = glyphFor(def)
				glyphs[p.piece] = g
			}
			c.glyph(g, p.style, rect{box.X + float64(i%n)*cell, box.Y + float64(i/n)*cell, cell, cell})
		}
	}
}

// drawTour draws the path through the centres of the squares, coloured from
// the first square to the last, with the squares numbered where there is
// room, or dotted, and the start and end marked.
func (sc *scene) drawTour(c canvas, l *layout) {
	n := len(sc.tour)
	if n == 0 {
		return
	}
	sq := float64(l.sq)
	pts := make([]point, n)
	for i, s := range sc.tour {
		pts[i] = l.centre(s)
	}
	total := max(sc.tourTotal, n)
	colourAt := func(i int) float64 { return float64(i) / math.Max(1, float64(total-1)) }
	width := math.Max(1, sq*0.07)
	if sc.tourDone && sc.m.Tour.Closed && n > 2 {
		c.stroke(polylinePath([]point{pts[n-1], pts[0]}, false), width, gradient(1))
	}
	// The line in at most 64 bands of one colour each.
	bands := min(n-1, 64)
	for k := 0; k < bands; k++ {
		from, to := k*(n-1)/bands, (k+1)*(n-1)/bands
		c.stroke(polylinePath(pts[from:to+1], false), width, gradient(colourAt((from+to)/2)))
	}
	switch {
	case sq >= 26:
		r := sq * 0.22
		if total >= 100 {
			r = sq * 0.26
		}
		face := typefaceFor(true)
		size := math.Min(r*1.05, 1.55*r/face.width(strconv.Itoa(total), 1))
		for i, p := range pts {
			fill, text := colourDiscFill, colourDiscText
			if i == 0 || (sc.tourDone && i == n-1) {
				fill, text = gradient(colourAt(i)), colourOnPath
			}
			c.fill(circlePath(p.X, p.Y, r), fill)
			c.stroke(circlePath(p.X, p.Y, r), math.Max(1, sq*0.035), gradient(colourAt(i)))
			c.text(strconv.Itoa(i+1), point{p.X, p.Y + face.capHeight*size/2}, size, anchorMiddle, true, text)
		}
	case sq >= 8:
		for i, p := range pts {
			c.fill(circlePath(p.X, p.Y, sq*0.13), gradient(colourAt(i)))
		}
		fallthrough
	default:
		r := math.Max(3, sq*0.3)
		marks := []int{0}
		if sc.tourDone {
			marks = append(marks, n-1)
		}
		for _, i := range marks {
			c.fill(circlePath(pts[i].X, pts[i].Y, r), gradient(colourAt(i)))
			c.stroke(circlePath(pts[i].X, pts[i].Y, r), math.Max(1, r*0.3), colourOnPath)
		}
	}
}

// drawMoves draws an arrow for each move, coloured by its place in the
// sequence and numbered where there is room.
func (sc *scene) drawMoves(c canvas, l *layout) {
	sq := float64(l.sq)
	width := math.Max(1.2, sq*0.085)
	headLength, headWidth := math.Max(4, sq*0.32), math.Max(3, sq*0.17)
	colourAt := func(i int) float64 { return float64(i) / math.Max(1, float64(sc.moveTotal-1)) }
	for i, mv := range sc.moves {
		a, b := l.centre(mv.From), l.centre(mv.To)
		d := b.sub(a)
		length := d.length()
		if length == 0 {
			continue
		}
		u := d.scale(1 / length)
		tip := b.sub(u.scale(sq * 0.1))
		base := tip.sub(u.scale(headLength))
		nrm := point{-u.Y * headWidth, u.X * headWidth}
		col := gradient(colourAt(sc.moveFirst + i))
		col.A = 0xe6
		c.stroke(polylinePath([]point{a, base.add(u.scale(1))}, false), width, col)
		c.fill(polylinePath([]point{tip, base.add(nrm), base.sub(nrm)}, true), col)
	}
	if sq < 30 || len(sc.moves) < 2 {
		return
	}
	face := typefaceFor(true)
	r := sq * 0.15
	size := math.Min(r*1.1, 1.6*r/face.width(strconv.Itoa(sc.moveTotal), 1))
	for i, mv := range sc.moves {
		p := lerpPoint(l.centre(mv.From), l.centre(mv.To), 0.5)
		col := gradient(colourAt(sc.moveFirst + i))
		c.fill(circlePath(p.X, p.Y, r), col)
		c.text(strconv.Itoa(sc.moveFirst+i+1), point{p.X, p.Y + face.capHeight*size/2}, size, anchorMiddle, true, colourOnPath)
	}
}

func (sc *scene) drawLabels(c canvas, l *layout) {
	if sc.caption != "" {
		c.text(sc.caption, point{float64(l.boardX) + float64(l.cols*l.sq)/2, l.captionY}, l.fontSize, anchorMiddle, true, colourCaption)
	}
	if !l.coordinates {
		return
	}
	face := typefaceFor(false)
	pad := math.Round(l.fontSize * 0.6)
	for i := 0; i < l.rows; i++ {
		if l.rankLabels.labelled(i) {
			at := l.centre(model.Square{Rank: i})
			c.text(strconv.Itoa(i+1), point{float64(l.boardX) - pad, at.Y + face.capHeight*l.fontSize/2}, l.fontSize, anchorEnd, false, colourLabel)
		}
	}
	bottom := float64(l.boardY + l.rows*l.sq)
	for i := 0; i < l.cols; i++ {
		if l.fileLabels.labelled(i) {
			at := l.centre(model.Square{File: i})
			c.text(model.FileName(i), point{at.X, bottom + pad*0.5 + l.fontSize*0.85}, l.fontSize, anchorMiddle, false, colourLabel)
		}
	}
}
