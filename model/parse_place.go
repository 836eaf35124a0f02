package model

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// count reads N, max, min, a..b, a.. or n (the board's smaller side).
func (p *parser) count(n *yaml.Node, tok string, offset int, b *Board) (Range, Optimize, error) {
	bad := func() (Range, Optimize, error) {
		return Range{}, Fixed, p.errorAt(n, offset, "bad count %q: expected a whole number from 0 to %d, max, min, n (the board's side), or a range like 3..5", shortQuote(tok), Unbounded-1)
	}
	switch tok {
	case "max":
		return Range{0, Unbounded}, Maximize, nil
	case "min":
		return Range{0, Unbounded}, Minimize, nil
	case "n":
		side := min(b.Rows, b.Cols)
		return Range{side, side}, Fixed, nil
	}
	number := func(s string) (int, bool) {
		v, err := strconv.Atoi(s)
		return v, err == nil && v >= 0 && v < Unbounded && s[0] != '+'
	}
	if lo, hi, ok := strings.Cut(tok, ".."); ok {
		a, okA := number(lo)
		if !okA {
			return bad()
		}
		if hi == "" {
			return Range{a, Unbounded}, Fixed, nil
		}
		z, okZ := number(hi)
		if !okZ || z < a {
			return bad()
		}
		return Range{a, z}, Fixed, nil
	}
	v, ok := number(tok)
	if !ok {
		return bad()
	}
	return Range{v, v}, Fixed, nil
}

func (p *parser) place(n *yaml.Node, m *Model) error {
	items, err := p.items(n, "a list of pieces to place, like [8 queen]")
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return p.errorf(n, "nothing to place; expected entries like 8 queen or max knight")
	}
	var opt Optimize
	for _, it := range items {
		if it.Kind != yaml.ScalarNode {
			return p.errorf(it, "expected an entry like \"8 queen\" or \"1 bishop on light\", found %s", describe(it))
		}
		words, group, err := p.entryGroup(it, strings.Fields(it.Value))
		if err != nil {
			return err
		}
		if len(words) != 2 && len(words) != 4 {
			return p.errorf(it, "expected COUNT PIECE [on light|dark] [as GROUP], like \"8 queen\", \"1 bishop on dark\" or \"9 queen as white\", found %q", shortQuote(it.Value))
		}
		r, o, err := p.count(it, words[0], strings.Index(it.Value, words[0]), m.Board)
		if err != nil {
			return err
		}
		if o != Fixed {
			if opt != Fixed && opt != o {
				return p.errorf(it, "place mixes max and min counts; an objective goes one way")
			}
			opt = o
		}
		pc, ok := m.Pieces[words[1]]
		if !ok {
			return p.errorAt(it, strings.Index(it.Value, words[1]), "unknown piece %q; expected %s, or a piece defined under pieces:", words[1], p.pieceChoices(m, nil))
		}
		e := PlaceEntry{Piece: pc, Count: r, Opt: o, Group: group}
		if len(words) == 4 {
			if words[2] != "on" {
				return p.errorAt(it, strings.Index(it.Value, words[2]), "expected \"on light\" or \"on dark\" after the piece, found %q", shortQuote(words[2]+" "+words[3]))
			}
			switch words[3] {
			case "light", "white":
				e.Colour = Light
			case "dark", "black":
				e.Colour = Dark
			default:
				return p.errorAt(it, strings.LastIndex(it.Value, words[3]), "expected light or dark after \"on\", found %q", shortQuote(words[3]))
			}
		}
		m.Place = append(m.Place, e)
	}
	return nil
}

func (p *parser) fixed(n *yaml.Node, m *Model) error {
	items, err := p.items(n, "a list of fixed pieces, like [queen d4]")
	if err != nil {
		return err
	}
	for _, it := range items {
		words := strings.Fields(it.Value)
		if it.Kind != yaml.ScalarNode || len(words) != 2 {
			return p.errorf(it, "expected a fixed piece as PIECE SQUARE, like \"queen d4\", found %s", describe(it))
		}
		if _, ok := m.Pieces[words[0]]; !ok {
			return p.errorf(it, "unknown piece %q; expected %s", words[0], p.pieceChoices(m, nil))
		}
		s, err := p.square(it, strings.LastIndex(it.Value, words[1]), words[1], m.Board)
		if err != nil {
			return err
		}
		m.Fixed = append(m.Fixed, Placed{Piece: words[0], Square: s})
	}
	return nil
}

// checkFixed verifies that fixed pieces stand on open squares, one a square
// unless pieces stack.
func (p *parser) checkFixed(at *yaml.Node, m *Model) error {
	seen := map[Square]bool{}
	for _, f := range m.Fixed {
		if !m.Board.IsOpen(f.Square) {
			return p.errorf(at, "fixed %s on %v stands on a wall or off the board", f.Piece, f.Square)
		}
		if seen[f.Square] && !m.Rules.Stack {
			return p.errorf(at, "two fixed pieces on %v; pieces share a square only with stack: true", f.Square)
		}
		seen[f.Square] = true
	}
	return nil
}

// checkRoom rejects place lists that cannot fit on the board.
func (p *parser) checkRoom(at *yaml.Node, m *Model) error {
	if m.Rules.Stack {
		if m.MinPieces() > 0 && m.Board.OpenCount() == 0 {
			return p.errorf(at, "no open square to place pieces on")
		}
		return nil
	}
	occupied := map[Square]bool{}
	for _, f := range m.Fixed {
		occupied[f.Square] = true
	}
	room := m.Board.OpenCount() - len(occupied)
	walls := 0
	if m.FreeWalls != nil {
		walls = m.FreeWalls.Min
	}
	if need := m.MinPieces() + walls; need > room {
		return p.errorf(at, "more pieces than free squares: %d pieces and walls need squares, the board has %d free", need, room)
	}
	for _, c := range []Colour{Light, Dark} {
		need := 0
		for _, e := range m.Place {
			if e.Colour == c {
				need += e.Count.Min
			}
		}
		if need == 0 {
			continue
		}
		if free := colourRoom(m.Board, c, occupied); need > free {
			return p.errorf(at, "more pieces on %s squares than free %s squares: %d pieces, %d squares", c, c, need, free)
		}
	}
	return nil
}

// colourRoom counts the open squares of one colour not taken by fixed
// pieces: the rectangle's share (a1 is dark, so dark squares are the larger
// half) less the exceptional squares of that colour.
func colourRoom(b *Board, c Colour, occupied map[Square]bool) int {
	dark := (b.Size() + 1) / 2
	free := dark
	if c == Light {
		free = b.Size() - dark
	}
	for s := range b.cells {
		if c.Allows(s) {
			free--
		}
	}
	for s := range occupied {
		if c.Allows(s) {
			free--
		}
	}
	return free
}
