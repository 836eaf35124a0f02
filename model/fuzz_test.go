package model_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// FuzzParse feeds arbitrary text to the parser: it must answer with a model
// or an *Error, never panic, and a model it accepts must be usable.
// Seed corpus: every model in testdata/models and testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("../testdata/models/*.yaml")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := model.Parse(data, "fuzz.yaml")
		if err != nil {
			if _, ok := err.(*model.Error); !ok {
				t.Fatalf("error %v is %T, not *model.Error", err, err)
			}
			return
		}
		if m.Board.Size() > 1<<16 {
			return // valid, but too large to scan quickly
		}
		_ = m.Diagram(nil)
		_ = m.Summarize()
		if len(m.Symmetries()) == 0 {
			t.Fatal("empty symmetry group")
		}
		model.Check(m, &model.Solution{})
	})
}
