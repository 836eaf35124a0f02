package render

import (
	"bufio"
	"context"
	"fmt"
	"html"
	"image/color"
	"io"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// SVG draws the model, and the solution if sol is not nil, as an SVG
// document: a placement with its pieces and walls, a tour with its path, a
// slide as its start position with an arrow for each move, a game as its
// start position with its goal squares ringed. The output is
// deterministic (fixed number formatting), so it can be compared as text.
//
// It is Draw without a context: the picture is checked first (Check).
func SVG(w io.Writer, m *model.Model, sol *model.Solution, opts Options) error {
	return Draw(context.Background(), w, m, solutions(sol), FormatSVG, opts)
}

// solutions is a list of the solution, if there is one.
func solutions(sol *model.Solution) []model.Solution {
	if sol == nil {
		return nil
	}
	return []model.Solution{*sol}
}

func writeSVG(ctx context.Context, w io.Writer, sc *scene, opts Options) error {
	l, err := newLayout(sc.m.Board, opts, sc.caption != "")
	if err != nil {
		return err
	}
	c := &svgCanvas{defined: map[string]bool{}}
	sc.draw(stopCanvas{ctx, c}, l)
	if err := ctx.Err(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="%s">`+"\n",
		l.width, l.height, l.width, l.height, svgFontFamily)
	if title := sc.m.Name; title != "" {
		fmt.Fprintf(bw, "<title>%s</title>\n", html.EscapeString(title))
	}
	if c.defs.Len() > 0 {
		fmt.Fprintf(bw, "<defs>\n%s</defs>\n", c.defs.String())
	}
	bw.WriteString(c.body.String())
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// svgCanvas collects the elements of an SVG document.
type svgCanvas struct {
	defs, body strings.Builder
	defined    map[string]bool // ids already in defs
}

var _ canvas = (*svgCanvas)(nil)

func fillAttrs(c color.NRGBA) string {
	if c.A == 0xff {
		return fmt.Sprintf(`fill="%s"`, hex(c))
	}
	return fmt.Sprintf(`fill="%s" fill-opacity="%s"`, hex(c), opacity(c))
}

func strokeAttrs(c color.NRGBA, width float64) string {
	s := fmt.Sprintf(`stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round"`, hex(c), num(width))
	if c.A != 0xff {
		s += fmt.Sprintf(` stroke-opacity="%s"`, opacity(c))
	}
	return s
}

func (c *svgCanvas) rects(rs []rect, col color.NRGBA) {
	switch len(rs) {
	case 0:
		return
	case 1:
		r := rs[0]
		fmt.Fprintf(&c.body, `<rect x="%s" y="%s" width="%s" height="%s" %s/>`+"\n", num(r.X), num(r.Y), num(r.W), num(r.H), fillAttrs(col))
		return
	}
	var d strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&d, "M%s,%sh%sv%sh%sz", num(r.X), num(r.Y), num(r.W), num(r.H), num(-r.W))
	}
	fmt.Fprintf(&c.body, `<path d="%s" %s/>`+"\n", d.String(), fillAttrs(col))
}

// checkerLimit is the number of squares up to which dark squares are drawn
// one by one; larger boards use a pattern, which keeps the file small.
const checkerLimit = 64 * 64

func (c *svgCanvas) checker(l *layout, col color.NRGBA) {
	if l.rows*l.cols <= checkerLimit {
		var dark []rect
		for rank := l.rows - 1; rank >= 0; rank-- {
			for file := 0; file < l.cols; file++ {
				if s := (model.Square{File: file, Rank: rank}); s.Dark() {
					dark = append(dark, l.squareRect(s))
				}
			}
		}
		c.rects(dark, col)
		return
	}
	// The pattern's tile is 2 x 2 squares from the top-left corner of the
	// board, whose square is dark when the number of ranks is odd.
	sq := l.sq
	first := 0
	if l.rows%2 == 0 {
		first = sq
	}
	fmt.Fprintf(&c.defs, `<pattern id="checker" x="%d" y="%d" width="%d" height="%d" patternUnits="userSpaceOnUse">`+
		`<path d="M%d,0h%dv%dh%dz M%d,%dh%dv%dh%dz" %s/></pattern>`+"\n",
		l.boardX, l.boardY, 2*sq, 2*sq, first, sq, sq, -sq, sq-first, sq, sq, sq, -sq, fillAttrs(col))
	b := l.boardRect()
	fmt.Fprintf(&c.body, `<rect x="%s" y="%s" width="%s" height="%s" fill="url(#checker)"/>`+"\n", num(b.X), num(b.Y), num(b.W), num(b.H))
}

func (c *svgCanvas) fill(p path, col color.NRGBA) {
	fmt.Fprintf(&c.body, `<path d="%s" %s/>`+"\n", p.svgData(), fillAttrs(col))
}

func (c *svgCanvas) stroke(p path, width float64, col color.NRGBA) {
	fmt.Fprintf(&c.body, `<path d="%s" fill="none" %s/>`+"\n", p.svgData(), strokeAttrs(col, width))
}

// glyph defines each glyph in each style once, as a symbol, and uses it.
func (c *svgCanvas) glyph(g *glyph, st *pieceStyle, box rect) {
	id := g.name + "-" + st.name
	if !c.defined[id] {
		c.defined[id] = true
		fmt.Fprintf(&c.defs, `<symbol id="%s" viewBox="0 0 100 100" overflow="visible">`+"\n", id)
		for _, p := range g.parts {
			attrs := `fill="none"`
			if p.fill != roleNone {
				attrs = fillAttrs(st.colour(p.fill))
			}
			if p.stroke != roleNone {
				attrs += " " + strokeAttrs(st.colour(p.stroke), p.width)
			}
			fmt.Fprintf(&c.defs, `<path d="%s" %s/>`+"\n", p.d.svgData(), attrs)
		}
		c.defs.WriteString("</symbol>\n")
	}
	fmt.Fprintf(&c.body, `<use href="#%s" x="%s" y="%s" width="%s" height="%s"/>`+"\n", id, num(box.X), num(box.Y), num(box.W), num(box.H))
}

func (c *svgCanvas) text(s string, at point, size float64, a anchor, bold bool, col color.NRGBA) {
	attrs := fmt.Sprintf(`x="%s" y="%s" font-size="%s"`, num(at.X), num(at.Y), num(size))
	switch a {
	case anchorMiddle:
		attrs += ` text-anchor="middle"`
	case anchorEnd:
		attrs += ` text-anchor="end"`
	}
	if bold {
		attrs += ` font-weight="bold"`
	}
	fmt.Fprintf(&c.body, "<text %s %s>%s</text>\n", attrs, fillAttrs(col), html.EscapeString(s))
}
