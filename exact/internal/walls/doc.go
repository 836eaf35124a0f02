// Package walls solves placement models with free walls (walls as decision
// variables, e.g. "minimize walls" for sixteen queens), under independence
// and without coverage. It searches piece sets in square order, so that a
// new piece is the last on every line through it and only opens gaps
// towards the pieces behind it (and fixed pieces ahead); each set is priced
// by a minimum hitting set of its gaps (hitting.go), and the walls budget
// rises from zero until a set fits. Counts of wall sets are big integers.
//
// Free walls with cover rules or coverage objectives are package cover's.
//
// # Limits
//
// Solve refuses, with an error wrapping model.ErrUnsupported, more than 31
// kinds of piece (stacked copies count) and more than 31 ride directions
// (one of each opposite pair): a line's directions are one 32-bit word.
// A count of wall sets above 2^63-1 is refused, never wrapped.
package walls
