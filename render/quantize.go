package render

import (
	"image"
	"image/color"
	"slices"
)

// A quantizer maps the colours of RGBA frames onto one palette of at most
// 255 colours and a transparent entry, without dithering: the colours the
// scene paints are kept exactly, and the blends that antialiasing makes
// between them share the remaining entries, chosen by median cut.
type quantizer struct {
	palette color.Palette
	index   map[uint32]uint8 // colour (0xRRGGBB) to palette entry, filled as met
	// transparent is the entry of the transparent colour, the last one.
	transparent uint8
}

// colours is the number of opaque palette entries.
const colours = 255

// key packs an opaque colour.
func key(r, g, b uint8) uint32 { return uint32(r)<<16 | uint32(g)<<8 | uint32(b) }

// countColours adds the colours of an opaque image to a histogram.
func countColours(img *image.RGBA, hist map[uint32]int) {
	for y := 0; y < img.Rect.Dy(); y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*img.Rect.Dx()]
		for x := 0; x < len(row); x += 4 {
			hist[key(row[x], row[x+1], row[x+2])]++
		}
	}
}

func newQuantizer(painted map[color.NRGBA]bool, hist map[uint32]int) *quantizer {
	q := &quantizer{index: map[uint32]uint8{}}
	var exact []uint32
	for c := range painted {
		if c.A == 0xff {
			exact = append(exact, key(c.R, c.G, c.B))
		}
	}
	slices.Sort(exact)
	exact = exact[:min(len(exact), 128)]
	var rest []colourCount
	for k, n := range hist {
		if !slices.Contains(exact, k) {
			rest = append(rest, colourCount{k, n})
		}
	}
	slices.SortFunc(rest, func(a, b colourCount) int { return int(a.c) - int(b.c) })
	if len(exact)+len(rest) <= colours {
		for _, c := range rest {
			exact = append(exact, c.c)
		}
		rest = nil
	}
	for _, k := range exact {
		q.palette = append(q.palette, color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 0xff})
	}
	for _, c := range medianCut(rest, colours-len(exact)) {
		q.palette = append(q.palette, c)
	}
	q.transparent = uint8(len(q.palette))
	q.palette = append(q.palette, color.RGBA{})
	return q
}

// paletted maps an opaque image onto the palette.
func (q *quantizer) paletted(img *image.RGBA) *image.Paletted {
	out := image.NewPaletted(img.Rect, q.palette)
	for y := 0; y < img.Rect.Dy(); y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*img.Rect.Dx()]
		dst := out.Pix[y*out.Stride:]
		for x := 0; x < len(row); x += 4 {
			k := key(row[x], row[x+1], row[x+2])
			i, ok := q.index[k]
			if !ok {
				i = q.nearest(row[x], row[x+1], row[x+2])
				q.index[k] = i
			}
			dst[x/4] = i
		}
	}
	return out
}

// nearest finds the palette entry closest to a colour, weighting green most
// as the eye does.
func (q *quantizer) nearest(r, g, b uint8) uint8 {
	best, bestDist := 0, int(^uint(0)>>1)
	for i, c := range q.palette[:q.transparent] {
		p := c.(color.RGBA)
		dr, dg, db := int(p.R)-int(r), int(p.G)-int(g), int(p.B)-int(b)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestDist {
			best, bestDist = i, d
		}
	}
	return uint8(best)
}

type colourCount struct {
	c uint32
	n int
}

func channel(c uint32, ch int) int { return int(c>>(16-8*ch)) & 0xff }

// medianCut splits the colours into at most k boxes, each time splitting the
// box with the most pixels times the widest spread at the weighted median of
// its widest channel, and returns each box's mean colour.
func medianCut(colours []colourCount, k int) []color.Color {
	if len(colours) == 0 || k <= 0 {
		return nil
	}
	type box struct {
		cs     []colourCount
		pixels int
		ch     int // widest channel
		spread int
	}
	measure := func(cs []colourCount) box {
		b := box{cs: cs}
		lo, hi := [3]int{255, 255, 255}, [3]int{}
		for _, c := range cs {
			b.pixels += c.n
			for ch := 0; ch < 3; ch++ {
				v := channel(c.c, ch)
				lo[ch], hi[ch] = min(lo[ch], v), max(hi[ch], v)
			}
		}
		for ch := 0; ch < 3; ch++ {
			if hi[ch]-lo[ch] > b.spread {
				b.ch, b.spread = ch, hi[ch]-lo[ch]
			}
		}
		return b
	}
	boxes := []box{measure(colours)}
	for len(boxes) < k {
		best := -1
		for i, b := range boxes {
			if len(b.cs) > 1 && (best < 0 || b.pixels*b.spread > boxes[best].pixels*boxes[best].spread) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		b := boxes[best]
		slices.SortFunc(b.cs, func(x, y colourCount) int {
			if d := channel(x.c, b.ch) - channel(y.c, b.ch); d != 0 {
				return d
			}
			return int(x.c) - int(y.c)
		})
		half, cut := 0, 1
		for i, c := range b.cs[:len(b.cs)-1] {
			half += c.n
			if 2*half >= b.pixels {
				cut = i + 1
				break
			}
			cut = i + 1
		}
		boxes[best] = measure(b.cs[:cut])
		boxes = append(boxes, measure(b.cs[cut:]))
	}
	out := make([]color.Color, 0, len(boxes))
	for _, b := range boxes {
		var sum [3]int
		for _, c := range b.cs {
			for ch := 0; ch < 3; ch++ {
				sum[ch] += channel(c.c, ch) * c.n
			}
		}
		mean := func(ch int) uint8 { return uint8((sum[ch] + b.pixels/2) / max(1, b.pixels)) }
		out = append(out, color.RGBA{mean(0), mean(1), mean(2), 0xff})
	}
	return out
}
