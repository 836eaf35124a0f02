package render

import (
	"context"
	"image/color"
)

// A canvas is where a scene is drawn: an SVG document or a raster image.
// Both receive the same calls with the same coordinates, which is what
// makes the two kinds of picture look alike.
type canvas interface {
	// rects fills rectangles with one colour.
	rects(rs []rect, c color.NRGBA)
	// checker fills the dark squares of the board (a1 is dark).
	checker(l *layout, c color.NRGBA)
	// fill fills a path with the nonzero rule.
	fill(p path, c color.NRGBA)
	// stroke draws the outline of a path with round joins and caps.
	stroke(p path, width float64, c color.NRGBA)
	// glyph draws a piece's glyph scaled into a square box.
	glyph(g *glyph, st *pieceStyle, box rect)
	// text writes a line of text whose baseline starts, centres or ends at
	// the given point.
	text(s string, at point, size float64, a anchor, bold bool, c color.NRGBA)
}

// An anchor says which point of a line of text is given.
type anchor uint8

const (
	anchorStart anchor = iota
	anchorMiddle
	anchorEnd
)

// stopCanvas passes drawing calls on to a canvas until ctx is done, then
// drops them: a scene's loops over squares, points and pieces run out at
// once, and the caller returns ctx's error.
type stopCanvas struct {
	ctx context.Context
	c   canvas
}

var _ canvas = stopCanvas{}

func (s stopCanvas) rects(rs []rect, c color.NRGBA) {
	if s.ctx.Err() == nil {
		s.c.rects(rs, c)
	}
}

func (s stopCanvas) checker(l *layout, c color.NRGBA) {
	if s.ctx.Err() == nil {
		s.c.checker(l, c)
	}
}

func (s stopCanvas) fill(p path, c color.NRGBA) {
	if s.ctx.Err() == nil {
		s.c.fill(p, c)
	}
}

func (s stopCanvas) stroke(p path, width float64, c color.NRGBA) {
	if s.ctx.Err() == nil {
		s.c.stroke(p, width, c)
	}
}

func (s stopCanvas) glyph(g *glyph, st *pieceStyle, box rect) {
	if s.ctx.Err() == nil {
		s.c.glyph(g, st, box)
	}
}

func (s stopCanvas) text(t string, at point, size float64, a anchor, bold bool, c color.NRGBA) {
	if s.ctx.Err() == nil {
		s.c.text(t, at, size, a, bold, c)
	}
}
