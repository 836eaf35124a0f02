package slide

import "math/bits"

// This file finds the end of a slide with a word per line instead of a walk
// square by square. The squares of a ride direction fall into lines: the
// maximal chains each one step along the direction from the last, ended by
// the edge, walls or holes. A line of at most maxLine squares is a word
// whose bits are the occupied squares, with the ends of the line set as
// well, so the first blocker either way is one TrailingZeros or LeadingZeros.
// A direction and its opposite share their lines; a direction with a longer
// line keeps the walk (moves.go).

// maxLine is the longest line a word holds: bits 1..maxLine are the
// squares, bit 0 and the bit after the last square are the ends.
const maxLine = 62

// A lineLayout numbers the lines of a direction and its opposite.
type lineLayout struct {
	cells   []lineCell // cells[s]: where square s lies
	squares []int32
	ends    []uint64 // ends[l]: the bits of line l's two ends
}

// A lineCell is where a square lies on its line, read with one load.
type lineCell struct {
	line int32 // the line
	base int32 // squares[base+p] is the square at position p of the line
	pos  int32 // the position of the square on its line, from 1
}

// A rideLine is how a ride direction reads a layout: up along increasing
// positions, or down.
type rideLine struct {
	layout int // index in space.layouts
	up     bool
}

// layOutLines gives every ride direction whose lines fit in words its
// layout (space.rideLines[d].layout < 0 for the others).
func (sp *space) layOutLines() {
	sp.rideLines = make([]rideLine, len(sp.rideNext))
	for d := range sp.rideLines {
		sp.rideLines[d].layout = -1
	}
	if sp.m.Board.Wrapped() {
		return // a line may be a cycle, with no first square: the walk (moves.go) serves
	}
	for d, next := range sp.rideNext {
		back := sp.rideBack[d]
		if back < d {
			continue // laid out with its opposite
		}
		ly, ok := newLineLayout(next, sp.rideNext[back])
		if !ok {
			continue
		}
		sp.rideLines[d] = rideLine{layout: len(sp.layouts), up: true}
		if back != d {
			sp.rideLines[back] = rideLine{layout: len(sp.layouts), up: false}
		}
		sp.layouts = append(sp.layouts, ly)
	}
}

// newLineLayout follows next from every square that prev does not reach;
// it fails on a line longer than maxLine.
func newLineLayout(next, prev []int32) (*lineLayout, bool) {
	n := len(next)
	ly := &lineLayout{cells: make([]lineCell, n)}
	for first := range n {
		if prev[first] >= 0 {
			continue
		}
		l, base := int32(len(ly.ends)), int32(len(ly.squares))-1
		p := int32(0)
		for s := int32(first); s >= 0; s = next[s] {
			p++
			if p > maxLine {
				return nil, false
			}
			ly.cells[s] = lineCell{line: l, base: base, pos: p}
			ly.squares = append(ly.squares, s)
		}
		ly.ends = append(ly.ends, 1|1<<uint(p+1))
	}
	return ly, true
}

// lineEnd is where a piece on the cell stops sliding along its line,
// given the line's occupancy word: its own square when it cannot move.
func (ly *lineLayout) lineEnd(c lineCell, word uint64, up bool) int32 {
	var end int32
	if up {
		end = c.pos + int32(bits.TrailingZeros64(word>>uint(c.pos+1)))
	} else {
		end = int32(bits.Len64(word & (1<<uint(c.pos) - 1))) // the blocker's position + 1
	}
	return ly.squares[c.base+end]
}

// lineSources appends the squares a piece on the cell may have slid from
// along its line (up: from below, down: from above): the free squares
// behind it up to the first blocker.
func (ly *lineLayout) lineSources(out []move, piece int32, c lineCell, word uint64, up bool) []move {
	p := c.pos
	if up {
		from := int32(bits.Len64(word & (1<<uint(p) - 1))) // just above the blocker
		for q := p - 1; q >= from; q-- {
			out = append(out, move{piece, ly.squares[c.base+q]})
		}
		return out
	}
	to := p + int32(bits.TrailingZeros64(word>>uint(p+1)))
	for q := p + 1; q <= to; q++ {
		out = append(out, move{piece, ly.squares[c.base+q]})
	}
	return out
}
