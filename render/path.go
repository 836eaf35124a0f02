package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// A point is a position in picture units (pixels at the chosen size), y down.
type point struct{ X, Y float64 }

func (p point) add(q point) point           { return point{p.X + q.X, p.Y + q.Y} }
func (p point) sub(q point) point           { return point{p.X - q.X, p.Y - q.Y} }
func (p point) scale(k float64) point       { return point{p.X * k, p.Y * k} }
func (p point) length() float64             { return math.Hypot(p.X, p.Y) }
func lerpPoint(p, q point, t float64) point { return point{p.X + (q.X-p.X)*t, p.Y + (q.Y-p.Y)*t} }

type segmentKind uint8

const (
	moveTo segmentKind = iota
	lineTo
	quadTo  // one control point, then the end point
	cubeTo  // two control points, then the end point
	closeTo // close the current subpath
)

// A segment is one command of a path; p holds its points in order, the end
// point last.
type segment struct {
	kind segmentKind
	p    [3]point
}

// A path is a sequence of subpaths, each starting with a moveTo. Paths are
// filled with the nonzero rule in both the SVG and the raster output; the
// raster fill unions overlapping subpaths of the same orientation, so a hole
// must be drawn with the opposite orientation.
type path []segment

func (p path) moveTo(x, y float64) path { return append(p, segment{kind: moveTo, p: [3]point{{x, y}}}) }
func (p path) lineTo(x, y float64) path { return append(p, segment{kind: lineTo, p: [3]point{{x, y}}}) }
func (p path) close() path              { return append(p, segment{kind: closeTo}) }

// end returns the end point of a segment.
func (s segment) end() point {
	switch s.kind {
	case quadTo:
		return s.p[1]
	case cubeTo:
		return s.p[2]
	}
	return s.p[0]
}

// points returns the number of points a segment of the kind uses.
func (k segmentKind) points() int {
	switch k {
	case quadTo:
		return 2
	case cubeTo:
		return 3
	case closeTo:
		return 0
	}
	return 1
}

// transform maps every point by x*k + offset.
func (p path) transform(k float64, offset point) path {
	out := make(path, len(p))
	for i, s := range p {
		out[i].kind = s.kind
		for j := 0; j < s.kind.points(); j++ {
			out[i].p[j] = s.p[j].scale(k).add(offset)
		}
	}
	return out
}

// kappa places the control points of a cubic quarter circle.
const kappa = 0.5522847498

// circlePath is a full circle, clockwise on screen (y down).
func circlePath(cx, cy, r float64) path {
	k := r * kappa
	return path{
		{kind: moveTo, p: [3]point{{cx + r, cy}}},
		{kind: cubeTo, p: [3]point{{cx + r, cy + k}, {cx + k, cy + r}, {cx, cy + r}}},
		{kind: cubeTo, p: [3]point{{cx - k, cy + r}, {cx - r, cy + k}, {cx - r, cy}}},
		{kind: cubeTo, p: [3]point{{cx - r, cy - k}, {cx - k, cy - r}, {cx, cy - r}}},
		{kind: cubeTo, p: [3]point{{cx + k, cy - r}, {cx + r, cy - k}, {cx + r, cy}}},
		{kind: closeTo},
	}
}

// roundRectPath is a rectangle with corners of radius r, clockwise on screen.
func roundRectPath(x, y, w, h, r float64) path {
	r = math.Min(r, math.Min(w, h)/2)
	k := r * (1 - kappa)
	return path{
		{kind: moveTo, p: [3]point{{x + r, y}}},
		{kind: lineTo, p: [3]point{{x + w - r, y}}},
		{kind: cubeTo, p: [3]point{{x + w - k, y}, {x + w, y + k}, {x + w, y + r}}},
		{kind: lineTo, p: [3]point{{x + w, y + h - r}}},
		{kind: cubeTo, p: [3]point{{x + w, y + h - k}, {x + w - k, y + h}, {x + w - r, y + h}}},
		{kind: lineTo, p: [3]point{{x + r, y + h}}},
		{kind: cubeTo, p: [3]point{{x + k, y + h}, {x, y + h - k}, {x, y + h - r}}},
		{kind: lineTo, p: [3]point{{x, y + r}}},
		{kind: cubeTo, p: [3]point{{x, y + k}, {x + k, y}, {x + r, y}}},
		{kind: closeTo},
	}
}

