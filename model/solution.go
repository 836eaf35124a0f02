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
}

// A Move slides a piece from one square to another.
type Move struct {
	From Square `json:"from"`
	To   Square `json:"to"`
}

// MarshalText writes the square's algebraic name.
func (s Square) MarshalText() ([]byte, error) { return s.appendName(make([]byte, 0, 8)), nil }

// UnmarshalText reads an algebraic square name.
func (s *Square) UnmarshalText(b []byte) error {
	sq, err := ParseSquare(string(b))
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
// with or without a UTF-8 byte-order mark.
func ReadSolution(r io.Reader, name string) (*Solution, error) {
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
		return nil, jsonError(name, data, err)
	}
	if inner, ok := probe["solution"]; ok {
		data = inner
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var sol Solution
	if err := dec.Decode(&sol); err != nil {
		return nil, jsonError(name, data, err)
	}
	return &sol, nil
}

// jsonError places a JSON decoding error at its line and column.
func jsonError(name string, data []byte, err error) error {
	offset := -1
	switch e := err.(type) {
	case *json.SyntaxError:
		offset = int(e.Offset)
	case *json.UnmarshalTypeError:
		offset = int(e.Offset)
	}
	line, col := 1, 1
	if offset >= 0 {
		for _, c := range data[:min(offset, len(data))] {
			if c == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
	}
	return &Error{File: name, Line: line, Column: col, Msg: "solution JSON: " + err.Error()}
}
