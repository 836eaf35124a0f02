package model

import "fmt"

// An Error is bad input located in a file: what was found at file:line:column
// and what was expected instead.
type Error struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}
