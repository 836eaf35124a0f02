package model

import (
	"slices"

	"go.yaml.in/yaml/v3"
)

// game reads a two-player game:
//
//	game:
//	  sides:
//	    - {label: white, piece: rook, from: [a2, b8, h7, g1], goal: [d4, d5, e4, e5]}
//	    - {label: black, piece: rook, from: [b1, a7, g8, h2], goal: [d4, d5, e4, e5]}
//	  first: white     # the label of the side that moves first; default the first side
//	  stuck: loses     # loses, passes or draw: what a side without a move does
func (p *parser) game(n *yaml.Node, m *Model) error {
	if n.Kind != yaml.MappingNode {
		return p.errorf(n, "expected game: {sides: [{label: white, piece: rook, from: [a2], goal: [d4]}, {label: black, ...}], first: white, stuck: loses}")
	}
	f, err := p.fields(n, []string{"sides", "first", "stuck"}, "game")
	if err != nil {
		return err
	}
	list := f["sides"]
	if list == nil {
		return p.errorf(n, "game needs sides: a list of the two sides, like [{label: white, piece: rook, from: [a2], goal: [d4]}, {label: black, piece: rook, from: [b1], goal: [d4]}]")
	}
	if list.Kind != yaml.SequenceNode || len(list.Content) != 2 {
		return p.errorf(list, "expected game sides as a list of exactly two sides, found %s", describe(list))
	}
	g := &GameSpec{}
	taken := map[Square]int{}
	for i, sn := range list.Content {
		s, err := p.gameSide(sn, m, i)
		if err != nil {
			return err
		}
		for _, q := range s.From {
			if _, dup := taken[q]; dup {
				return p.errorf(sn, "square %v is a start square of both sides; expected each square once", q)
			}
			taken[q] = i
		}
		g.Sides[i] = s
	}
	if g.Sides[0].Label == g.Sides[1].Label {
		return p.errorf(list.Content[1], "both sides are labelled %q; give each side its own label, like label: black", g.Sides[0].Label)
	}
	if fn := f["first"]; fn != nil {
		label, err := p.scalar(fn, "the label of the side that moves first")
		if err != nil {
			return err
		}
		if g.First = g.Side(label); g.First < 0 {
			return p.errorf(fn, "first: no side is labelled %q; expected %s or %s", label, g.Sides[0].Label, g.Sides[1].Label)
		}
	}
	if sn := f["stuck"]; sn != nil {
		word, err := p.scalar(sn, "loses, passes or draw")
		if err != nil {
			return err
		}
		switch word {
		case "loses":
			g.Stuck = StuckLoses
		case "passes":
			g.Stuck = StuckPasses
		case "draw":
			g.Stuck = StuckDraw
		default:
			return p.errorf(sn, "unknown stuck rule %q; expected loses, passes or draw (what a side without a move does)", word)
		}
	}
	m.Game = g
	return nil
}

// gameSide reads one side: piece, from and goal, and optionally label
// (default white for the first side, black for the second).
func (p *parser) gameSide(n *yaml.Node, m *Model, index int) (GameSide, error) {
	var s GameSide
	if n.Kind != yaml.MappingNode {
		return s, p.errorf(n, "expected a game side: {label: white, piece: rook, from: [a2, h7], goal: [d4, e5]}")
	}
	f, err := p.fields(n, []string{"label", "piece", "from", "goal"}, "game side")
	if err != nil {
		return s, err
	}
	for _, k := range []string{"piece", "from", "goal"} {
		if f[k] == nil {
			return s, p.errorf(n, "game side needs %s", k)
		}
	}
	if s.Piece, err = p.piece(f["piece"], m); err != nil {
		return s, err
	}
	s.Label = [...]string{"white", "black"}[index]
	if ln := f["label"]; ln != nil {
		if s.Label, err = p.scalar(ln, "a label, like white"); err != nil {
			return s, err
		}
		if s.Label == "" {
			return s, p.errorf(ln, "a side's label is empty; expected a name, like white")
		}
	}
	for _, side := range []struct {
		key string
		out *[]Square
	}{{"from", &s.From}, {"goal", &s.Goal}} {
		if *side.out, err = p.gameSquares(f[side.key], m); err != nil {
			return s, err
		}
	}
	if len(s.From) == 0 {
		return s, p.errorf(f["from"], "side %q has no pieces: from is empty; expected the squares its pieces start on", s.Label)
	}
	if len(s.Goal) == 0 {
		return s, p.errorf(f["goal"], "side %q has no goal: goal is empty; expected the squares it wins on, like goal: [d4, e5]", s.Label)
	}
	for _, q := range s.From {
		if slices.Contains(s.Goal, q) {
			return s, p.errorf(f["from"], "side %q starts on its own goal square %v; a side wins by moving a piece onto a goal square, so none may start on one", s.Label, q)
		}
	}
	SortSquares(s.From)
	SortSquares(s.Goal)
	return s, nil
}

// gameSquares reads a list of distinct open squares.
func (p *parser) gameSquares(n *yaml.Node, m *Model) ([]Square, error) {
	squares, err := p.squares(n, m.Board, "squares")
	if err != nil {
		return nil, err
	}
	for _, q := range squares {
		if !m.Board.IsOpen(q) {
			return nil, p.errorf(n, "game square %v is a wall or not on the board; expected an open square", q)
		}
	}
	return squares, nil
}
