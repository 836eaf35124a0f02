// Package gen draws the random models that compare --random and the
// differential tests run every backend on, every draw in one place. Each
// generator returns the text of a small model file that parses, the same
// text for the same rng state, so that a disagreement found is reproduced
// by its seed:
//
//	rng := rand.New(rand.NewPCG(seed, 0))
//	text := gen.Random(rng, "r1") // a placement model
//
// Draws names the kinds compare --draw chooses (place, tour, slide, game);
// --groups draws RandomArmy, --wrapped RandomWrapped, and the tests draw
// the others. One file per kind: place.go (Random, with its degenerate
// boards and its models at the backends' limits), army.go (pieces in
// groups), counts.go (attack counts and weights), cover.go (coverage),
// wrap.go (wrapped boards and one-sided pieces), variant.go (tours and
// slides) and game.go (two-player games); draw.go holds what they share.
package gen
