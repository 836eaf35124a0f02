package render

import (
	"context"
	"fmt"
	"image"
	"io"
	"math"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// Limits on animations.
const (
	MaxFrames = 1000 // frames in one GIF
	// tourFrames is how many frames a growing tour takes at most: a longer
	// tour adds several squares a frame.
	tourFrames = 120
)

// GIF draws an animation. Given one solution of a tour, it shows the path
// growing square by square; of a slide, the position after each move; in
// every other case one frame per solution (a still picture of the model when
// sols is empty), as for the solutions of a placement. It is Draw without
// a context: the picture is checked first (Check).
func GIF(w io.Writer, m *model.Model, sols []model.Solution, opts Options) error {
	return Draw(context.Background(), w, m, sols, FormatGIF, opts)
}

// A Frame is one picture of an animation and how long it shows.
type Frame struct {
	scene *scene
	Delay time.Duration
}

// Animation lists the frames GIF would draw, for callers that want to know
// how many there are before drawing them.
func Animation(m *model.Model, sols []model.Solution, opts Options) ([]Frame, error) {
	var frames []Frame
	switch {
	case len(sols) == 1 && m.Kind == model.KindTour && len(sols[0].Squares) > 0:
		frames = tourAnimation(m, sols[0].Squares, opts.Delay)
	case len(sols) == 1 && m.Kind == model.KindSlide && len(sols[0].Moves) > 0:
		frames = slideAnimation(m, sols[0].Moves, opts.Delay)
	case len(sols) == 0:
		frames = []Frame{{scene: newScene(m, nil), Delay: time.Second}}
	default:
		if len(sols) > MaxFrames {
			return nil, fmt.Errorf("%w: %d solutions; a GIF shows at most %d frames", ErrTooLarge, len(sols), MaxFrames)
		}
		delay := pick(opts.Delay, time.Second)
		for i := range sols {
			sc := newScene(m, &sols[i])
			if len(sols) > 1 {
				sc.caption = fmt.Sprintf("%d / %d", i+1, len(sols))
			}
			frames = append(frames, Frame{scene: sc, Delay: delay})
		}
	}
	for _, f := range frames {
		f.scene.attacks = opts.Attacks
	}
	return frames, nil
}

func pick(d, otherwise time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return otherwise
}

// tourAnimation shows the tour growing, with the piece on its last square,
// then the whole tour.
func tourAnimation(m *model.Model, squares []model.Square, delay time.Duration) []Frame {
	n := len(squares)
	per := (n + tourFrames - 1) / tourFrames
	// About eight seconds in all, unless told otherwise.
	delay = pick(delay, time.Duration(min(250, max(40, 8000/((n+per-1)/per))))*time.Millisecond)
	var frames []Frame
	for k := per; ; k += per {
		k = min(k, n)
		sc := newScene(m, nil)
		sc.pieces = nil
		sc.tour, sc.tourTotal, sc.tourHead = squares[:k], n, true
		sc.caption = fmt.Sprintf("%d / %d", k, n)
		frames = append(frames, Frame{scene: sc, Delay: delay})
		if k == n {
			break
		}
	}
	final := newScene(m, &model.Solution{Squares: squares})
	final.caption = fmt.Sprintf("%d / %d", n, n)
	return append(frames, Frame{scene: final, Delay: 3 * time.Second})
}

// slideAnimation shows the start position, then the position after each
// move with that move's arrow. Moves are played as given: a piece missing
// from a move's square is simply not there to move.
func slideAnimation(m *model.Model, moves []model.Move, delay time.Duration) []Frame {
	delay = pick(delay, 700*time.Millisecond)
	at := m.SlideStart()
	start := newScene(m, nil)
	start.caption = fmt.Sprintf("start, %d moves", len(moves))
	frames := []Frame{{scene: start, Delay: max(delay, 1500*time.Millisecond)}}
	for i, mv := range moves {
		if g, ok := at[mv.From]; ok {
			delete(at, mv.From)
			at[mv.To] = g
		}
		sc := newScene(m, nil)
		sc.pieces, sc.styles = slidePieces(m, at)
		sc.moves, sc.moveFirst, sc.moveTotal = moves[i:i+1], i, len(moves)
		sc.highlight = []model.Square{mv.From, mv.To}
		sc.caption = fmt.Sprintf("move %d / %d", i+1, len(moves))
		d := delay
		if i == len(moves)-1 {
			d = 3 * time.Second
		}
		frames = append(frames, Frame{scene: sc, Delay: d})
	}
	return frames
}

// writeGIF draws the frames with one palette for the whole animation, chosen
// from a sample of them, and stores each frame after the first as the
// rectangle in which it differs from the one before. Frames are written
// as they are drawn (gifStream): one is held at a time, with the one
// before. It stops with ctx's
// error between the steps of each frame once ctx is done.
func writeGIF(ctx context.Context, w io.Writer, frames []Frame, opts Options) error {
	if len(frames) > MaxFrames {
		return fmt.Errorf("%w: %d frames; a GIF shows at most %d", ErrTooLarge, len(frames), MaxFrames)
	}
	canvas := newRasterCanvas()
	hist := map[uint32]int{}
	samples := min(len(frames), 8)
	for i := 0; i < samples; i++ {
		k := 0
		if samples > 1 {
			k = i * (len(frames) - 1) / (samples - 1)
		}
		img, err := rasterize(ctx, frames[k].scene, opts, canvas)
		if err != nil {
			return err
		}
		countColours(img, hist)
	}
	pal := newQuantizer(canvas.colors, hist)
	var out *gifStream
	var prev *image.Paletted
	for _, f := range frames {
		img, err := rasterize(ctx, f.scene, opts, canvas)
		if err != nil {
			return err
		}
		cur := pal.paletted(img)
		if err := ctx.Err(); err != nil {
			return err
		}
		frame := cur
		if prev != nil {
			frame = difference(prev, cur, pal.transparent)
		} else {
			out = newGIFStream(w, img.Rect.Dx(), img.Rect.Dy(), pal.palette, pal.transparent, len(frames))
		}
		if err := out.frame(frame, int(math.Round(f.Delay.Seconds()*100))); err != nil {
			return err
		}
		prev = cur
	}
	return out.end()
}

// difference is the smallest rectangle of cur holding every pixel that
// differs from prev, with the pixels that do not differ made transparent,
// which compresses better; at least one pixel, as a frame cannot be empty.
func difference(prev, cur *image.Paletted, transparent uint8) *image.Paletted {
	minX, minY, maxX, maxY := cur.Rect.Dx(), cur.Rect.Dy(), 0, 0
	width := cur.Rect.Dx()
	for y := 0; y < cur.Rect.Dy(); y++ {
		a, b := prev.Pix[y*prev.Stride:y*prev.Stride+width], cur.Pix[y*cur.Stride:y*cur.Stride+width]
		for x := 0; x < width; x++ {
			if a[x] != b[x] {
				minX, maxX = min(minX, x), max(maxX, x+1)
				minY, maxY = min(minY, y), max(maxY, y+1)
			}
		}
	}
	if maxX == 0 {
		minX, minY, maxX, maxY = 0, 0, 1, 1
	}
	out := image.NewPaletted(image.Rect(minX, minY, maxX, maxY), cur.Palette)
	for y := minY; y < maxY; y++ {
		a, b := prev.Pix[y*prev.Stride:], cur.Pix[y*cur.Stride:]
		row := out.Pix[(y-minY)*out.Stride:]
		for x := minX; x < maxX; x++ {
			if a[x] == b[x] {
				row[x-minX] = transparent
			} else {
				row[x-minX] = b[x]
			}
		}
	}
	return out
}
