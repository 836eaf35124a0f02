package model

import (
	"fmt"
	"strconv"
	"strings"
)

// A Square is a cell of a board: File counts columns from the left (a = 0) and
// Rank counts rows from the bottom (1 = 0). a1 is the bottom-left square.
type Square struct {
	File, Rank int
}

// Dark reports whether the square is dark; a1 is dark.
func (s Square) Dark() bool { return (s.File+s.Rank)%2 == 0 }

// Add returns the square displaced by v.
func (s Square) Add(v Vector) Square { return Square{s.File + v.File, s.Rank + v.Rank} }

// String gives the algebraic name: files a..z, then aa, ab, ... as
// spreadsheet columns; ranks from 1.
func (s Square) String() string {
	var b [24]byte
	return string(s.appendName(b[:0]))
}

// AppendText appends the square's algebraic name to b (encoding.TextAppender):
// a long tour is written square by square without a string for each.
func (s Square) AppendText(b []byte) ([]byte, error) { return s.appendName(b), nil }

// appendName appends the algebraic name to b.
func (s Square) appendName(b []byte) []byte {
	return strconv.AppendInt(appendFile(b, s.File), int64(s.Rank)+1, 10)
}

// Less orders squares rank first, then file; it is the order in which
// placements are listed and compared.
func (s Square) Less(t Square) bool {
	if s.Rank != t.Rank {
		return s.Rank < t.Rank
	}
	return s.File < t.File
}

// FileName gives the letters of a 0-based file index (0 = a, 25 = z, 26 = aa).
func FileName(file int) string {
	var b [16]byte
	return string(appendFile(b[:0], file))
}

// appendFile appends the letters of a file index to b.
func appendFile(b []byte, file int) []byte {
	from := len(b)
	for n := file + 1; n > 0; n = (n - 1) / 26 {
		b = append(b, byte('a'+(n-1)%26))
	}
	for i, j := from, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// maxCoordinate bounds files and ranks so that square arithmetic never
// overflows; it is far beyond any board a solver accepts.
const maxCoordinate = 1 << 40

// ParseSquare reads an algebraic square name such as "e4" or "ab12". It does
// not know the board; Board.Contains tells whether the square is on it.
func ParseSquare(name string) (Square, error) {
	s := strings.TrimSpace(name)
	i := 0
	file := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		file = file*26 + int(s[i]-'a'+1)
		if file > maxCoordinate {
			return Square{}, fmt.Errorf("square %q: file too large", name)
		}
		i++
	}
	if i == 0 || i == len(s) {
		return Square{}, fmt.Errorf("square %q: expected letters for the file then a rank number, like e4", name)
	}
	rank, err := strconv.Atoi(s[i:])
	if err != nil || rank < 1 || rank > maxCoordinate || s[i] == '+' || s[i] == '0' {
		return Square{}, fmt.Errorf("square %q: expected a rank number from 1 after the file letters, like e4", name)
	}
	return Square{File: file - 1, Rank: rank - 1}, nil
}

// parseExactSquare reads a square's name with nothing around it, as
// machine-written JSON has it: " b1" is refused, where a model's text
// allows the spaces.
func parseExactSquare(name string) (Square, error) {
	if strings.TrimSpace(name) != name {
		return Square{}, fmt.Errorf("square %q: spaces around the name; write %q", name, strings.TrimSpace(name))
	}
	return ParseSquare(name)
}

// A Vector is a displacement in files and ranks.
type Vector struct {
	File, Rank int
}

// images returns the distinct images of v under the eight symmetries of the
// square: (1,2) gives the eight knight moves.
func (v Vector) images() []Vector {
	var out []Vector
	seen := map[Vector]bool{}
	for _, w := range []Vector{
		{v.File, v.Rank}, {-v.File, v.Rank}, {v.File, -v.Rank}, {-v.File, -v.Rank},
		{v.Rank, v.File}, {-v.Rank, v.File}, {v.Rank, -v.File}, {-v.Rank, -v.File},
	} {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}
