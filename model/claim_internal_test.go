package model

import (
	"reflect"
	"strings"
	"testing"
)

// TestSquareKeys: the keys the JSON scan checks as squares are exactly the
// fields of a solution whose type is a square or a list of squares.
func TestSquareKeys(t *testing.T) {
	found := map[string]bool{}
	squareType, listType := reflect.TypeFor[Square](), reflect.TypeFor[[]Square]()
	for _, typ := range []reflect.Type{reflect.TypeFor[Solution](), reflect.TypeFor[Placed](), reflect.TypeFor[Move]()} {
		for f := range typ.Fields() {
			if f.Type == squareType || f.Type == listType {
				name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				found[name] = true
			}
		}
	}
	if !reflect.DeepEqual(found, squareKeys) {
		t.Errorf("square fields %v, the scan checks %v", found, squareKeys)
	}
}
