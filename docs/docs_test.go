package docs

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"github.com/chessmodel/chessmodel/model"
)

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	s, err := c.Compile("model.schema.json")
	if err != nil {
		t.Fatalf("the schema does not compile: %v", err)
	}
	return s
}

// asJSON reads a YAML model as the JSON value the schema judges.
func asJSON(t *testing.T, text []byte) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(text, &v); err != nil {
		t.Fatalf("not YAML: %v", err)
	}
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("YAML without a JSON form: %v", err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestSchemaAcceptsEveryModel: every model file in testdata, and every
// model shown in these pages, is accepted by the parser and by the schema.
func TestSchemaAcceptsEveryModel(t *testing.T) {
	schema := compileSchema(t)
	var files []string
	err := filepath.WalkDir("../testdata", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) < 20 {
		t.Fatalf("%d model files found: %v", len(files), err)
	}
	for _, path := range files {
		t.Run(path, func(t *testing.T) {
			text, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := model.Parse(text, path); err != nil {
				t.Skipf("not a valid model (a test of bad input): %v", err)
			}
			if err := schema.Validate(asJSON(t, text)); err != nil {
				t.Errorf("the parser accepts it, the schema does not:\n%v", err)
			}
		})
	}
	pages, _ := filepath.Glob("*.md")
	yamlBlock := regexp.MustCompile("(?s)```yaml\n(.*?)```")
	shown := 0
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for i, block := range yamlBlock.FindAllSubmatch(text, -1) {
			shown++
			t.Run(page+"/"+string(rune('a'+i)), func(t *testing.T) {
				if _, err := model.Parse(block[1], page); err != nil {
					t.Fatalf("a model shown in %s does not parse: %v\n%s", page, err, block[1])
				}
				if err := schema.Validate(asJSON(t, block[1])); err != nil {
					t.Errorf("a model shown in %s: the schema rejects it:\n%v", page, err)
				}
			})
		}
	}
	if shown < 3 {
		t.Errorf("%d models shown in the pages, want one at least per kind", shown)
	}
}

// TestSchemaRejects: models the parser rejects for their shape are rejected
// by the schema too (the parser also checks what no schema can: squares on
// the board, pieces defined, counts that fit).
func TestSchemaRejects(t *testing.T) {
	schema := compileSchema(t)
	for _, tc := range []struct{ name, text string }{
		{"unknown key", "board: 8\nplace: [8 queen]\nrulez: [independent]\n"},
		{"no kind", "board: 8\n"},
		{"two kinds", "board: 8\nplace: [8 queen]\ntour: {piece: knight}\n"},
		{"no board", "place: [8 queen]\n"},
		{"bad size", "board: 0\nplace: [8 queen]\n"},
		{"bad count", "board: 8\nplace: [eight queen]\n"},
		{"bad colour", "board: 8\nplace: [1 bishop on grey]\n"},
		{"bad rule", "board: 8\nplace: [8 queen]\nrules: [independant]\n"},
		{"bad objective", "board: 8\nplace: [8 queen]\nobjective: maximize queens\n"},
		{"bad square", "board: {size: 8, walls: [e0]}\nplace: [max queen]\n"},
		{"rules on a tour", "board: 8\ntour: {piece: knight}\nrules: [independent]\n"},
		{"slide without to", "board: 8\nslide: {piece: rook, from: [a1]}\n"},
		{"slide groups and piece", "board: 8\nslide: {piece: rook, pieces: [{piece: rook, from: [a1], to: [a2]}]}\n"},
		{"slide group move", "board: 8\nslide: {pieces: [{piece: rook, move: jump, from: [a1], to: [a2]}]}\n"},
		{"size and diagram", "board: {size: 8, diagram: \"..\\n..\"}\nplace: [max queen]\n"},
		{"piece without moves", "pieces: {blob: {symbol: B}}\nboard: 8\nplace: [max blob]\n"},
		{"symbol P", "pieces: {pawnish: {leap: [1, 1], symbol: P}}\nboard: 8\nplace: [max pawnish]\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := model.Parse([]byte(tc.text), "bad.yaml"); err == nil {
				t.Fatalf("the parser accepts it: not a bad model")
			}
			if err := schema.Validate(asJSON(t, []byte(tc.text))); err == nil {
				t.Errorf("the schema accepts a model the parser rejects:\n%s", tc.text)
			}
		})
	}
}
