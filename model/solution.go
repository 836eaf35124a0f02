package model

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// A Solution is a claimed answer to a model: a placement (Pieces and the
// free Walls it adds), a tour (Squares) or a slide (Moves). Fixed walls and
// fixed pieces belong to the model and are not repeated here.
type Solution struct {
	Pieces  []Placed `json:"pieces,omitempty"`
	Walls   []Square `json:"walls,omitempty"`
	Squares []Square `json:"squares,omitempty"`
	Moves   []Move   `json:"moves,omitempty"`
	// End is how a game's move list ends (game.go): "<side> wins", "draw",
	// or "" while it goes on.
	End string `json:"end,omitempty"`
}

// A Move slides a piece from one square to another.
type Move struct {
	From Square `json:"from"`
	To   Square `json:"to"`
}

// MarshalText writes the square's algebraic name.
func (s Square) MarshalText() ([]byte, error) { return s.appendName(make([]byte, 0, 8)), nil }

// UnmarshalText reads an algebraic square name, exactly: in JSON "b1 " is
// no square.
func (s *Square) UnmarshalText(b []byte) error {
	sq, err := parseExactSquare(string(b))
	if err != nil {
		return err
	}
	*s = sq
	return nil
}

// Normalize sorts pieces and walls into a canonical order (by square, then
// piece name) so that equal placements compare and print equal.
func (s *Solution) Normalize() {
	slices.SortFunc(s.Pieces, func(a, b Placed) int {
		return cmp.Or(compareSquares(a.Square, b.Square), strings.Compare(a.Piece, b.Piece), strings.Compare(a.Group, b.Group))
	})
	SortSquares(s.Walls)
}

// Key is a string that identifies a normalised placement; equal placements
// have equal keys.
func (s Solution) Key() string {
	var b bytes.Buffer
	for _, p := range s.Pieces {
		if p.Group != "" {
			fmt.Fprintf(&b, "%s/%s@%v ", p.Piece, p.Group, p.Square)
			continue
		}
		fmt.Fprintf(&b, "%s@%v ", p.Piece, p.Square)
	}
	b.WriteString("|")
	for _, w := range s.Walls {
		fmt.Fprintf(&b, " %v", w)
	}
	return b.String()
}

// MaxSolutionBytes bounds the solutions ReadSolution reads: the JSON of the
// largest solution the backends build (about 1.7 million queens) fits.
const MaxSolutionBytes = 64 << 20

// ReadSolution reads a solution as JSON: either the solution object itself
// or a whole result with a "solution" field, of at most MaxSolutionBytes,
// with or without a UTF-8 byte-order mark. A key given twice in one object,
// or a square with spaces around its name, is refused at its position.
func ReadSolution(r io.Reader, name string) (*Solution, error) {
	c, err := ReadClaim(r, name)
	if err != nil {
		return nil, err
	}
	return c.Solution, nil
}

// ReadClaim reads a solution as ReadSolution does, with what a whole result
// claims of it (claim.go).
func ReadClaim(r io.Reader, name string) (*Claim, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSolutionBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > MaxSolutionBytes {
		return nil, &Error{File: name, Line: 1, Column: 1, Msg: fmt.Sprintf("more than the %d bytes a solution may have", MaxSolutionBytes)}
	}
	data = trimBOM(data) // as models: editors on some systems save one
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, jsonError(name, data, 0, err)
	}
	inner, result := probe["solution"]
	top, err := scanSolutionJSON(name, data, result)
	if err != nil {
		return nil, err
	}
	base := int64(0)
	if result {
		base = top["solution"]
	} else {
		inner = data
	}
	dec := json.NewDecoder(bytes.NewReader(inner))
	dec.DisallowUnknownFields()
	c := &Claim{Solution: &Solution{}, file: name, data: data, at: top}
	if err := dec.Decode(c.Solution); err != nil {
		return nil, jsonError(name, data, base, err)
	}
	if result {
		return c, c.readFields(probe)
	}
	return c, nil
}

// jsonError places a JSON decoding error at its line and column, of a
// value that begins at base in data.
func jsonError(name string, data []byte, base int64, err error) error {
	offset := -1
	switch e := err.(type) {
	case *json.SyntaxError:
		offset = int(e.Offset)
	case *json.UnmarshalTypeError:
		offset = int(e.Offset)
	}
	line, col := 1, 1
	if offset >= 0 {
		line, col = offsetPosition(data, base+int64(offset))
	}
	return &Error{File: name, Line: line, Column: col, Msg: "solution JSON: " + err.Error()}
}
