package render

import (
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The Go fonts (BSD licence, shipped inside golang.org/x/image) draw every
// letter and digit. Raster pictures use their outlines; SVG pictures name
// the same family and keep the text as text.
const svgFontFamily = "Go, 'Helvetica Neue', Helvetica, Arial, sans-serif"

// A typeface is a parsed font whose outlines are read in font units.
type typeface struct {
	font       *sfnt.Font
	unitsPerEm float64
	capHeight  float64 // height of capitals and digits, in ems
	mu         sync.Mutex
	buf        sfnt.Buffer
}

var (
	faceOnce              sync.Once
	regularFace, boldFace *typeface
)

func faces() (regular, bold *typeface) {
	faceOnce.Do(func() {
		regularFace = mustTypeface(goregular.TTF)
		boldFace = mustTypeface(gobold.TTF)
	})
	return regularFace, boldFace
}

func typefaceFor(bold bool) *typeface {
	r, b := faces()
	if bold {
		return b
	}
	return r
}

func mustTypeface(ttf []byte) *typeface {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		panic("render: the shipped Go font does not parse: " + err.Error())
	}
	t := &typeface{font: f, unitsPerEm: float64(f.UnitsPerEm())}
	m, err := f.Metrics(&t.buf, t.ppem(), font.HintingNone)
	if err != nil {
		panic("render: the shipped Go font has no metrics: " + err.Error())
	}
	t.capHeight = fromFixed(m.CapHeight) / t.unitsPerEm
	return t
}

// ppem loads outlines at one pixel per font unit.
func (t *typeface) ppem() fixed.Int26_6 { return fixed.Int26_6(t.unitsPerEm * 64) }

func fromFixed(v fixed.Int26_6) float64 { return float64(v) / 64 }

// width measures a string set at size pixels per em.
func (t *typeface) width(s string, size float64) float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	total := 0.0
	prev := sfnt.GlyphIndex(0)
	for i, r := range s {
		g, err := t.font.GlyphIndex(&t.buf, r)
		if err != nil {
			continue
		}
		if i > 0 {
			if k, err := t.font.Kern(&t.buf, prev, g, t.ppem(), font.HintingNone); err == nil {
				total += fromFixed(k)
			}
		}
		if a, err := t.font.GlyphAdvance(&t.buf, g, t.ppem(), font.HintingNone); err == nil {
			total += fromFixed(a)
		}
		prev = g
	}
	return total * size / t.unitsPerEm
}

// outline returns the string as a path with its baseline starting at
// (x, y), at size pixels per em.
func (t *typeface) outline(s string, x, y, size float64) path {
	t.mu.Lock()
	defer t.mu.Unlock()
	k := size / t.unitsPerEm
	var p path
	pen := 0.0
	prev := sfnt.GlyphIndex(0)
	for i, r := range s {
		g, err := t.font.GlyphIndex(&t.buf, r)
		if err != nil {
			continue
		}
		if i > 0 {
			if kern, err := t.font.Kern(&t.buf, prev, g, t.ppem(), font.HintingNone); err == nil {
				pen += fromFixed(kern)
			}
		}
		segs, err := t.font.LoadGlyph(&t.buf, g, t.ppem(), nil)
		if err == nil {
			at := func(a fixed.Point26_6) point {
				return point{x + (pen+fromFixed(a.X))*k, y + fromFixed(a.Y)*k}
			}
			started := false
			for _, s := range segs {
				switch s.Op {
				case sfnt.SegmentOpMoveTo:
					if started {
						p = p.close()
					}
					started = true
					p = append(p, segment{kind: moveTo, p: [3]point{at(s.Args[0])}})
				case sfnt.SegmentOpLineTo:
					p = append(p, segment{kind: lineTo, p: [3]point{at(s.Args[0])}})
				case sfnt.SegmentOpQuadTo:
					p = append(p, segment{kind: quadTo, p: [3]point{at(s.Args[0]), at(s.Args[1])}})
				case sfnt.SegmentOpCubeTo:
					p = append(p, segment{kind: cubeTo, p: [3]point{at(s.Args[0]), at(s.Args[1]), at(s.Args[2])}})
				}
			}
			if started {
				p = p.close()
			}
		}
		if a, err := t.font.GlyphAdvance(&t.buf, g, t.ppem(), font.HintingNone); err == nil {
			pen += fromFixed(a)
		}
		prev = g
	}
	return p
}
