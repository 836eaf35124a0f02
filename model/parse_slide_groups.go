package model

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// slideGroups reads a slide of several groups:
//
//	slide:
//	  pieces:
//	    - {label: white, piece: knight, move: ordinary, from: [a1, c1], to: [a3, c3]}
//	    - {label: black, piece: knight, move: ordinary, from: [a3, c3], to: [a1, c1]}
//
// f holds the slide's keys; piece, from and to belong to the groups then.
func (p *parser) slideGroups(n *yaml.Node, f map[string]*yaml.Node, m *Model) error {
	for _, k := range []string{"piece", "from", "to"} {
		if f[k] != nil {
			return p.errorf(f[k], "slide has pieces: a list of groups; %s belongs to each group, like pieces: [{piece: rook, from: [a1], to: [h8]}]", k)
		}
	}
	list := f["pieces"]
	if list.Kind != yaml.SequenceNode || len(list.Content) == 0 {
		return p.errorf(list, "expected slide pieces as a list of groups, like [{label: white, piece: knight, move: ordinary, from: [a1], to: [a3]}]")
	}
	s := &SlideSpec{}
	from, to := map[Square]bool{}, map[Square]bool{}
	labels := map[string]bool{}
	for _, gn := range list.Content {
		g, err := p.slideGroup(gn, m)
		if err != nil {
			return err
		}
		if labels[g.Label] {
			return p.errorf(gn, "two slide groups are labelled %q; give each group its own label, like label: white", g.Label)
		}
		labels[g.Label] = true
		for _, side := range []struct {
			squares []Square
			seen    map[Square]bool
			key     string
		}{{g.From, from, "from"}, {g.To, to, "to"}} {
			for _, q := range side.squares {
				if side.seen[q] {
					return p.errorf(gn, "square %v is in the %s of two slide pieces; expected each square once", q, side.key)
				}
				side.seen[q] = true
			}
		}
		s.Groups = append(s.Groups, g)
		s.From = append(s.From, g.From...)
		s.To = append(s.To, g.To...)
	}
	s.Piece = s.Groups[0].Piece
	SortSquares(s.From)
	SortSquares(s.To)
	m.Slide = s
	return nil
}

// slideGroup reads one group: piece, from and to, and optionally label
// (default the piece's name) and move (slide, the default, or ordinary).
func (p *parser) slideGroup(n *yaml.Node, m *Model) (SlideGroup, error) {
	var g SlideGroup
	if n.Kind != yaml.MappingNode {
		return g, p.errorf(n, "expected a slide group: {piece: knight, move: ordinary, from: [a1], to: [a3]}")
	}
	f, err := p.fields(n, []string{"label", "piece", "move", "from", "to"}, "slide group")
	if err != nil {
		return g, err
	}
	for _, k := range []string{"piece", "from", "to"} {
		if f[k] == nil {
			return g, p.errorf(n, "slide group needs %s", k)
		}
	}
	if g.Piece, err = p.piece(f["piece"], m); err != nil {
		return g, err
	}
	g.Label = g.Piece.Name
	if ln := f["label"]; ln != nil {
		if g.Label, err = p.scalar(ln, "a label, like white"); err != nil {
			return g, err
		}
	}
	if mn := f["move"]; mn != nil {
		if g.Move, err = p.slideMove(mn); err != nil {
			return g, err
		}
	}
	for _, side := range []struct {
		key string
		out *[]Square
	}{{"from", &g.From}, {"to", &g.To}} {
		if *side.out, err = p.slideSquares(f[side.key], m); err != nil {
			return g, err
		}
	}
	if len(g.From) == 0 {
		return g, p.errorf(f["from"], "slide group %q has no pieces: from is empty; expected the squares its pieces start on", g.Label)
	}
	if len(g.From) != len(g.To) {
		return g, p.errorf(f["to"], "slide group %q needs as many target squares as pieces: from has %d, to has %d", g.Label, len(g.From), len(g.To))
	}
	SortSquares(g.From)
	SortSquares(g.To)
	return g, nil
}

func (p *parser) slideMove(n *yaml.Node) (SlideMove, error) {
	word, err := p.scalar(n, "slide or ordinary")
	if err != nil {
		return 0, err
	}
	switch word {
	case "slide":
		return MoveSlide, nil
	case "ordinary":
		return MoveOrdinary, nil
	}
	return 0, p.errorf(n, "unknown move %q; expected slide (as far as it goes) or ordinary (a move of its kind)", word)
}

// slideSquares reads a list of distinct open squares.
func (p *parser) slideSquares(n *yaml.Node, m *Model) ([]Square, error) {
	squares, err := p.squares(n, m.Board, "squares")
	if err != nil {
		return nil, err
	}
	seen := map[Square]bool{}
	for _, q := range squares {
		if !m.Board.IsOpen(q) {
			return nil, p.errorf(n, "slide square %v is a wall or not on the board", q)
		}
		if seen[q] {
			return nil, p.errorf(n, "%s", fmt.Sprintf("square %v is listed twice", q))
		}
		seen[q] = true
	}
	return squares, nil
}
