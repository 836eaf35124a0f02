package model

import "fmt"

// ResizeGame returns the game on an n x n board, each start and goal
// square mapped by ResizeSquares, so squares next to corners stay next to
// corners and the centre stays the centre. Only square boards without
// walls, holes or wraps are resized.
func (m *Model) ResizeGame(n int) (*Model, error) {
	b := m.Board
	if m.Kind != KindGame {
		return nil, fmt.Errorf("only game models are resized here, this one is a %s model", m.Kind)
	}
	if b.Rows != b.Cols || len(b.Walls()) > 0 || len(b.OffSquares()) > 0 || b.Wrapped() {
		return nil, fmt.Errorf("only square boards without walls, holes or wraps are resized; the %s board of %s is not one (use --set for others)", b.Dims(), m.Name)
	}
	if n < 1 || n > 4096 {
		return nil, fmt.Errorf("board size %d: expected 1 to 4096", n)
	}
	spec := *m.Game
	taken := map[Square]bool{}
	for i := range spec.Sides {
		s := &spec.Sides[i]
		var err error
		if s.From, err = ResizeSquares(s.From, b.Rows, n); err != nil {
			return nil, err
		}
		if s.Goal, err = ResizeSquares(s.Goal, b.Rows, n); err != nil {
			return nil, err
		}
		for _, q := range s.From {
			if taken[q] {
				return nil, fmt.Errorf("on %dx%d both sides would start on %v", n, n, q)
			}
			taken[q] = true
			for _, g := range s.Goal {
				if g == q {
					return nil, fmt.Errorf("on %dx%d %s would start on its own goal square %v", n, n, s.Label, q)
				}
			}
		}
	}
	c := *m
	c.Board = NewBoard(n, n)
	c.Game = &spec
	c.Name = fmt.Sprintf("%s %dx%d", m.Name, n, n)
	return &c, nil
}

// ResizeSquares maps squares of a from x from board onto a to x to board.
// Each keeps its offset from the nearest of three anchors per coordinate:
// the low edge, the centre line and the high edge (ties go to an edge).
// So corners stay corners and the central 2x2 stays central. A square
// anchored to the centre moves by half the change of size, so it maps
// only when the size changes by an even number; squares that would leave
// the board or meet are an error.
func ResizeSquares(squares []Square, from, to int) ([]Square, error) {
	coord := func(x int) (int, error) {
		low, high := x, from-1-x
		centre2 := 2*x - (from - 1) // twice the offset from the centre line
		if centre2 < 0 {
			centre2 = -centre2
		}
		switch {
		case low <= high && 2*low <= centre2:
			return x, nil
		case high < low && 2*high <= centre2:
			return to - 1 - high, nil
		case (to-from)%2 != 0:
			return 0, fmt.Errorf("a square anchored to the centre of the %dx%d board does not map to %dx%d (the size must change by an even number)", from, from, to, to)
		}
		return x + (to-from)/2, nil
	}
	var out []Square
	seen := map[Square]bool{}
	for _, s := range squares {
		f, err := coord(s.File)
		if err != nil {
			return nil, err
		}
		r, err := coord(s.Rank)
		if err != nil {
			return nil, err
		}
		q := Square{File: f, Rank: r}
		if f < 0 || r < 0 || f >= to || r >= to || seen[q] {
			return nil, fmt.Errorf("the squares %v do not fit on a %dx%d board as distinct squares", squares, to, to)
		}
		seen[q] = true
		out = append(out, q)
	}
	SortSquares(out)
	return out, nil
}
