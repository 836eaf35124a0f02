package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// oneSided are one-sided pieces random wrapped models draw from: their
// moves as written or by rotations only, so that attack may go one way and
// the symmetry group loses mirrors.
var oneSided = map[string]string{
	"lefthanded": "{leap: [-1, 2], images: rotations}",         // the left-handed knight
	"pawn":       "{leap: [[1, 1], [-1, 1]], images: written}", // captures forward
	"upper":      "{ride: [0, 1], images: written}",            // rides up only
	"skew":       "{ride: [[1, 1], [-1, -1]], leap: [1, 0], images: written}",
}

// RandomWrapped returns the text of a small random placement model on a
// board that may wrap (none, cylinder, torus, Möbius band, Klein bottle,
// each as likely) and with pieces that may be one-sided: one or two kinds
// drawn from the built-in, fairy and one-sided pieces, a few fixed walls,
// and the rules and objective of Random (no free walls, which both
// backends refuse on such models). The same rng state gives the same
// model.
func RandomWrapped(rng *rand.Rand, name string) string {
	return drawParsed(rng, name, randomWrapped, nil)
}

func randomWrapped(rng *rand.Rand, name string) string {
	rows, cols := 1+rng.IntN(5), 2+rng.IntN(4)
	if rng.IntN(3) == 0 {
		cols = rows
	}
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\n", name)
	kinds := randomWrappedKinds(rng, &b)
	walls := drawSquares(rng, rng.IntN(3), rows, cols)
	wrap := []string{"none", "cylinder", "torus", "mobius", "klein"}[rng.IntN(5)]
	fmt.Fprintf(&b, "board: {size: %dx%d, wrap: %s, walls: [%s]}\n", rows, cols, wrap, strings.Join(unique(walls), ", "))
	randomRules(rng, &b, kinds, rows, cols, false)
	return b.String()
}

// randomWrappedKinds draws one or two kinds, one-sided in half the models,
// and writes the definitions of those not built in.
func randomWrappedKinds(rng *rand.Rand, b *strings.Builder) []string {
	defs := map[string]string{}
	draw := func() string {
		switch rng.IntN(4) {
		case 0, 1:
			k := pickKey(rng, oneSided)
			defs[k] = oneSided[k]
			return k
		case 2:
			k := pickKey(rng, fairy)
			defs[k] = fairy[k]
			return k
		}
		return pick(rng, builtin)
	}
	kinds := []string{draw()}
	if rng.IntN(3) == 0 {
		if other := draw(); other != kinds[0] {
			kinds = append(kinds, other)
		}
	}
	writePieces(b, kinds, defs)
	return kinds
}
