package ilp

import (
	"strconv"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// Names of variables and rows keep to [A-Za-z0-9_] and start with a letter
// other than e or E, so that lp_solve's LP format, CPLEX LP (where a leading
// e can read as an exponent) and MPS all accept them unchanged.

// compass names the eight unit directions; other ride vectors are named by
// their components, "v1_2" for (1,2), "vm1_2" for (-1,2).
var compass = map[model.Vector]string{
	{File: 0, Rank: 1}: "n", {File: 1, Rank: 1}: "ne", {File: 1, Rank: 0}: "e", {File: 1, Rank: -1}: "se",
	{File: 0, Rank: -1}: "s", {File: -1, Rank: -1}: "sw", {File: -1, Rank: 0}: "w", {File: -1, Rank: 1}: "nw",
}

// compassOrder is the order of the unit directions in programs: ranks,
// files, then diagonals.
var compassOrder = []string{"e", "n", "ne", "nw", "w", "s", "sw", "se"}

// directionLess orders directions: the compass ones in compassOrder, then
// the others by rank and file.
func directionLess(a, b model.Vector) bool {
	rank := func(d model.Vector) int {
		if name, ok := compass[d]; ok {
			for i, c := range compassOrder {
				if c == name {
					return i
				}
			}
		}
		return len(compassOrder)
	}
	if ra, rb := rank(a), rank(b); ra != rb {
		return ra < rb
	}
	if a.Rank != b.Rank {
		return a.Rank > b.Rank
	}
	return a.File > b.File
}

func directionName(d model.Vector) string {
	if name, ok := compass[d]; ok {
		return name
	}
	component := func(x int) string {
		if x < 0 {
			return "m" + strconv.Itoa(-x)
		}
		return strconv.Itoa(x)
	}
	return "v" + component(d.File) + "_" + component(d.Rank)
}

// canonical reports whether d is the representative of the line direction
// {d, -d}: pointing up the board, or right along a rank. Ride sets hold
// both, and a line is the same whichever way it is walked.
func canonical(d model.Vector) bool {
	return d.Rank > 0 || (d.Rank == 0 && d.File > 0)
}

// maxPrefixName bounds the part of a piece's name its variable names
// carry: names must stay short for every file format (CPLEX LP and
// glpsol's MPS take at most 255 characters, lp_solve fails on a long name).
const maxPrefixName = 16

// piecePrefix is the start of a piece's variable names: its symbol in lower
// case (q for queen), except where that would clash with the wall prefix w
// or start with e, or the piece has none: then p and (the start of) its
// name. The compiler makes prefixes unique (placement.collect).
func piecePrefix(pc *model.Piece) string {
	s := strings.ToLower(string(pc.Symbol))
	if pc.Symbol == 0 || s == "w" || s == "e" {
		return "p" + shortName(pc.Name)
	}
	return s
}

// shortName is a piece name sanitized and cut to maxPrefixName characters.
func shortName(name string) string {
	s := sanitize(name)
	if len(s) > maxPrefixName {
		s = s[:maxPrefixName]
	}
	return s
}

// sanitize keeps a piece name within the name alphabet (names may hold -).
func sanitize(name string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' {
			return r
		}
		return '_'
	}, name)
}
