package tour_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestBadTourInput: bad tour models are errors naming file, line and
// column, caught by the parser before any search.
func TestBadTourInput(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
	}{
		{"start on a wall", "board: {size: 5, walls: [c3]}\ntour: {piece: knight, start: c3}\n", "tour.yaml:2:"},
		{"start off the board", "board: 5\ntour: {piece: knight, start: h8}\n", "tour.yaml:2:"},
		{"0x0 board", "board: 0\ntour: {piece: knight}\n", "tour.yaml:1:"},
		{"no open square", "board: {size: 1, walls: [a1]}\ntour: {piece: knight}\n", "tour.yaml:2:"},
		{"unknown piece", "board: 5\ntour: {piece: dragon}\n", "tour.yaml:2:"},
		{"unknown key", "board: 5\ntour: {piece: knight, closd: true}\n", "tour.yaml:2:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := model.Parse([]byte(c.text), "tour.yaml")
			var me *model.Error
			if !errors.As(err, &me) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want a model error at %s", err, c.want)
			}
		})
	}
}
