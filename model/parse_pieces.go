package model

import (
	"regexp"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

var pieceName = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

func (p *parser) pieces(n *yaml.Node, m *Model) error {
	defs, keys, order, err := p.pieceDefs(n, m)
	if err != nil {
		return err
	}
	resolving := map[string]bool{}
	var define func(name string, at *yaml.Node) (*Piece, error)
	define = func(name string, at *yaml.Node) (*Piece, error) {
		if pc, ok := m.Pieces[name]; ok {
			return pc, nil
		}
		def, ok := defs[name]
		if !ok {
			return nil, p.errorf(at, "unknown piece %q; expected %s", name, p.pieceChoices(m, defs))
		}
		if resolving[name] {
			return nil, p.errorf(at, "piece %q is defined in terms of itself", name)
		}
		resolving[name] = true
		defer delete(resolving, name)
		pc, err := p.pieceDef(name, def, define)
		if err != nil {
			return nil, err
		}
		m.Pieces[name] = pc
		return pc, nil
	}
	for _, name := range order {
		if _, err := define(name, keys[name]); err != nil {
			return err
		}
	}
	return p.assignSymbols(m, order, defs)
}

// pieceDefs reads the names of the pieces section: its definitions and the
// nodes of its keys by name, and the names in order. A name is new, not
// built in, and given once.
func (p *parser) pieceDefs(n *yaml.Node, m *Model) (defs, keys map[string]*yaml.Node, order []string, err error) {
	if n.Kind != yaml.MappingNode {
		return nil, nil, nil, p.errorf(n, "expected a mapping of piece names to definitions, like camel: {leap: [1, 3]}")
	}
	defs, keys = map[string]*yaml.Node{}, map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := resolve(n.Content[i])
		if k.Kind != yaml.ScalarNode || !pieceName.MatchString(k.Value) {
			return nil, nil, nil, p.errorf(k, "expected a piece name of lower-case letters, digits, - and _, found %s", describe(k))
		}
		if _, builtin := m.Pieces[k.Value]; builtin {
			return nil, nil, nil, p.errorf(k, "piece %q is built in and cannot be redefined; choose another name", k.Value)
		}
		if _, dup := defs[k.Value]; dup {
			return nil, nil, nil, p.errorf(k, "piece %q defined twice", k.Value)
		}
		defs[k.Value] = resolve(n.Content[i+1])
		keys[k.Value] = k
		order = append(order, k.Value)
	}
	return defs, keys, order, nil
}

// assignSymbols checks that the symbols given are unique; the rest get the
// first free letter of their name, or any free letter.
func (p *parser) assignSymbols(m *Model, order []string, defs map[string]*yaml.Node) error {
	used := map[rune]string{}
	for _, b := range builtinPieces {
		used[b.symbol] = b.name
	}
	for _, name := range order {
		pc := m.Pieces[name]
		if pc.Symbol == 0 {
			continue
		}
		if other, taken := used[pc.Symbol]; taken {
			return p.errorf(defs[name], "symbol %c of %s is already used by %s", pc.Symbol, name, other)
		}
		used[pc.Symbol] = name
	}
	for _, name := range order {
		pc := m.Pieces[name]
		if pc.Symbol != 0 {
			continue
		}
		candidates := strings.ToUpper(name) + "ACDEFGHIJLMOSTUVWXYZ"
		for _, r := range candidates {
			if r >= 'A' && r <= 'Z' && r != 'P' && used[r] == "" {
				pc.Symbol = r
				used[r] = name
				break
			}
		}
	}
	return nil
}

