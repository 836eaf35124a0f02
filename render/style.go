package render

import (
	"fmt"
	"image/color"
	"math"
)

// The palette of every picture. Squares are the familiar wood tones; pieces
// the solution places are black, pieces the model fixes beforehand white,
// and walls are dark stone blocks carrying a pawn.
var (
	colourBackground = rgb(0xffffff)
	colourLight      = rgb(0xf0d9b5)
	colourDark       = rgb(0xb58863)
	colourLabel      = rgb(0x6b5a48)
	colourCaption    = rgb(0x3a3026)
	colourWall       = rgb(0x4b4540)
	colourWallEdge   = rgb(0x36312d)
	colourAttack     = color.NRGBA{0xe0, 0x24, 0x1a, 0x4d}
	colourTarget     = rgb(0x2e8b3e)
	colourHighlight  = color.NRGBA{0xf6, 0xe0, 0x3c, 0x80}
	colourDiscFill   = rgb(0xfffdf8)
	colourDiscText   = rgb(0x2b2b2b)
	colourOnPath     = rgb(0xffffff)
)

// pathStops are the colours of a tour or a sequence of moves, from the
// first step to the last.
var pathStops = []color.NRGBA{rgb(0x1f5fd6), rgb(0x9a2fc4), rgb(0xe8590c)}

// A pieceStyle colours a glyph: its body, its outline, and the details
// drawn on the body (which must contrast with it).
type pieceStyle struct {
	name               string
	body, line, detail color.NRGBA
}

var (
	stylePlaced = &pieceStyle{"placed", rgb(0x26221f), rgb(0x0d0b0a), rgb(0xf2ede6)}
	styleFixed  = &pieceStyle{"fixed", rgb(0xfbfaf7), rgb(0x1c1916), rgb(0x1c1916)}
	styleWall   = &pieceStyle{"wall", rgb(0xbdb5aa), rgb(0x24201d), rgb(0x24201d)}
)

func rgb(v uint32) color.NRGBA {
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// hex writes a colour as SVG does, without its opacity.
func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// opacity is a colour's alpha in [0,1], formatted.
func opacity(c color.NRGBA) string { return num(float64(c.A) / 255) }

// gradient picks the colour at t in [0,1] along pathStops.
func gradient(t float64) color.NRGBA {
	t = math.Max(0, math.Min(1, t))
	span := t * float64(len(pathStops)-1)
	i := min(int(span), len(pathStops)-2)
	f := span - float64(i)
	a, b := pathStops[i], pathStops[i+1]
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*f)) }
	return color.NRGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

func (s *pieceStyle) colour(r role) color.NRGBA {
	switch r {
	case roleBody:
		return s.body
	case roleLine:
		return s.line
	}
	return s.detail
}
