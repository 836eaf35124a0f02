package render

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// Options tune a picture. The zero value gives a 480-pixel board with
// coordinates and no shading.
type Options struct {
	// Size is the longer side of the board in pixels (user units in SVG);
	// 0 means DefaultSize. Squares are whole pixels and at least MinSquare,
	// so the board may come out a little smaller than Size, and larger on a
	// board of more than Size/MinSquare squares a side.
	Size int
	// Attacks shades the squares attacked by the pieces on the board.
	Attacks bool
	// NoCoordinates leaves out the file letters and rank numbers.
	NoCoordinates bool
	// Delay is how long each frame of a GIF shows; 0 chooses by the kind of
	// animation. The last frame always shows longer.
	Delay time.Duration
	// MaxMemory bounds the bytes drawing may take, as estimated before
	// anything is drawn (Memory), as model.Options.MaxMemory does a
	// backend's: 0 means model.DefaultMaxMemory, a negative value no bound.
	MaxMemory int64
}

// Limits on what can be drawn.
const (
	DefaultSize = 480
	MinSize     = 16
	MaxSize     = 16384
	MinSquare   = 2    // pixels
	MaxSide     = 4096 // squares on the longer side of a board
	maxPixels   = 1 << 26
)

// Errors for pictures that cannot be made; the returned errors wrap them
// and say why.
var (
	ErrSize     = errors.New("render: bad picture size")
	ErrTooLarge = errors.New("render: too large to draw")
)

// A layout places the board, its squares, its coordinates and a caption on
// the picture. SVG and raster pictures share it, so they look alike; all
// lengths are in pixels, and squares and margins are whole pixels so that
// raster squares have crisp edges.
type layout struct {
	rows, cols     int
	sq             int // side of a square
	boardX, boardY int // top-left corner of the board
	width, height  int // the whole picture

	fontSize               float64 // of coordinates and caption
	coordinates            bool
	fileLabels, rankLabels labelStep
	captionY               float64 // baseline of the caption; 0 when there is none
}

func newLayout(b *model.Board, opts Options, caption bool) (*layout, error) {
	size := opts.Size
	if size == 0 {
		size = DefaultSize
	}
	if size < MinSize || size > MaxSize {
		return nil, fmt.Errorf("%w: %d pixels; choose a board side from %d to %d", ErrSize, size, MinSize, MaxSize)
	}
	side := max(b.Rows, b.Cols)
	if side > MaxSide {
		return nil, fmt.Errorf("%w: the %s board has more than %d squares a side", ErrTooLarge, b.Dims(), MaxSide)
	}
	l := &layout{rows: b.Rows, cols: b.Cols, coordinates: !opts.NoCoordinates}
	l.sq = max(MinSquare, size/side)
	l.fontSize = math.Round(2*clamp(0.27*float64(l.sq), 11, 16)) / 2
	face := typefaceFor(false)
	pad := int(math.Round(l.fontSize * 0.6))
	left, bottom, top := pad, pad, pad
	if l.coordinates {
		rankWidth := face.width(strconv.Itoa(b.Rows), l.fontSize)
		fileWidth := face.width(model.FileName(b.Cols-1), l.fontSize)
		left = pad + int(math.Ceil(rankWidth)) + pad
		bottom = pad + int(math.Ceil(l.fontSize*1.1)) + pad/2
		l.rankLabels = newLabelStep(l.fontSize*1.25, l.sq)
		l.fileLabels = newLabelStep(fileWidth+l.fontSize*0.6, l.sq)
	}
	if caption {
		top = pad + int(math.Ceil(l.fontSize*1.9))
		l.captionY = float64(pad) + l.fontSize*1.15
	}
	l.boardX, l.boardY = left, top
	l.width = left + l.cols*l.sq + pad
	l.height = top + l.rows*l.sq + bottom
	return l, nil
}

// checkRaster refuses pictures too large to hold in memory as pixels.
func (l *layout) checkRaster() error {
	if l.width > MaxSize || l.height > MaxSize || l.width*l.height > maxPixels {
		return fmt.Errorf("%w: a %dx%d board at %d px a square makes a %dx%d picture; draw it as SVG",
			ErrTooLarge, l.rows, l.cols, l.sq, l.width, l.height)
	}
	return nil
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// A labelStep says which files or ranks carry a label: labels must be need
// squares apart to leave each the room it needs, and step is the round
// number (1, 2, 5, 10, 20, 50, ...) of squares between them.
type labelStep struct{ step, need int }

func newLabelStep(room float64, sq int) labelStep {
	need := int(math.Ceil(room / float64(sq)))
	for step := 1; ; step *= 10 {
		for _, k := range []int{1, 2, 5} {
			if k*step >= need {
				return labelStep{k * step, need}
			}
		}
	}
}

// labelled says whether the file or rank with 0-based index i gets a label:
// every one, every other from the first, or the first and the multiples of
// step far enough from it (1, 10, 20, ... or a, j, t, ...).
func (l labelStep) labelled(i int) bool {
	switch {
	case l.step == 1:
		return true
	case l.step == 2:
		return i%2 == 0
	case i == 0:
		return true
	}
	return (i+1)%l.step == 0 && i >= l.need
}

// corner is the top-left corner of a square on the picture.
func (l *layout) corner(s model.Square) point {
	return point{float64(l.boardX + s.File*l.sq), float64(l.boardY + (l.rows-1-s.Rank)*l.sq)}
}

// centre is the middle of a square.
func (l *layout) centre(s model.Square) point {
	h := float64(l.sq) / 2
	return l.corner(s).add(point{h, h})
}

// boardRect is the board's rectangle: x, y, width, height.
func (l *layout) boardRect() rect {
	return rect{float64(l.boardX), float64(l.boardY), float64(l.cols * l.sq), float64(l.rows * l.sq)}
}

// squareRect is a square's rectangle.
func (l *layout) squareRect(s model.Square) rect {
	c := l.corner(s)
	return rect{c.X, c.Y, float64(l.sq), float64(l.sq)}
}

// A rect is an axis-aligned rectangle.
type rect struct{ X, Y, W, H float64 }
