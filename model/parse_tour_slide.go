package model

import "go.yaml.in/yaml/v3"

func (p *parser) piece(n *yaml.Node, m *Model) (*Piece, error) {
	name, err := p.scalar(n, "a piece name")
	if err != nil {
		return nil, err
	}
	pc, ok := m.Pieces[name]
	if !ok {
		return nil, p.errorf(n, "unknown piece %q; expected %s", name, p.pieceChoices(m, nil))
	}
	return pc, nil
}

func (p *parser) openSquare(n *yaml.Node, m *Model, what string) (Square, error) {
	name, err := p.scalar(n, "a square like d1")
	if err != nil {
		return Square{}, err
	}
	s, err := p.square(n, 0, name, m.Board)
	if err != nil {
		return s, err
	}
	if !m.Board.IsOpen(s) {
		return s, p.errorf(n, "%s %v is a wall or not on the board; expected an open square", what, s)
	}
	return s, nil
}

func (p *parser) tour(n *yaml.Node, m *Model) error {
	if n.Kind != yaml.MappingNode {
		return p.errorf(n, "expected tour: {piece: knight, start: d1, closed: false}")
	}
	f, err := p.fields(n, []string{"piece", "start", "closed", "undirected"}, "tour")
	if err != nil {
		return err
	}
	t := &TourSpec{}
	if f["piece"] == nil {
		return p.errorf(n, "tour needs a piece, like piece: knight")
	}
	if t.Piece, err = p.piece(f["piece"], m); err != nil {
		return err
	}
	if sn := f["start"]; sn != nil {
		s, err := p.openSquare(sn, m, "tour start")
		if err != nil {
			return err
		}
		t.Start = &s
	}
	if cn := f["closed"]; cn != nil {
		if t.Closed, err = p.boolean(cn, "closed"); err != nil {
			return err
		}
	}
	if err := p.tourUndirected(f["undirected"], t); err != nil {
		return err
	}
	if m.Board.OpenCount() < 1 {
		return p.errorf(n, "the board has no open square to tour")
	}
	m.Tour = t
	return nil
}

func (p *parser) slide(n *yaml.Node, m *Model) error {
	if n.Kind != yaml.MappingNode {
		return p.errorf(n, "expected slide: {piece: rook, from: [a1, h8], to: [d4, e5]}")
	}
	f, err := p.fields(n, []string{"piece", "from", "to", "pieces"}, "slide")
	if err != nil {
		return err
	}
	if f["pieces"] != nil {
		return p.slideGroups(n, f, m) // parse_slide_groups.go
	}
	for _, k := range []string{"piece", "from", "to"} {
		if f[k] == nil {
			return p.errorf(n, "slide needs %s", k)
		}
	}
	s := &SlideSpec{}
	if s.Piece, err = p.piece(f["piece"], m); err != nil {
		return err
	}
	for _, side := range []struct {
		key string
		out *[]Square
	}{{"from", &s.From}, {"to", &s.To}} {
		squares, err := p.squares(f[side.key], m.Board, "squares")
		if err != nil {
			return err
		}
		for _, sq := range squares {
			if !m.Board.IsOpen(sq) {
				return p.errorf(f[side.key], "slide square %v is a wall or not on the board", sq)
			}
		}
		*side.out = squares
	}
	if len(s.From) == 0 {
		return p.errorf(f["from"], "slide has no pieces: from is empty; expected the squares the pieces start on, like from: [a1, h8]")
	}
	if len(s.From) != len(s.To) {
		return p.errorf(f["to"], "slide needs as many target squares as pieces: from has %d, to has %d", len(s.From), len(s.To))
	}
	SortSquares(s.From)
	SortSquares(s.To)
	s.Groups = []SlideGroup{{Label: s.Piece.Name, Piece: s.Piece, Move: MoveSlide, From: s.From, To: s.To}}
	m.Slide = s
	return nil
}
