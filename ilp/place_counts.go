package ilp

import (
	"github.com/chessmodel/chessmodel/model"
)

// countRows writes the place list's counts, kind by kind. A kind with
// entries of one colour rule only ("8 queen", or "1 bishop on light, 1
// bishop on light") is a range on the number of its pieces on the squares
// of that colour. A kind with entries for light, dark and either colour
// ("1 bishop on light, 1 bishop on dark, 0..2 bishop") shares its pieces out
// among the entries: cnt_bishop_light of those on light squares count
// towards the light entries, the rest towards the entries of either colour,
// and likewise for dark. That is exactly the checker's condition, and the
// shares are auxiliary, so a placement is still one solution.
func (pc *placement) countRows() {
	for _, k := range pc.kinds {
		var light, dark, both linear
		for _, v := range pc.pieceVars {
			vr := pc.p.Variables[v]
			if vr.Piece != k.piece.Name || vr.Group != k.group {
				continue
			}
			if vr.Square.Dark() {
				dark.plus(v, 1)
			} else {
				light.plus(v, 1)
			}
			both.plus(v, 1)
		}
		var ranges [3]model.Range // by colour rule
		var used [3]bool
		for _, e := range k.entries {
			r := &ranges[e.Colour]
			r.Min += e.Count.Min
			if r.Max != model.Unbounded {
				if e.Count.Max == model.Unbounded {
					r.Max = model.Unbounded
				} else {
					r.Max += e.Count.Max
				}
			}
			used[e.Colour] = true
		}
		name := "count_" + shortName(k.piece.Name) + groupSuffix(k.group)
		switch {
		case !used[model.Light] && !used[model.Dark]:
			addRange(pc.builder, name, both, ranges[model.AnyColour])
			continue
		case !used[model.AnyColour]:
			if used[model.Light] {
				addRange(pc.builder, name+"_light", light, ranges[model.Light])
			}
			if used[model.Dark] {
				addRange(pc.builder, name+"_dark", dark, ranges[model.Dark])
			}
			continue
		}
		// Mixed: shares served by the colour entries.
		var served linear
		for _, c := range []model.Colour{model.Light, model.Dark} {
			if !used[c] {
				continue
			}
			on := light
			if c == model.Dark {
				on = dark
			}
			share := pc.p.addVariable(openVariable(name + "_" + c.String()))
			served.plus(share, 1)
			var l linear
			addRange(pc.builder, name+"_"+c.String()+"_share", *l.plus(share, 1), ranges[c])
			var within linear
			pc.addRow(name+"_"+c.String()+"_within", *within.plus(share, 1).plusLinear(on, -1), LessEqual, 0)
		}
		var rest linear
		addRange(pc.builder, name+"_either", *rest.plusLinear(both, 1).plusLinear(served, -1), ranges[model.AnyColour])
	}
}
