package ilp

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// noDetours cuts, square by square, a move followed at the next step by a
// detour of the same piece (detour in slide_cuts.go): a ride that ends on
// s along a line, then a ride that leaves s along the same line, either
// way; a leap onto s, then the leap straight back. With one move per step
// the rides of a line aggregate into one row per square, line and step:
//
//	(rides of step t ending on s along L) + (rides of step t+1 leaving s along L) <= 1.
func noDetours(bl *builder, v *slideVars) {
	type key struct {
		s    model.Square
		line model.Vector // the direction with the greater (file, rank), or the leap
		leap bool
	}
	for t := 1; t+1 < len(v.move); t++ {
		rows := map[key]*linear{}
		var order []key
		row := func(k key) *linear {
			if rows[k] == nil {
				rows[k] = &linear{}
				order = append(order, k)
			}
			return rows[k]
		}
		for i, g := range v.moves {
			if g.leap {
				// the leap from a to b, and the leap from b back to a
				row(key{g.to, leapVector(g.from, g.to), true}).plus(v.move[t][i], 1)
				row(key{g.from, leapVector(g.to, g.from), true}).plus(v.move[t+1][i], 1)
				continue
			}
			row(key{g.to, lineOf(g.dir), false}).plus(v.move[t][i], 1)
			row(key{g.from, lineOf(g.dir), false}).plus(v.move[t+1][i], 1)
		}
		for _, k := range order {
			bl.addRow(fmt.Sprintf("detour%d_%v_%d_%d", t, k.s, k.line.File, k.line.Rank), *rows[k], LessEqual, 1)
		}
	}
}

// lineOf names the line of direction d: d or its opposite, whichever is
// greater.
func lineOf(d model.Vector) model.Vector {
	if d.File < 0 || (d.File == 0 && d.Rank < 0) {
		return model.Vector{File: -d.File, Rank: -d.Rank}
	}
	return d
}

func leapVector(from, to model.Square) model.Vector {
	return model.Vector{File: to.File - from.File, Rank: to.Rank - from.Rank}
}