// polylinePath joins points by straight lines, closing the loop if asked.
func polylinePath(pts []point, closed bool) path {
	var p path
	for i, q := range pts {
		if i == 0 {
			p = p.moveTo(q.X, q.Y)
		} else {
			p = p.lineTo(q.X, q.Y)
		}
	}
	if closed {
		p = p.close()
	}
	return p
}

// parsePath reads the subset of SVG path data the glyphs are written in:
// the commands M L H V Q C Z, absolute or relative. Glyph data is constant,
// so bad data is a programming error and panics.
func parsePath(d string) path {
	tokens := pathTokens(d)
	var p path
	var cur, start point
	cmd := byte(0)
	num := func() float64 {
		if len(tokens) == 0 {
			panic(fmt.Sprintf("render: path %q ends early", d))
		}
		v, err := strconv.ParseFloat(tokens[0], 64)
		if err != nil {
			panic(fmt.Sprintf("render: path %q: %v", d, err))
		}
		tokens = tokens[1:]
		return v
	}
	for len(tokens) > 0 {
		if c := tokens[0][0]; c >= 'A' && c <= 'z' && c != 'e' && c != 'E' {
			cmd = c
			tokens = tokens[1:]
		}
		rel := cmd >= 'a'
		at := func(x, y float64) point {
			if rel {
				return point{cur.X + x, cur.Y + y}
			}
			return point{x, y}
		}
		switch cmd {
		case 'M', 'm':
			cur = at(num(), num())
			start = cur
			p = append(p, segment{kind: moveTo, p: [3]point{cur}})
			cmd -= 1 // further coordinate pairs are lines: 'M'-1 = 'L', 'm'-1 = 'l'
		case 'L', 'l':
			cur = at(num(), num())
			p = append(p, segment{kind: lineTo, p: [3]point{cur}})
		case 'H', 'h':
			x := num()
			if rel {
				x += cur.X
			}
			cur = point{x, cur.Y}
			p = append(p, segment{kind: lineTo, p: [3]point{cur}})
		case 'V', 'v':
			y := num()
			if rel {
				y += cur.Y
			}
			cur = point{cur.X, y}
			p = append(p, segment{kind: lineTo, p: [3]point{cur}})
		case 'Q', 'q':
			c := at(num(), num())
			e := at(num(), num())
			cur = e
			p = append(p, segment{kind: quadTo, p: [3]point{c, e}})
		case 'C', 'c':
			c1 := at(num(), num())
			c2 := at(num(), num())
			e := at(num(), num())
			cur = e
			p = append(p, segment{kind: cubeTo, p: [3]point{c1, c2, e}})
		case 'Z', 'z':
			cur = start
			p = append(p, segment{kind: closeTo})
		default:
			panic(fmt.Sprintf("render: path %q: unsupported command %q", d, cmd))
		}
	}
	return p
}

// pathTokens splits path data into commands and numbers.
func pathTokens(d string) []string {
	var out []string
	i := 0
	for i < len(d) {
		c := d[i]
		switch {
		case c == ' ' || c == ',' || c == '\n' || c == '\t':
			i++
		case strings.IndexByte("MLHVQCZmlhvqcz", c) >= 0:
			out = append(out, d[i:i+1])
			i++
		default:
			j := i + 1
			for j < len(d) && (d[j] >= '0' && d[j] <= '9' || d[j] == '.' || d[j] == 'e' || d[j] == 'E' ||
				(d[j] == '-' && (d[j-1] == 'e' || d[j-1] == 'E'))) {
				j++
			}
			out = append(out, d[i:j])
			i = j
		}
	}
	return out
}

// svgData writes the path as SVG path data with fixed number formatting.
func (p path) svgData() string {
	var b strings.Builder
	for _, s := range p {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte("MLQCZ"[s.kind])
		for j := 0; j < s.kind.points(); j++ {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(num(s.p[j].X))
			b.WriteByte(',')
			b.WriteString(num(s.p[j].Y))
		}
	}
	return b.String()
}

