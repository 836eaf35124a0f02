package exact

import (
	"context"
	"errors"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// A part of a search that does not split is refused, never answered as the
// whole (a cover count by the general search, a tour); the n-queens
// counter's parts are answered.
func TestPartsRefusedWhereUnsplit(t *testing.T) {
	part := model.Options{Task: model.TaskCount, Shard: model.Shard{Index: 1, Of: 3}}
	for _, tc := range []struct {
		name, yaml string
		split      bool
	}{
		{"queens", "board: 8\nplace: [8 queen]\nrules: [independent]\n", true},
		{"cover", "board: 4\nplace: [3 queen]\nrules: [cover dominated]\n", false},
		{"tour", "board: 5\ntour: {piece: knight, start: a1}\n", false},
	} {
		m, err := model.Parse([]byte(tc.yaml), tc.name)
		if err != nil {
			t.Fatal(err)
		}
		_, err = New().Solve(context.Background(), m, part)
		if tc.split != (err == nil) || !tc.split && !errors.Is(err, model.ErrUnsupported) {
			t.Errorf("%s: part 1/3: %v", tc.name, err)
		}
	}
}
