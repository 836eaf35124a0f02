package render

import (
	"bufio"
	"compress/lzw"
	"encoding/binary"
	"image"
	"image/color"
	"io"
	"math/bits"
)

// gifStream writes an animated GIF frame by frame, as image/gif's
// EncodeAll would write it with one global palette, without holding the
// frames: an animation takes the memory of one frame, not of all of them.
type gifStream struct {
	w   *bufio.Writer
	err error
	pal color.Palette
	// transparent is the palette entry marked transparent in every frame.
	transparent uint8
	// litWidth is the LZW code width of the palette's indices.
	litWidth int
	blocks   subBlocks
	lzw      *lzw.Writer // reset for each frame
}

// newGIFStream writes the header, the global palette and, for more than
// one frame, the extension that loops the animation forever.
func newGIFStream(w io.Writer, width, height int, pal color.Palette, transparent uint8, frames int) *gifStream {
	g := &gifStream{w: bufio.NewWriter(w), pal: pal, transparent: transparent}
	sizeBits := max(1, bits.Len(uint(len(pal)-1))) // the table holds 2^sizeBits colours
	g.litWidth = max(2, sizeBits)
	g.write([]byte("GIF89a"))
	g.uint16s(width, height)
	g.write([]byte{0x80 | byte(sizeBits-1), 0, 0}) // a global table; background 0; square pixels
	table := make([]byte, 3<<sizeBits)
	for i, c := range pal {
		r, gr, b, _ := c.RGBA()
		table[3*i], table[3*i+1], table[3*i+2] = byte(r>>8), byte(gr>>8), byte(b>>8)
	}
	g.write(table)
	if frames > 1 {
		g.write([]byte{0x21, 0xff, 0x0b})
		g.write([]byte("NETSCAPE2.0"))
		g.write([]byte{0x03, 0x01, 0, 0, 0}) // loop forever
	}
	return g
}

func (g *gifStream) write(p []byte) {
	if g.err == nil {
		_, g.err = g.w.Write(p)
	}
}

func (g *gifStream) uint16s(vs ...int) {
	for _, v := range vs {
		g.write(binary.LittleEndian.AppendUint16(nil, uint16(v)))
	}
}

// frame writes one frame, kept on the screen (disposal none) for delay
// hundredths of a second, its transparent pixels showing the frame before.
func (g *gifStream) frame(img *image.Paletted, delay int) error {
	g.write([]byte{0x21, 0xf9, 0x04, 0x01<<2 | 0x01})
	g.uint16s(delay)
	g.write([]byte{g.transparent, 0})
	r := img.Rect
	g.write([]byte{0x2c})
	g.uint16s(r.Min.X, r.Min.Y, r.Dx(), r.Dy())
	g.write([]byte{0, byte(g.litWidth)}) // no local palette
	if g.err != nil {
		return g.err
	}
	blocks := &g.blocks
	*blocks = subBlocks{w: g.w}
	if g.lzw == nil {
		g.lzw = lzw.NewWriter(blocks, lzw.LSB, g.litWidth).(*lzw.Writer)
	} else {
		g.lzw.Reset(blocks, lzw.LSB, g.litWidth)
	}
	for y := 0; y < r.Dy() && g.err == nil; y++ {
		_, g.err = g.lzw.Write(img.Pix[y*img.Stride : y*img.Stride+r.Dx()])
	}
	if err := g.lzw.Close(); g.err == nil {
		g.err = err
	}
	if err := blocks.close(); g.err == nil {
		g.err = err
	}
	return g.err
}

// end writes the trailer and flushes.
func (g *gifStream) end() error {
	g.write([]byte{0x3b})
	if g.err != nil {
		return g.err
	}
	return g.w.Flush()
}

// subBlocks cuts the LZW data into the GIF's sub-blocks of up to 255
// bytes, each after its length, and ends them with an empty one.
type subBlocks struct {
	w   io.Writer
	buf [256]byte
	n   int
}

func (s *subBlocks) Write(p []byte) (int, error) {
	for i, c := range p {
		s.buf[1+s.n] = c
		s.n++
		if s.n == 255 {
			if err := s.flush(); err != nil {
				return i, err
			}
		}
	}
	return len(p), nil
}

func (s *subBlocks) flush() error {
	if s.n == 0 {
		return nil
	}
	s.buf[0] = byte(s.n)
	_, err := s.w.Write(s.buf[:1+s.n])
	s.n = 0
	return err
}

func (s *subBlocks) close() error {
	if err := s.flush(); err != nil {
		return err
	}
	_, err := s.w.Write([]byte{0})
	return err
}
