package problem

import "github.com/chessmodel/chessmodel/model"

// A PlaceEntry is one entry of the place list as the model gives it, for
// the techniques that read the list entry by entry rather than merged per
// kind of piece (folding groups identical pieces by name and colour).
type PlaceEntry struct {
	Piece    *model.Piece
	Colour   model.Colour
	Min, Max int
	Opt      model.Optimize // Maximize for "max", Minimize for "min"
}

// compilePlace copies the place list.
func (p *Problem) compilePlace(m *model.Model) {
	for _, e := range m.Place {
		p.Place = append(p.Place, PlaceEntry{Piece: e.Piece, Colour: e.Colour, Min: e.Count.Min, Max: e.Count.Max, Opt: e.Opt})
	}
}

// Allows reports whether a piece of colour rule c may stand on square i.
func (p *Problem) Allows(c model.Colour, i int) bool {
	switch c {
	case model.Light:
		return !p.Dark.Has(i)
	case model.Dark:
		return p.Dark.Has(i)
	}
	return true
}
