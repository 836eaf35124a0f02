// Package lines counts placements of a line piece — the rook, the bishop,
// any rider along exactly two families of lines — by rook polynomials
// instead of enumeration: the 565,532,992 placements of 9 bishops on 9x9,
// which the clique search does not count in a minute, take a tenth of a
// millisecond, and every number of pieces comes at once.
//
// Count is the entry point; the exact backend calls it for every count.
//
// # Method
//
// Each family's lines are cut into segments by walls, squares off the
// board and the edge. Two pieces on one segment attack each other (or
// one between them), in either attack mode, and pieces on different
// segments do not: a placement of k pieces is a set of k allowed squares
// no two on one segment, a k-matching of the bipartite graph whose two
// sides are the segments of the two families and whose edges are the
// allowed squares. Its number for every k is that graph's rook
// polynomial. The graph falls into connected parts (the two colours of a
// bishop's board, the parts walls cut off), whose polynomials multiply.
//
// A part whose segments on one side cross nested sets of segments on the
// other (a Ferrers board: every part of an empty board, where a bishop's
// diagonal of length l crosses the anti-diagonals of every diagonal of its
// colour up to l; a rook's rows all cross every column) is counted by the
// product formula: its segments taken smallest first, the j-th piece on a
// segment crossing s others goes on one of s-(j-1). Any other part is
// counted by a frontier: the segments of one side swept in order (the side
// whose frontier is narrower), the state the set of the open segments of
// the other side that hold a piece (a segment is open from the first swept
// segment that crosses it to the last), each state with its counts by
// pieces in 128 bits.
//
// The place list may give one count or a range, several entries of the
// piece or max or min (the most or the fewest pieces as the objective);
// entries on light and dark squares are counted apart when no part of
// the graph holds squares of both (always for bishops), each colour's
// pieces in its range. The result's example is a matching of each part
// (smallest segments first on nested parts, by augmenting paths on the
// others). Stats.Extra[ExtraCounts] gives the count of every
// number of pieces, as decimals.
//
// Classes up to the model's symmetry group (Options.Symmetry) are counted
// by Burnside's lemma (symmetry.go): a placement a symmetry fixes is a
// union of orbits of squares, and those are the matchings of a general
// graph whose vertices are the orbits of segments and whose edges are the
// orbits of squares that hold no two squares on one segment, each edge
// weighing its orbit's size in pieces. A graph that is simple and
// bipartite with nested neighbourhoods on one side and one weight on every
// edge (the mirrors of an even board of bishops) is counted by the Ferrers
// product, each piece counted that many times; any other by a frontier
// over the edges, in the narrowest of a few orders. The classes of n
// bishops on n x n match the search's to 8x8 (5, 37, 447, 6,770, 128,341,
// 2,816,382 from 3x3), and those of the most bishops the published
// formula (OEIS A005418) on every board it takes.
//
// # Limits
//
// Count leaves the model to the general search (taken is false) unless it
// is a count, without distinct walls, of a placement on an unwrapped
// board under the independence rule alone — no coverage, attack counts,
// square weights, stacking, groups, free walls or fixed pieces — of one
// piece that only rides, both ways, along two directions, with the place
// list's colour rules all one rule, or light and dark with no part of the
// graph on both; the board's squares fit Options.MaxMemory at 256 bytes a
// square (checked first); and every part is nested or has a frontier of
// at most MaxFrontier (22) segments whose two layers of states fit
// Options.MaxMemory. Walls and holes are taken. With classes, the place
// list must have one colour rule, and the frontier of every symmetry's
// orbit graph must keep to the same bounds: the mirror in the files opens
// about n orbits of segments on an odd n x n board (not bipartite there),
// so under the default memory bound the classes of bishops are counted on
// every even board to 30x30 and beyond, on odd boards to about 19x19, and
// past it the search is asked.
//
// A count that does not fit 64 bits (Result.Count) is refused with an
// error wrapping model.ErrUnsupported that gives it in full (from 16
// bishops on 16x16); the counts of every number of pieces are in the
// stats of any count that fits. The count is one task: under a shard
// (Options.Shard) the first part counts it and the others count none.
package lines
