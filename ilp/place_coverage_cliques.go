package ilp

import (
	"strconv"

	"github.com/chessmodel/chessmodel/model"
)

// Clique rows for "minimize attacked" (and dominated): the lower rows of
// place_coverage.go say att_t >= x for each single witness x, so the LP
// relaxation spreads every piece thinly over the board and attacks each
// square a little (eight pieces, fewest attacked: a bound of 2 against an
// optimum of 16). A piece attacks some squares whatever else stands on the
// board: its leaps, and the first square along each line it rides. Among
// the variables that attack t that way, those that cannot be 1 together
// sum to at most 1 in any solution, so att_t is at least their sum:
//
//   - one kind whose pieces on the squares in question number at most m
//     (a king; a bishop on light squares): m * att_t >= their sum, a row
//     only when it has more than m terms;
//   - without stacking, the kinds on one square q: att_t >= their sum.
//
// Summed over t, the first family says the squares attacked are at least
// what the kind attacks from where it stands, so the relaxation can no
// longer hide a piece by spreading it.

// nearAttack is a level-1 piece variable attacking its target whatever
// else stands on the board.
type nearAttack struct {
	presence
	from model.Square
}

// nearAttackers lists, for each open square, the piece variables that
// attack it by a leap or one step of a ride.
func (pc *placement) nearAttackers() map[model.Square][]nearAttack {
	out := map[model.Square][]nearAttack{}
	for _, q := range pc.open {
		for _, pr := range pc.presences[q] {
			seen := map[model.Square]bool{}
			for _, vs := range [][]model.Vector{pr.kind.piece.Leaps, pr.kind.piece.Rides} {
				for _, v := range vs {
					t := q.Add(v)
					if seen[t] || !pc.board.IsOpen(t) {
						continue
					}
					seen[t] = true
					out[t] = append(out[t], nearAttack{pr, q})
				}
			}
		}
	}
	return out
}

// cliqueGroup names the squares of a kind whose pieces are counted
// together: all of them when every entry allows either colour, else those
// of one colour.
func cliqueGroup(k *kind, q model.Square) string {
	for _, e := range k.entries {
		if e.Colour != model.AnyColour {
			if q.Dark() {
				return k.prefix + "_dark"
			}
			return k.prefix + "_light"
		}
	}
	return k.prefix
}

// groupBound is the most pieces of k the group of q can hold, or
// model.Unbounded.
func groupBound(k *kind, q model.Square) int {
	for _, e := range k.entries {
		if e.Colour != model.AnyColour {
			return k.maxOn(q)
		}
	}
	total := 0
	for _, e := range k.entries {
		if e.Count.Max == model.Unbounded {
			return model.Unbounded
		}
		total += e.Count.Max
	}
	return total
}

// attackCliqueRows writes the rows above for the coverage variable v of t (att_t
// or dom_t), which must be 0 on a wall.
func (pc *placement) attackCliqueRows(name string, v int, wall linear, near []nearAttack) {
	groups := map[string]*linear{}
	bounds := map[string]int{}
	var order []string
	add := func(key string, bound int, x int) {
		if groups[key] == nil {
			groups[key] = &linear{}
			bounds[key] = bound
			order = append(order, key)
		}
		groups[key].plus(x, 1)
	}
	for _, a := range near {
		if m := groupBound(a.kind, a.from); m != model.Unbounded {
			add("kind_"+cliqueGroup(a.kind, a.from), m, a.v)
		}
		if !pc.stack {
			add("on_"+a.from.String(), 1, a.v)
		}
	}
	for i, key := range order {
		l, m := groups[key], float64(bounds[key])
		if len(l.terms) <= bounds[key] {
			continue
		}
		var row linear
		row.plus(v, m).plusLinear(wall, m).plusLinear(*l, -1)
		pc.addRow(name+"_clique_"+strconv.Itoa(i+1), row, GreaterEqual, 0)
	}
}
