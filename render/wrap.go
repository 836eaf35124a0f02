package render

import (
	"image/color"
	"math"

	"github.com/chessmodel/chessmodel/model"
)

// Glued edges of a wrapped board are drawn as bands outside the board:
// blue for a plain gluing, orange for one with a half twist (Möbius band,
// Klein bottle: the far side comes back mirrored).
var (
	colourGlued   = color.NRGBA{0x2a, 0x6f, 0xd6, 0xff}
	colourTwisted = color.NRGBA{0xe0, 0x8a, 0x1a, 0xff}
)

// drawWrap marks the glued edges of the board.
func (sc *scene) drawWrap(c canvas, l *layout) {
	w := sc.m.Board.Wrap
	if w == model.WrapNone {
		return
	}
	band := math.Max(2, math.Round(float64(l.sq)*0.08))
	r := l.boardRect()
	sides := colourGlued
	if w.Twisted() {
		sides = colourTwisted
	}
	c.rects([]rect{{r.X - band, r.Y, band, r.H}, {r.X + r.W, r.Y, band, r.H}}, sides)
	if w.RanksWrap() {
		c.rects([]rect{{r.X, r.Y - band, r.W, band}, {r.X, r.Y + r.H, r.W, band}}, colourGlued)
	}
}
