package render

import (
	"context"
	"fmt"
	"io"

	"github.com/chessmodel/chessmodel/model"
)

// A Format is a kind of picture.
type Format int

const (
	FormatSVG Format = iota
	FormatPNG
	FormatGIF
)

func (f Format) String() string { return [...]string{"svg", "png", "gif"}[f] }

// Draw writes the picture of a model in a format: for SVG and PNG the
// first solution, if any (SVG and PNG); for GIF the animation of the
// solutions (GIF). It checks the picture first (Check), before anything is
// drawn, and stops with ctx's error soon after ctx is done: drawing, the
// GIF's frames and palette, and the encoders' writes all look at it.
func Draw(ctx context.Context, w io.Writer, m *model.Model, sols []model.Solution, f Format, opts Options) error {
	frames, err := plan(m, sols, f, opts)
	if err != nil {
		return err
	}
	w = stopWriter{ctx, w}
	switch f {
	case FormatSVG:
		return writeSVG(ctx, w, frames[0].scene, opts)
	case FormatPNG:
		return writePNG(ctx, w, frames[0].scene, opts)
	}
	return writeGIF(ctx, w, frames, opts)
}

// Check says whether Draw can make the picture, without drawing it: the
// picture's size, the board's side, a raster picture's pixels and the
// memory drawing takes (Memory) against Options.MaxMemory. Its error wraps
// ErrSize, ErrTooLarge or, above the memory bound, model.ErrTooLarge.
func Check(m *model.Model, sols []model.Solution, f Format, opts Options) error {
	_, err := plan(m, sols, f, opts)
	return err
}

// CheckSolving is Check for the picture of a solution not found yet, so
// that a caller can refuse before it solves: a tour's solution visits
// every open square, and its picture is checked as that long; any other
// model's picture is checked as the model alone (Draw checks it again).
func CheckSolving(m *model.Model, f Format, opts Options) error {
	sc := newScene(m, nil)
	sc.attacks = opts.Attacks
	if m.Kind == model.KindTour {
		// The length stands for the path, which is not there yet.
		sc.pieces, sc.tourTotal, sc.tourDone = nil, m.Board.OpenCount(), true
		if f == FormatGIF {
			sc.caption = "n / n"
		}
	}
	return checkFrames([]Frame{{scene: sc}}, f, opts)
}

// plan lists the frames of a picture and checks them.
func plan(m *model.Model, sols []model.Solution, f Format, opts Options) ([]Frame, error) {
	frames, err := pictureFrames(m, sols, f, opts)
	if err != nil {
		return nil, err
	}
	return frames, checkFrames(frames, f, opts)
}

func checkFrames(frames []Frame, f Format, opts Options) error {
	need, err := memory(frames, f, opts)
	if err != nil {
		return err
	}
	if limit := model.MemoryLimit(opts.MaxMemory); need > limit {
		return fmt.Errorf("render: this %s picture would take about %s to draw, above the bound of %s: %w",
			f, model.ByteSize(need), model.ByteSize(limit), model.ErrTooLarge)
	}
	return nil
}

// pictureFrames are the scenes of a picture: one for SVG and PNG.
func pictureFrames(m *model.Model, sols []model.Solution, f Format, opts Options) ([]Frame, error) {
	if f == FormatGIF {
		return Animation(m, sols, opts)
	}
	var sol *model.Solution
	if len(sols) > 0 {
		sol = &sols[0]
	}
	sc := newScene(m, sol)
	sc.attacks = opts.Attacks
	return []Frame{{scene: sc}}, nil
}

