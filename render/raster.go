package render

import (
	"context"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/vector"

	"github.com/chessmodel/chessmodel/model"
)

// Image draws the same picture as SVG into an RGBA image, once it is
// checked (Check, as a PNG).
func Image(m *model.Model, sol *model.Solution, opts Options) (*image.RGBA, error) {
	frames, err := plan(m, solutions(sol), FormatPNG, opts)
	if err != nil {
		return nil, err
	}
	return rasterize(context.Background(), frames[0].scene, opts, newRasterCanvas())
}

// PNG writes the picture SVG would draw as a PNG image. It is Draw without
// a context: the picture is checked first (Check).
func PNG(w io.Writer, m *model.Model, sol *model.Solution, opts Options) error {
	return Draw(context.Background(), w, m, solutions(sol), FormatPNG, opts)
}

func writePNG(ctx context.Context, w io.Writer, sc *scene, opts Options) error {
	img, err := rasterize(ctx, sc, opts, newRasterCanvas())
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	return enc.Encode(w, img)
}

// rasterize draws a scene on the canvas's image, which it reuses when it
// has the picture's size (the background is painted over all of it), and
// returns ctx's error when ctx ends the drawing.
func rasterize(ctx context.Context, sc *scene, opts Options, c *rasterCanvas) (*image.RGBA, error) {
	l, err := newLayout(sc.m.Board, opts, sc.caption != "")
	if err != nil {
		return nil, err
	}
	if err := l.checkRaster(); err != nil {
		return nil, err
	}
	if r := image.Rect(0, 0, l.width, l.height); c.img == nil || c.img.Rect != r {
		c.img = image.NewRGBA(r)
	}
	sc.draw(stopCanvas{ctx, c}, l)
	return c.img, ctx.Err()
}

// rasterCanvas paints with antialiasing: paths are filled by the vector
// rasterizer, strokes are first outlined as polygons.
type rasterCanvas struct {
	img    *image.RGBA
	z      *vector.Rasterizer
	tiles  map[tileKey]*image.RGBA // glyphs already drawn at a size
	colors map[color.NRGBA]bool    // every colour painted, for GIF palettes
}

type tileKey struct {
	glyph, style string
	w, h         int
}

var _ canvas = (*rasterCanvas)(nil)

func newRasterCanvas() *rasterCanvas {
	return &rasterCanvas{z: vector.NewRasterizer(0, 0), tiles: map[tileKey]*image.RGBA{}, colors: map[color.NRGBA]bool{}}
}

// flatness is how far, in pixels, a flattened curve may stray from the true one.
const flatness = 0.2

func (c *rasterCanvas) rects(rs []rect, col color.NRGBA) {
	c.colors[col] = true
	src := image.NewUniform(col)
	op := draw.Over
	if col.A == 0xff {
		op = draw.Src
	}
	for _, r := range rs {
		x0, y0 := int(math.Round(r.X)), int(math.Round(r.Y))
		x1, y1 := int(math.Round(r.X+r.W)), int(math.Round(r.Y+r.H))
		draw.Draw(c.img, image.Rect(x0, y0, x1, y1), src, image.Point{}, op)
	}
}

func (c *rasterCanvas) checker(l *layout, col color.NRGBA) {
	c.colors[col] = true
	src := image.NewUniform(col)
	for rank := 0; rank < l.rows; rank++ {
		for file := rank % 2; file < l.cols; file += 2 {
			p := l.corner(model.Square{File: file, Rank: rank})
			x, y := int(p.X), int(p.Y)
			draw.Draw(c.img, image.Rect(x, y, x+l.sq, y+l.sq), src, image.Point{}, draw.Src)
		}
	}
}

func (c *rasterCanvas) fill(p path, col color.NRGBA) {
	c.colors[col] = true
	fillPath(c.img, c.z, p, col)
}

func (c *rasterCanvas) stroke(p path, width float64, col color.NRGBA) {
	c.colors[col] = true
	fillPolygons(c.img, c.z, strokePolygons(p.flatten(flatness), width), col)
}

func (c *rasterCanvas) text(s string, at point, size float64, a anchor, bold bool, col color.NRGBA) {
	c.colors[col] = true
	face := typefaceFor(bold)
	switch a {
	case anchorMiddle:
		at.X -= face.width(s, size) / 2
	case anchorEnd:
		at.X -= face.width(s, size)
	}
	fillPath(c.img, c.z, face.outline(s, at.X, at.Y, size), col)
}

