package render

import "github.com/chessmodel/chessmodel/model"

// Pieces of a group model (model/groups.go) are drawn in their group's
// colour: the first group white and the second black, as the two sides of
// chess, then red, blue, green, amber, violet and teal.
var groupStyles = []*pieceStyle{
	{"group-1", rgb(0xfbfaf7), rgb(0x1c1916), rgb(0x1c1916)},
	{"group-2", rgb(0x26221f), rgb(0x0d0b0a), rgb(0xf2ede6)},
	{"group-3", rgb(0xc62828), rgb(0x3b0a0a), rgb(0xfbeaea)},
	{"group-4", rgb(0x1e56c4), rgb(0x0a1a3b), rgb(0xe8efff)},
	{"group-5", rgb(0x2e8b3e), rgb(0x0c2a12), rgb(0xeaf7ec)},
	{"group-6", rgb(0xe0a000), rgb(0x3b2a00), rgb(0x1c1916)},
	{"group-7", rgb(0x7b3fb5), rgb(0x220d36), rgb(0xf3eafb)},
	{"group-8", rgb(0x138a8a), rgb(0x052a2a), rgb(0xe6f7f7)},
}

// placedStyle is how a placed piece is drawn: in its group's colour in a
// group model, black otherwise.
func placedStyle(m *model.Model, p model.Placed) *pieceStyle {
	if g := m.GroupIndex(p.Group); m.HasGroups() && g >= 0 && g < len(groupStyles) {
		return groupStyles[g]
	}
	return stylePlaced
}