// Memory estimates the bytes drawing the frames takes, from the layout
// and the scenes, before any is drawn; its error says why the picture
// cannot be made at all (ErrSize, ErrTooLarge).
//
//	SVG   twice what is live as it draws, as for PNG: the text
//	      (svgText) in a buffer that grows by doubling, so up to twice
//	      its length, and the scene's lists and paths (sceneBytes);
//	PNG   twice what is live as it draws — the garbage collector lets
//	      the heap grow to twice it — which is the RGBA image and the
//	      vector rasterizer's coverage buffer, 4 bytes a pixel each, the
//	      encoder's rows, and the scene; and 16 MB for the encoder's
//	      buffers, the glyphs' tiles and the least heap the collector
//	      keeps;
//	GIF   the same, with the current and previous frames as palette
//	      indices and the difference written (a byte a pixel each), and
//	      the colour histogram, and 32 MB; frames are written as they
//	      are drawn (gifStream), so their number does not count.
//
// TestMemoryEstimate measures the heap against it.
func Memory(m *model.Model, sols []model.Solution, f Format, opts Options) (int64, error) {
	frames, err := pictureFrames(m, sols, f, opts)
	if err != nil {
		return 0, err
	}
	return memory(frames, f, opts)
}

func memory(frames []Frame, f Format, opts Options) (int64, error) {
	sc := frames[0].scene
	caption := false
	for _, fr := range frames {
		caption = caption || fr.scene.caption != ""
	}
	l, err := newLayout(sc.m.Board, opts, caption)
	if err != nil {
		return 0, err
	}
	paths := sceneBytes(sc)
	if f == FormatSVG {
		return 2 * (2*svgText(sc, l) + paths), nil
	}
	if err := l.checkRaster(); err != nil {
		return 0, err
	}
	perPixel, fixed := int64(10), int64(16<<20)
	if f == FormatGIF {
		perPixel, fixed = 14, 32<<20
	}
	return fixed + 2*(perPixel*int64(l.width)*int64(l.height)+paths), nil
}

// sceneBytes estimates the memory of a scene's lists and paths: the board's
// square lists (off the board, shaded, dark), and the points, segments and
// outlines of a tour's path, moves, pieces and walls.
func sceneBytes(sc *scene) int64 {
	b := sc.m.Board
	items := int64(len(sc.fixed) + len(sc.pieces) + len(sc.walls) + len(sc.targets) + len(sc.moves) + b.WallCount())
	perSquare := int64(8)
	if sc.attacks {
		perSquare = 48
	}
	return 1<<20 + perSquare*int64(b.Size()) + 64*tourLength(sc) + 1024*items
}

// svgText estimates the length of the SVG document of a scene, from the
// bytes of its elements (at most, as measured by TestSVGEstimate): each
// dark square drawn one by one, square off the board, wall, piece, target,
// point of a tour (with its numbered disc on large squares), move, label.
func svgText(sc *scene, l *layout) int64 {
	b := sc.m.Board
	n := int64(8<<10) + 4<<10*int64(len(sc.m.Pieces)+2) // header, labels' frame, glyph symbols
	squares := int64(b.Size())
	if squares <= checkerLimit {
		n += 16 * squares
	}
	n += 40 * (squares - int64(b.OpenCount()))
	n += 400 * int64(b.WallCount()+len(sc.walls))
	if sc.attacks {
		n += 40 * squares
	}
	n += 200 * int64(len(sc.fixed)+len(sc.pieces)+len(sc.targets))
	perPoint := int64(16)
	switch {
	case l.sq >= 26:
		perPoint += 1200
	case l.sq >= 8:
		perPoint += 500
	}
	n += perPoint * tourLength(sc)
	n += 1000 * int64(len(sc.moves))
	n += 160 * int64(b.Rows+b.Cols)
	return n
}

// tourLength is the number of squares of the tour a scene draws, at most.
func tourLength(sc *scene) int64 { return int64(max(len(sc.tour), sc.tourTotal)) }

// stopWriter passes writes on until ctx is done, then fails each with
// ctx's error: the encoders stop at their next write.
type stopWriter struct {
	ctx context.Context
	w   io.Writer
}

func (s stopWriter) Write(p []byte) (int, error) {
	if err := s.ctx.Err(); err != nil {
		return 0, err
	}
	return s.w.Write(p)
}