func (p *parser) pieceChoices(m *Model, defs map[string]*yaml.Node) string {
	var names []string
	for name := range m.Pieces {
		names = append(names, name)
	}
	for name := range defs {
		if _, ok := m.Pieces[name]; !ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return "one of " + strings.Join(names, ", ")
}

func (p *parser) pieceDef(name string, def *yaml.Node, define func(string, *yaml.Node) (*Piece, error)) (*Piece, error) {
	var parts []*Piece
	var leaps, rides []Vector
	var symbol rune
	images := allTransforms // the 8 images of each vector, unless images says otherwise
	switch def.Kind {
	case yaml.SequenceNode:
		for _, c := range def.Content {
			part, err := p.compoundPart(name, resolve(c), define)
			if err != nil {
				return nil, err
			}
			parts = append(parts, part)
		}
		if len(parts) == 0 {
			return nil, p.errorf(def, "compound piece %s needs at least one part, like [queen, knight]", name)
		}
	case yaml.MappingNode:
		f, err := p.fields(def, []string{"leap", "ride", "of", "symbol", "images"}, "a piece definition")
		if err != nil {
			return nil, err
		}
		if n := f["of"]; n != nil {
			items, err := p.items(n, "a list of piece names")
			if err != nil {
				return nil, err
			}
			for _, c := range items {
				part, err := define(c.Value, c)
				if err != nil {
					return nil, err
				}
				parts = append(parts, part)
			}
		}
		if n := f["leap"]; n != nil {
			if leaps, err = p.vectors(n); err != nil {
				return nil, err
			}
		}
		if n := f["ride"]; n != nil {
			if rides, err = p.vectors(n); err != nil {
				return nil, err
			}
		}
		if images, err = p.images(f["images"]); err != nil {
			return nil, err
		}
		if n := f["symbol"]; n != nil {
			s, err := p.scalar(n, "a symbol letter")
			if err != nil {
				return nil, err
			}
			if len(s) != 1 || s[0] < 'A' || s[0] > 'Z' || s[0] == 'P' {
				return nil, p.errorf(n, "expected one upper-case letter other than P as the symbol, found %q", shortQuote(s))
			}
			symbol = rune(s[0])
		}
		if len(parts) == 0 && len(leaps) == 0 && len(rides) == 0 {
			return nil, p.errorf(def, "piece %s has no moves: give leap, ride or of", name)
		}
	default:
		return nil, p.errorf(def, "expected a piece definition: a list of pieces to combine, or a mapping with leap, ride, of")
	}
	pc := compound(name, symbol, parts)
	pc.Leaps = expandBy(append(pc.Leaps, imagesOf(leaps, images)...))
	pc.Rides = expandBy(append(pc.Rides, imagesOf(rides, images)...))
	return seal(pc), nil
}

// compoundPart reads one part of a compound: a piece name, or a piece
// written in place (users write [rook, {leap: [1, 1]}]), which has no
// name or symbol of its own.
func (p *parser) compoundPart(name string, c *yaml.Node, define func(string, *yaml.Node) (*Piece, error)) (*Piece, error) {
	if c.Kind != yaml.MappingNode && c.Kind != yaml.SequenceNode {
		partName, err := p.scalar(c, "a piece name, or a piece written in place like {leap: [1, 1]}")
		if err != nil {
			return nil, err
		}
		return define(partName, c)
	}
	if c.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(c.Content); i += 2 {
			if k := resolve(c.Content[i]); k.Value == "symbol" {
				return nil, p.errorf(k, "a part of compound piece %s has no symbol of its own; give the symbol to %s", name, name)
			}
		}
	}
	return p.pieceDef(name, c, define)
}

// vectors reads [a, b] or [[a, b], [c, d]].
func (p *parser) vectors(n *yaml.Node) ([]Vector, error) {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return nil, p.errorf(n, "expected a displacement [files, ranks] like [1, 2], or a list of them")
	}
	if resolve(n.Content[0]).Kind == yaml.SequenceNode {
		var out []Vector
		for _, c := range n.Content {
			v, err := p.vectors(resolve(c))
			if err != nil {
				return nil, err
			}
			out = append(out, v...)
		}
		return out, nil
	}
	if len(n.Content) != 2 {
		return nil, p.errorf(n, "expected a displacement of two numbers [files, ranks], found %d numbers", len(n.Content))
	}
	var xy [2]int
	for i, c := range n.Content {
		v, err := p.integer(resolve(c), "a displacement", -64, 64)
		if err != nil {
			return nil, err
		}
		xy[i] = v
	}
	if xy[0] == 0 && xy[1] == 0 {
		return nil, p.errorf(n, "displacement [0, 0] does not move; expected something like [1, 2]")
	}
	return []Vector{{xy[0], xy[1]}}, nil
}