// glyph draws a glyph once per size into a tile with transparency, then
// copies the tile onto each square that shows it.
func (c *rasterCanvas) glyph(g *glyph, st *pieceStyle, box rect) {
	w, h := int(math.Round(box.W)), int(math.Round(box.H))
	key := tileKey{g.name, st.name, w, h}
	tile := c.tiles[key]
	if tile == nil {
		tile = image.NewRGBA(image.Rect(0, 0, w, h))
		drawGlyph(tile, c.z, g, st, float64(w))
		c.tiles[key] = tile
		for _, r := range []role{roleBody, roleLine, roleDetail} {
			c.colors[st.colour(r)] = true
		}
	}
	x, y := int(math.Round(box.X)), int(math.Round(box.Y))
	draw.Draw(c.img, image.Rect(x, y, x+w, y+h), tile, image.Point{}, draw.Over)
}

// drawGlyph paints a glyph into a square tile of the given side. Below a
// dozen pixels detail cannot be seen, and the piece becomes a plain disc in
// its colours.
func drawGlyph(dst *image.RGBA, z *vector.Rasterizer, g *glyph, st *pieceStyle, side float64) {
	k := side / 100
	if side < 12 {
		r := side * 0.42
		fillPath(dst, z, circlePath(side/2, side/2, r), st.body)
		if side >= 6 {
			fillPolygons(dst, z, strokePolygons(circlePath(side/2, side/2, r).flatten(flatness), side*0.08), st.line)
		}
		return
	}
	for _, p := range g.parts {
		d := p.d.transform(k, point{})
		if p.fill != roleNone {
			fillPath(dst, z, d, st.colour(p.fill))
		}
		if p.stroke != roleNone {
			fillPolygons(dst, z, strokePolygons(d.flatten(flatness), p.width*k), st.colour(p.stroke))
		}
	}
}

// fillPath fills a path onto dst, rasterizing only its bounding box.
func fillPath(dst *image.RGBA, z *vector.Rasterizer, p path, col color.NRGBA) {
	var pts []point
	for _, s := range p {
		pts = append(pts, s.p[:s.kind.points()]...)
	}
	box, ok := bounds(pts, dst.Bounds())
	if !ok {
		return
	}
	z.Reset(box.Dx(), box.Dy())
	off := point{float64(-box.Min.X), float64(-box.Min.Y)}
	at := func(q point) (float32, float32) { return float32(q.X + off.X), float32(q.Y + off.Y) }
	open := false
	for _, s := range p {
		switch s.kind {
		case moveTo:
			if open {
				z.ClosePath()
			}
			z.MoveTo(at(s.p[0]))
			open = true
		case lineTo:
			z.LineTo(at(s.p[0]))
		case quadTo:
			x1, y1 := at(s.p[0])
			x2, y2 := at(s.p[1])
			z.QuadTo(x1, y1, x2, y2)
		case cubeTo:
			x1, y1 := at(s.p[0])
			x2, y2 := at(s.p[1])
			x3, y3 := at(s.p[2])
			z.CubeTo(x1, y1, x2, y2, x3, y3)
		case closeTo:
			z.ClosePath()
			open = false
		}
	}
	if open {
		z.ClosePath()
	}
	z.Draw(dst, box, image.NewUniform(col), image.Point{})
}

// fillPolygons fills polygons of one orientation, as their union.
func fillPolygons(dst *image.RGBA, z *vector.Rasterizer, polys [][]point, col color.NRGBA) {
	var all []point
	for _, poly := range polys {
		all = append(all, poly...)
	}
	box, ok := bounds(all, dst.Bounds())
	if !ok {
		return
	}
	z.Reset(box.Dx(), box.Dy())
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	for _, poly := range polys {
		for i, q := range poly {
			if i == 0 {
				z.MoveTo(float32(q.X-ox), float32(q.Y-oy))
			} else {
				z.LineTo(float32(q.X-ox), float32(q.Y-oy))
			}
		}
		z.ClosePath()
	}
	z.Draw(dst, box, image.NewUniform(col), image.Point{})
}

// bounds is the pixel rectangle covering the points, within clip.
func bounds(pts []point, clip image.Rectangle) (image.Rectangle, bool) {
	if len(pts) == 0 {
		return image.Rectangle{}, false
	}
	minX, minY, maxX, maxY := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, q := range pts[1:] {
		minX, maxX = math.Min(minX, q.X), math.Max(maxX, q.X)
		minY, maxY = math.Min(minY, q.Y), math.Max(maxY, q.Y)
	}
	r := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(clip)
	return r, !r.Empty()
}