// num formats a coordinate with at most two decimals, so that output is
// deterministic and small.
func num(x float64) string {
	v := math.Round(x*100) / 100
	if v == 0 {
		return "0" // never "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// A polyline is a flattened subpath.
type polyline struct {
	pts    []point
	closed bool
}

// flatten turns a path into polylines, splitting curves into straight pieces
// no longer than about tolerance off the curve.
func (p path) flatten(tolerance float64) []polyline {
	var out []polyline
	var cur *polyline
	var pen point
	for _, s := range p {
		switch s.kind {
		case moveTo:
			out = append(out, polyline{pts: []point{s.p[0]}})
			cur = &out[len(out)-1]
			pen = s.p[0]
			continue
		case closeTo:
			if cur != nil {
				cur.closed = true
				pen = cur.pts[0]
			}
			continue
		}
		if cur == nil {
			out = append(out, polyline{pts: []point{pen}})
			cur = &out[len(out)-1]
		}
		switch s.kind {
		case lineTo:
			cur.pts = append(cur.pts, s.p[0])
		case quadTo:
			n := curveSteps(pen.sub(s.p[0]).length()+s.p[0].sub(s.p[1]).length(), tolerance)
			for i := 1; i <= n; i++ {
				t := float64(i) / float64(n)
				a, b := lerpPoint(pen, s.p[0], t), lerpPoint(s.p[0], s.p[1], t)
				cur.pts = append(cur.pts, lerpPoint(a, b, t))
			}
		case cubeTo:
			n := curveSteps(pen.sub(s.p[0]).length()+s.p[0].sub(s.p[1]).length()+s.p[1].sub(s.p[2]).length(), tolerance)
			for i := 1; i <= n; i++ {
				t := float64(i) / float64(n)
				a, b, c := lerpPoint(pen, s.p[0], t), lerpPoint(s.p[0], s.p[1], t), lerpPoint(s.p[1], s.p[2], t)
				ab, bc := lerpPoint(a, b, t), lerpPoint(b, c, t)
				cur.pts = append(cur.pts, lerpPoint(ab, bc, t))
			}
		}
		pen = s.end()
	}
	return out
}

// curveSteps chooses how many straight pieces approximate a curve whose
// control polygon has the given length.
func curveSteps(length, tolerance float64) int {
	n := int(math.Ceil(math.Sqrt(length / tolerance)))
	return max(1, min(n, 64))
}

// strokePolygons outlines polylines drawn with a pen of the given width,
// round joins and round caps, as a set of polygons of one orientation: a
// quadrilateral per segment and a disc per vertex. Filled together with the
// nonzero rule they make the stroke.
func strokePolygons(lines []polyline, width float64) [][]point {
	h := width / 2
	var out [][]point
	disc := discPolygon(h)
	for _, l := range lines {
		pts := l.pts
		n := len(pts)
		segs := n - 1
		if l.closed && n > 2 {
			segs = n
		}
		for i := 0; i < segs; i++ {
			a, b := pts[i], pts[(i+1)%n]
			d := b.sub(a)
			length := d.length()
			if length == 0 {
				continue
			}
			nrm := point{-d.Y / length * h, d.X / length * h}
			out = append(out, []point{a.add(nrm), b.add(nrm), b.sub(nrm), a.sub(nrm)})
		}
		if h >= 0.6 || n == 1 {
			// Joins and caps; below a pixel wide they cannot be seen.
			for _, q := range pts {
				c := make([]point, len(disc))
				for j, v := range disc {
					c[j] = v.add(q)
				}
				out = append(out, c)
			}
		}
	}
	return out
}

// discPolygon approximates a circle of radius r centred on the origin with
// the orientation of strokePolygons' quadrilaterals.
func discPolygon(r float64) []point {
	n := max(8, min(32, int(r*2)))
	pts := make([]point, n)
	for i := range pts {
		a := -2 * math.Pi * float64(i) / float64(n)
		pts[i] = point{r * math.Cos(a), r * math.Sin(a)}
	}
	return pts
}
