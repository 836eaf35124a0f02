package render

import "strconv"

// drawWeights writes each weighted open square's number small
// in its top-left corner, where no piece glyph reaches.
func (sc *scene) drawWeights(c canvas, l *layout) {
	if len(sc.m.Weights) == 0 {
		return
	}
	size := l.fontSize * 0.8
	face := typefaceFor(false)
	pad := float64(l.sq) * 0.06
	for i := 0; i < sc.m.Board.Size(); i++ {
		s := sc.m.Board.Square(i)
		w := sc.m.Weight(s)
		if w == 0 || !sc.m.Board.IsOpen(s) {
			continue
		}
		r := l.squareRect(s)
		c.text(strconv.FormatInt(w, 10), point{r.X + pad, r.Y + pad + face.capHeight*size}, size, anchorStart, false, colourLabel)
	}
}
