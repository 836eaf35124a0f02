package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// squareKeys are the JSON keys of Solution, Placed and Move whose values
// are squares (or lists of squares); TestSquareKeys keeps them in step
// with the types.
var squareKeys = map[string]bool{"square": true, "walls": true, "squares": true, "from": true, "to": true}

// A jsonScan walks a solution's JSON, token by token, for what
// encoding/json accepts or places nowhere: a key given twice in one object
// (the decoder keeps the last), and a square that is not exactly a square's
// name, as "b1 " (the decoder's error has no position). It keeps the offset
// of each top-level key's value.
type jsonScan struct {
	name string
	data []byte
	dec  *json.Decoder
	top  map[string]int64
}

// scanSolutionJSON scans a document that json.Unmarshal has accepted as an
// object: a bare solution, or a result whose "solution" holds one.
func scanSolutionJSON(name string, data []byte, result bool) (map[string]int64, error) {
	s := &jsonScan{name: name, data: data, dec: json.NewDecoder(bytes.NewReader(data)), top: map[string]int64{}}
	if err := s.value(0, "", !result); err != nil {
		return nil, err
	}
	return s.top, nil
}

// start is the offset of the next token: the decoder's offset is the end
// of the last one, before the separators.
func (s *jsonScan) start() int64 {
	at := s.dec.InputOffset()
	for at < int64(len(s.data)) && strings.IndexByte(" \t\r\n:,", s.data[at]) >= 0 {
		at++
	}
	return at
}

// value scans one value at the given depth, under key; squares says
// whether it is inside the solution, where square keys hold squares.
func (s *jsonScan) value(depth int, key string, squares bool) error {
	at := s.start()
	tok, err := s.dec.Token()
	if err != nil {
		return s.errorAt(at, err.Error())
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return s.object(depth, squares)
		}
		return s.array(depth, key, squares)
	case string:
		if squares && squareKeys[key] {
			if _, err := parseExactSquare(t); err != nil {
				return s.errorAt(at, err.Error())
			}
		}
	}
	return nil
}

// object scans the members of an object whose '{' was read, and its '}'.
func (s *jsonScan) object(depth int, squares bool) error {
	seen := map[string]int64{}
	for s.dec.More() {
		at := s.start()
		tok, err := s.dec.Token()
		if err != nil {
			return s.errorAt(at, err.Error())
		}
		key, _ := tok.(string)
		if first, ok := seen[key]; ok {
			line, col := offsetPosition(s.data, first)
			return s.errorAt(at, fmt.Sprintf("key %q given twice in one object (first at %d:%d)", key, line, col))
		}
		seen[key] = at
		if depth == 0 {
			s.top[key] = s.start()
		}
		inner := squares || (depth == 0 && key == "solution")
		if err := s.value(depth+1, key, inner); err != nil {
			return err
		}
	}
	_, err := s.dec.Token()
	return err
}

// array scans the elements of an array whose '[' was read, and its ']':
// each is under the array's key, as the squares of "walls".
func (s *jsonScan) array(depth int, key string, squares bool) error {
	for s.dec.More() {
		if err := s.value(depth+1, key, squares); err != nil {
			return err
		}
	}
	_, err := s.dec.Token()
	return err
}

func (s *jsonScan) errorAt(offset int64, msg string) error {
	if msg == io.EOF.Error() {
		msg = "unexpected end of JSON"
	}
	line, col := offsetPosition(s.data, offset)
	return &Error{File: s.name, Line: line, Column: col, Msg: "solution JSON: " + msg}
}

// offsetPosition is the line and column of a byte offset in data, from 1.
func offsetPosition(data []byte, offset int64) (line, col int) {
	line, col = 1, 1
	for _, c := range data[:min(max(offset, 0), int64(len(data)))] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
