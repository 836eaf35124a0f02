package render

import (
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// Glyphs are drawn in a box of 100 x 100 units, y down, that is scaled onto
// a square. Each is a list of parts painted in order, so that later parts
// cover the outlines of earlier ones, as in a printed chess diagram.

// A role says which colour of a pieceStyle paints a part.
type role uint8

const (
	roleNone role = iota
	roleBody
	roleLine
	roleDetail
)

// A part is one filled and/or stroked shape of a glyph.
type part struct {
	d      path
	fill   role
	stroke role
	width  float64 // stroke width in glyph units
}

// A glyph is the picture of a piece.
type glyph struct {
	name  string // unique: used as an SVG id
	parts []part
}

const (
	outlineWidth = 3.6
	detailWidth  = 3.2
)

// outlined is a part of the body, filled and outlined; shape is the same
// for a path built in code.
func outlined(d string) part { return shape(parsePath(d)) }
func shape(p path) part      { return part{d: p, fill: roleBody, stroke: roleLine, width: outlineWidth} }

// detailLine and detailDot are drawn on the body in the contrasting colour.
func detailLine(d string) part { return part{d: parsePath(d), stroke: roleDetail, width: detailWidth} }
func detailDot(cx, cy, r float64) part {
	return part{d: circlePath(cx, cy, r), fill: roleDetail}
}

// The silhouettes of the five pieces and the pawn that stands for a wall.
var (
	glyphPawn = &glyph{name: "pawn", parts: []part{
		outlined("M40,47 C40,62 31,68 29,80 L71,80 C69,68 60,62 60,47 Z"),
		shape(roundRectPath(35, 42, 30, 8, 4)),
		shape(circlePath(50, 29, 12.5)),
		shape(roundRectPath(22, 78, 56, 10, 4)),
	}}
	glyphRook = &glyph{name: "rook", parts: []part{
		outlined("M33,36 L31,74 L69,74 L67,36 Z"),
		outlined("M26,40 L26,17 L36,17 L36,25 L45,25 L45,17 L55,17 L55,25 L64,25 L64,17 L74,17 L74,40 Z"),
		shape(roundRectPath(27, 70, 46, 9, 3)),
		shape(roundRectPath(21, 78, 58, 10, 3)),
		detailLine("M33,33 L67,33"),
	}}
	glyphBishop = &glyph{name: "bishop", parts: []part{
		outlined("M50,20 C33,32 28,48 35,62 C37,66 39,68 41,69 L59,69 C61,68 63,66 65,62 C72,48 67,32 50,20 Z"),
		shape(circlePath(50, 15, 6)),
		shape(roundRectPath(33, 66, 34, 10, 4)),
		shape(roundRectPath(24, 78, 52, 10, 4)),
		detailLine("M56,33 L46,48"),
		detailLine("M40,58 L60,58"),
	}}
	glyphQueen = &glyph{name: "queen", parts: []part{
		outlined("M27,78 L15,33 L33,56 L32,24 L44,54 L50,18 L56,54 L68,24 L67,56 L85,33 L73,78 Z"),
		shape(circlePath(15, 31, 5.5)),
		shape(circlePath(32, 22, 5.5)),
		shape(circlePath(50, 15, 5.5)),
		shape(circlePath(68, 22, 5.5)),
		shape(circlePath(85, 31, 5.5)),
		shape(roundRectPath(23, 77, 54, 11, 4)),
		detailLine("M29,68 Q50,62 71,68"),
	}}
	glyphKing = &glyph{name: "king", parts: []part{
		outlined("M46,9 L54,9 L54,16 L61,16 L61,24 L54,24 L54,34 L46,34 L46,24 L39,24 L39,16 L46,16 Z"),
		outlined("M29,79 C12,66 14,42 31,41 C41,40 47,48 50,55 C53,48 59,40 69,41 C86,42 88,66 71,79 Z"),
		outlined("M50,57 C41,49 41,35 50,31 C59,35 59,49 50,57 Z"),
		shape(roundRectPath(23, 77, 54, 11, 4)),
		detailLine("M29,68 Q50,61 71,68"),
	}}
	glyphKnight = &glyph{name: "knight", parts: []part{
		outlined("M33,80 C33,70 39,62 46,56 C40,56 34,60 28,62 C21,64 15,60 16,54 C17,48 23,44 29,38 " +
			"C34,33 37,26 39,17 L45,24 L50,14 L53,22 C68,26 77,40 77,57 C77,66 75,73 73,80 Z"),
		shape(roundRectPath(22, 77, 56, 11, 4)),
		detailDot(40, 33, 3.4),
		detailDot(21, 55, 1.9),
		detailLine("M56,30 C66,38 69,52 67,70"),
	}}
)

// builtinGlyph names the glyph of each built-in piece.
var builtinGlyph = map[string]*glyph{
	"king": glyphKing, "queen": glyphQueen, "rook": glyphRook, "bishop": glyphBishop, "knight": glyphKnight,
}

// glyphFor chooses how to draw a piece from what it does, not from its
// name: a piece that moves as a built-in one looks like it; a compound of a
// built-in piece and another (an amazon: queen and knight) looks like the
// first with a badge of the second; any other fairy piece is a disc with its
// symbol letter.
func glyphFor(pc *model.Piece) *glyph {
	builtins := model.BuiltinPieces()
	own := moveSet(pc)
	names := []string{"queen", "rook", "bishop", "king", "knight"}
	for _, name := range names {
		if slices.Equal(own, moveSet(builtins[name])) {
			return builtinGlyph[name]
		}
	}
	for _, base := range names {
		rest, ok := without(own, moveSet(builtins[base]))
		if !ok {
			continue
		}
		for _, extra := range names {
			if extra != base && slices.Equal(rest, moveSet(builtins[extra])) {
				return withBadge(builtinGlyph[base], builtinGlyph[extra])
			}
		}
	}
	return discGlyph(pc.Symbol)
}

// A move is a leap or a ride direction; moveSet lists a piece's, sorted.
type move struct {
	ride bool
	v    model.Vector
}

func moveSet(pc *model.Piece) []move {
	var out []move
	for _, v := range pc.Leaps {
		out = append(out, move{false, v})
	}
	for _, v := range pc.Rides {
		out = append(out, move{true, v})
	}
	slices.SortFunc(out, func(a, b move) int {
		switch {
		case a.ride != b.ride:
			if a.ride {
				return 1
			}
			return -1
		case a.v.Rank != b.v.Rank:
			return a.v.Rank - b.v.Rank
		}
		return a.v.File - b.v.File
	})
	return out
}

// without removes sub from set; ok is false unless sub is a proper subset.
func without(set, sub []move) (rest []move, ok bool) {
	for _, m := range set {
		if !slices.Contains(sub, m) {
			rest = append(rest, m)
		}
	}
	return rest, len(rest) == len(set)-len(sub) && len(rest) > 0
}

// withBadge draws base with a small disc in its upper right corner holding
// extra's silhouette.
func withBadge(base, extra *glyph) *glyph {
	g := &glyph{name: base.name + "-" + extra.name, parts: slices.Clone(base.parts)}
	g.parts = append(g.parts, part{d: circlePath(80, 20, 17), fill: roleDetail, stroke: roleLine, width: outlineWidth})
	const k = 0.26
	for _, p := range extra.parts {
		if p.fill != roleBody {
			continue
		}
		g.parts = append(g.parts, part{d: p.d.transform(k, point{80 - 50*k, 21 - 50*k}), fill: roleBody})
	}
	return g
}

// discGlyph is a disc carrying a letter, for fairy pieces.
func discGlyph(symbol rune) *glyph {
	letter := string(symbol)
	if symbol == 0 {
		letter = "?"
	}
	face := typefaceFor(true)
	const size = 46
	w := face.width(letter, size)
	baseline := 52 + face.capHeight*size/2
	return &glyph{name: "disc-" + letter, parts: []part{
		{d: circlePath(50, 52, 34), fill: roleBody, stroke: roleLine, width: outlineWidth},
		{d: face.outline(letter, 50-w/2, baseline, size), fill: roleDetail},
	}}
}
