package tour

import (
	"fmt"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// The knight's construction for large plain boards: divide and conquer in
// linear time. The board is cut into blocks of 6 to 11 squares a side —
// bands along one side, an even number of them of even height, and stripes
// along the other — and the blocks are visited along a cycle of the block
// grid (along the first band, back and forth through the others leaving
// the first stripe free, then down the first stripe). Inside each block the
// knight makes an open tour from the square where it enters to a square one
// knight move from where it enters the next block; the last block's tour
// ends one move from the first block's entry, so the whole is a closed
// tour. The tours of the blocks are found by the finder (Warnsdorff with
// backtracking, a node budget per try) and memoised by block shape, entry
// square and exit side, so a board of a million squares needs a few dozen
// small searches and then only copies. An open tour is the closed tour
// opened at the start square (or at a1).
//
// It applies to the knight on a board with every square open, an even
// number of squares and both sides at least constructFrom; other boards go
// to the search. Every tour it returns is checked by the caller's checker
// like any other.

// constructFrom is the shortest side the construction takes; below it the
// search is fast anyway.
const constructFrom = 24

// blockBudget bounds the nodes of one search for a block's tour.
const blockBudget = 20000

// constructs reports whether the construction applies to the model.
func constructs(m *model.Model) bool {
	b := m.Board
	return m.Plain() && isKnight(m.Tour.Piece) && fullRectangle(b) && b.Rows >= constructFrom && b.Cols >= constructFrom && b.Size()%2 == 0
}

// construct builds a tour without search when the model's structure allows;
// it reports false otherwise. The path is the only table of the size of
// the board it allocates.
func construct(st *tasks.Stopper, m *model.Model) ([]model.Square, bool) {
	if !constructs(m) {
		return nil, false
	}
	path := make([]model.Square, 0, m.Board.Size())
	err := knightTour(m.Board.Rows, m.Board.Cols, st, func(s model.Square) { path = append(path, s) })
	if err != nil {
		return nil, false
	}
	if s := m.Tour.Start; s != nil {
		for i, q := range path {
			if q == *s {
				rotate(path, i)
				break
			}
		}
	}
	return path, true
}

// rotate turns the closed tour in place so that path[at] comes first, by
// three reversals.
func rotate(path []model.Square, at int) {
	slices.Reverse(path[:at])
	slices.Reverse(path[at:])
	slices.Reverse(path)
}

// KnightTour walks a closed knight's tour of a rows x cols board (an even
// number of squares, both sides at least 24), calling visit for each square
// in order, without holding the tour in memory: the construction's memory
// is the block plan, a few bytes per block. It returns an error wrapping
// model.ErrUnsupported for boards it does not take.
func KnightTour(rows, cols int, visit func(model.Square)) error {
	if rows < constructFrom || cols < constructFrom || (rows*cols)%2 != 0 {
		return fmt.Errorf("exact: the knight's construction takes boards with an even number of squares and sides of at least %d, not %dx%d: %w",
			constructFrom, rows, cols, model.ErrUnsupported)
	}
	return knightTour(rows, cols, nil, visit)
}

// knightTour runs the construction.
func knightTour(rows, cols int, st *tasks.Stopper, visit func(model.Square)) error {
	// bands cut the even side into an even number of even parts; stripes
	// cut the other side.
	transpose := rows%2 != 0
	bandSide, stripeSide := rows, cols
	if transpose {
		bandSide, stripeSide = cols, rows
	}
	bands := evenParts(bandSide)
	stripes := anyParts(stripeSide)
	c := &blockCutter{tours: map[blockKey]blockTour{}, graphs: map[[2]int]*model.MoveGraph{}, st: st}
	order := blockCycle(len(bands), len(stripes))
	origin := func(b blockAt) (int, int) { return offset(bands, b.band), offset(stripes, b.stripe) }
	size := func(b blockAt) (int, int) { return bands[b.band], stripes[b.stripe] }

	first := order[0]
	h0, w0 := size(first)
	// The tour enters the first block from the last one, which lies across
	// the first block's far band boundary (rows h0-2, h0-1 of the block).
	for _, entry := range boundarySquares(h0, w0, sideUp) {
		plan, ok := c.plan(order, entry, size)
		if !ok {
			if st != nil && st.Stopped() {
				return errStopped
			}
			continue
		}
		for i, b := range order {
			br, bc := origin(b)
			for _, s := range plan[i] {
				q := model.Square{File: bc + s.File, Rank: br + s.Rank}
				if transpose {
					q.File, q.Rank = q.Rank, q.File
				}
				visit(q)
			}
		}
		return nil
	}
	return fmt.Errorf("exact: the knight's construction found no block tours for %dx%d", rows, cols)
}

// evenParts cuts an even length into an even number (at least 2) of even
// parts from 6 to 10.
func evenParts(n int) []int {
	halves := n / 2
	k := max(2, halves/4)
	if k%2 != 0 {
		k++
	}
	for halves/k < 3 {
		k -= 2
	}
	out := make([]int, k)
	for i := range out {
		out[i] = 2 * (halves / k)
		if i < halves%k {
			out[i] += 2
		}
	}
	return out
}

// anyParts cuts a length into at least 2 parts from 6 to 11.
func anyParts(n int) []int {
	k := max(2, n/8)
	out := make([]int, k)
	for i := range out {
		out[i] = n / k
		if i < n%k {
			out[i]++
		}
	}
	return out
}

func offset(parts []int, i int) int {
	o := 0
	for _, p := range parts[:i] {
		o += p
	}
	return o
}

// blockAt names a block by band and stripe.
type blockAt struct{ band, stripe int }

// blockCycle lists the blocks along a cycle of the grid (an even number of
// bands, at least two stripes): along band 0, then back and forth through
// the other bands over stripes 1.., then back down stripe 0.
func blockCycle(bands, stripes int) []blockAt {
	var out []blockAt
	for s := 0; s < stripes; s++ {
		out = append(out, blockAt{0, s})
	}
	for b := 1; b < bands; b++ {
		if b%2 == 1 {
			for s := stripes - 1; s >= 1; s-- {
				out = append(out, blockAt{b, s})
			}
		} else {
			for s := 1; s < stripes; s++ {
				out = append(out, blockAt{b, s})
			}
		}
	}
	for b := bands - 1; b >= 1; b-- {
		out = append(out, blockAt{b, 0})
	}
	return out
}

// side is the side of a block through which the tour leaves it.
type side int

const (
	sideUp side = iota // towards higher ranks (bands)
	sideDown
	sideRight // towards higher files (stripes)
	sideLeft
)

func direction(from, to blockAt) side {
	switch {
	case to.band > from.band:
		return sideUp
	case to.band < from.band:
		return sideDown
	case to.stripe > from.stripe:
		return sideRight
	}
	return sideLeft
}

// boundarySquares lists the squares of an h x w block within two squares of
// the given side.
func boundarySquares(h, w int, s side) []model.Square {
	var out []model.Square
	for r := 0; r < h; r++ {
		for f := 0; f < w; f++ {
			near := false
			switch s {
			case sideUp:
				near = r >= h-2
			case sideDown:
				near = r < 2
			case sideRight:
				near = f >= w-2
			case sideLeft:
				near = f < 2
			}
			if near {
				out = append(out, model.Square{File: f, Rank: r})
			}
		}
	}
	return out
}

// blockKey identifies a memoised block tour.
type blockKey struct {
	h, w   int
	nh, nw int // the next block's size
	entry  model.Square
	out    side
	last   bool // the last block: its exit must reach the first block's entry
	goal   model.Square
}

// blockTour is a block's tour, in block coordinates, and where the next
// block is entered, in that block's coordinates.
type blockTour struct {
	path      []model.Square
	nextEntry model.Square
	ok        bool
}

type blockCutter struct {
	tours  map[blockKey]blockTour
	graphs map[[2]int]*model.MoveGraph
	st     *tasks.Stopper
}

// plan finds the tour of every block in order, the first entered at
// entry.
func (c *blockCutter) plan(order []blockAt, entry model.Square, size func(blockAt) (int, int)) ([][]model.Square, bool) {
	out := make([][]model.Square, len(order))
	first := entry
	h0, _ := size(order[0])
	for i, b := range order {
		h, w := size(b)
		next := order[(i+1)%len(order)]
		nh, nw := size(next)
		key := blockKey{h: h, w: w, nh: nh, nw: nw, entry: entry, out: direction(b, next)}
		if i == len(order)-1 {
			// the first block lies below the last: its entry, in this
			// block's coordinates
			key.last, key.goal = true, model.Square{File: first.File, Rank: first.Rank - h0}
		}
		t, done := c.tours[key]
		if !done {
			t = c.search(key, nh, nw)
			c.tours[key] = t
		}
		if !t.ok {
			return nil, false
		}
		out[i] = t.path
		entry = t.nextEntry
	}
	return out, true
}

var knightMoves = model.BuiltinPieces()["knight"].Leaps

// search finds a block's tour from the key's entry to a square one move
// from an entry of the next block (nh x nw), or from the goal for the last
// block.
func (c *blockCutter) search(key blockKey, nh, nw int) blockTour {
	g := c.graph(key.h, key.w)
	entry := g.Vertex(key.entry)
	for _, x := range boundarySquares(key.h, key.w, key.out) {
		if x == key.entry {
			continue
		}
		for _, mv := range knightMoves {
			e := x.Add(mv)
			var next model.Square
			switch {
			case key.last:
				if e != key.goal {
					continue
				}
			case key.out == sideUp && e.Rank >= key.h && e.File >= 0 && e.File < key.w:
				next = model.Square{File: e.File, Rank: e.Rank - key.h}
			case key.out == sideDown && e.Rank < 0 && e.File >= 0 && e.File < key.w:
				next = model.Square{File: e.File, Rank: e.Rank + nh}
			case key.out == sideRight && e.File >= key.w && e.Rank >= 0 && e.Rank < key.h:
				next = model.Square{File: e.File - key.w, Rank: e.Rank}
			case key.out == sideLeft && e.File < 0 && e.Rank >= 0 && e.Rank < key.h:
				next = model.Square{File: e.File + nw, Rank: e.Rank}
			default:
				continue
			}
			f := newFinder(g, entry, false, g.Vertex(x))
			f.budget, f.st = blockBudget, c.st
			if f.run() == searchFound {
				return blockTour{path: g.Path(f.path), nextEntry: next, ok: true}
			}
			if c.st != nil && c.st.Stopped() {
				return blockTour{}
			}
			break // the same exit square with another entry would search the same
		}
	}
	return blockTour{}
}

func (c *blockCutter) graph(h, w int) *model.MoveGraph {
	if g, ok := c.graphs[[2]int{h, w}]; ok {
		return g
	}
	g, err := model.NewMoveGraph(model.NewBoard(h, w), model.BuiltinPieces()["knight"], h*w)
	if err != nil {
		panic(err) // blocks are tiny
	}
	c.graphs[[2]int{h, w}] = g
	return g
}
