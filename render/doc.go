// Package render draws pictures of models and their solutions: SVG for
// documents (it scales to any size), PNG at a chosen pixel size, and
// animated GIF for sequences.
//
// A picture is a clean board — light and dark squares with a1 dark, file
// letters and rank numbers along the edges, thinned on big boards — with
// walls as stone blocks carrying a pawn, squares not on the board left out,
// and pieces as vector glyphs: the pieces a solution places in black, those
// the model fixes beforehand in white. Fairy pieces that combine two
// built-in ones are drawn as the first with a badge of the second; others as
// a disc with their symbol letter. Options.Attacks shades attacked squares.
// A tour is a path coloured from its first square to its last, numbered where
// there is room; a slide is its start position with an arrow for each move;
// a game is its start position, the first side's pieces white and the
// second's black, with the goal squares ringed, and a goal of one side
// only badged in that side's colour.
//
//	err := render.SVG(w, m, sol, render.Options{})
//	err = render.PNG(w, m, sol, render.Options{Size: 640})
//	err = render.GIF(w, m, solutions, render.Options{})
//
// GIF shows one frame per solution, or, given the single solution of a tour
// or a slide, the tour growing or the moves played one by one. The SVG and
// raster pictures share one layout and one set of drawing calls, so they
// look alike; raster text uses the Go fonts shipped with golang.org/x/image,
// so nothing is fetched at run time.
//
// The package draws what it is given and checks nothing: callers verify
// solutions with model.Check.
package render
