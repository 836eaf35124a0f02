package model_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestReadSolutionBOM: a solution file saved with a UTF-8 byte-order mark
// reads as the same solution without one, as a model file does (issue 22
// item 14: it was refused with "invalid character 'ï'"); errors after it
// keep their columns.
func TestReadSolutionBOM(t *testing.T) {
	const bom = "\xef\xbb\xbf"
	for _, text := range []string{
		`{"pieces": [{"piece": "queen", "square": "a1"}], "walls": ["c3"]}`,
		`{"model": "m", "solution": {"pieces": [{"piece": "queen", "square": "a1"}], "walls": ["c3"]}}`,
	} {
		plain, err := model.ReadSolution(strings.NewReader(text), "s.json")
		if err != nil {
			t.Fatal(err)
		}
		marked, err := model.ReadSolution(strings.NewReader(bom+text), "s.json")
		if err != nil || !reflect.DeepEqual(marked, plain) {
			t.Errorf("with a BOM: %+v, %v; without: %+v", marked, err, plain)
		}
	}
	_, err := model.ReadSolution(strings.NewReader(bom+`{"pieces": 7}`), "s.json")
	if err == nil || !strings.HasPrefix(err.Error(), "s.json:1:13: solution JSON: ") {
		t.Errorf("a bad solution after a BOM: %v", err)
	}
	// A BOM is only a BOM at the start.
	if _, err := model.ReadSolution(strings.NewReader(`{"pieces": []}`+bom), "s.json"); err == nil {
		t.Error("a BOM after the JSON was accepted")
	}
}
